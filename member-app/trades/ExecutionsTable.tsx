import { useMemo, useState } from 'react';
import type { Trade } from '../../functions/_lib/contract/index.ts';
import { openTradeIds } from '../../functions/_lib/trades/stored-trades.ts';
import { ExecutionRow } from './ExecutionRow.tsx';
import { type SortDirection, type SortKey, sortTrades } from './trade-sort.ts';
import { filterTrades, NO_FILTERS, type TradeFilters } from './trip-filters.ts';
import { useVirtualRows } from './virtual-rows.ts';

/** Beyond this many rows the table body renders only what is on screen. */
const VIRTUAL_FROM = 200;
const ROW_HEIGHT = 41;

const COLUMNS: [SortKey, string][] = [
  ['symbol', 'Symbol'],
  ['tradeType', 'Side'],
  ['shares', 'Shares'],
  ['buyPrice', 'Buy price'],
  ['sellPrice', 'Sell price'],
  ['sellProfit', 'Result'],
  ['fees', 'Fees'],
  ['time', 'Time'],
  ['note', 'Note'],
  ['source', 'Source'],
];

const SIDES: ReadonlyArray<[TradeFilters['side'], string]> = [
  ['', 'All'],
  ['buy', 'Buy'],
  ['sell', 'Sell'],
];
const RESULTS: ReadonlyArray<[TradeFilters['result'], string]> = [
  ['', 'All'],
  ['+', 'Profit (+)'],
  ['-', 'Loss (−)'],
];
const POSITIONS: ReadonlyArray<[TradeFilters['position'], string]> = [
  ['', 'All'],
  ['open', 'Open'],
  ['closed', 'Closed'],
];

/** Every execution, with its own filters (trip-filters.ts TradeFilters) and sorting; edit and delete per row. */
export function ExecutionsTable({
  trades,
  onEdit,
  onDelete,
}: {
  trades: readonly Trade[];
  onEdit: (trade: Trade) => void;
  onDelete: (trade: Trade) => void;
}) {
  const [filters, setFilters] = useState<TradeFilters>(NO_FILTERS);
  const [sort, setSort] = useState<{ key: SortKey; direction: SortDirection }>({
    key: 'time',
    direction: 'descending',
  });
  // Which trades are in positions still open needs every trade; worked out once per list.
  const open = useMemo(
    () => (filters.position ? openTradeIds(trades) : undefined),
    [trades, filters.position],
  );
  const rows = useMemo(
    () => sortTrades(filterTrades(trades, filters, open), sort.key, sort.direction),
    [trades, filters, sort, open],
  );
  const { scroller, virtual, shown, before, after } = useVirtualRows(rows, {
    from: VIRTUAL_FROM,
    rowHeight: ROW_HEIGHT,
  });
  const set = <K extends keyof TradeFilters>(key: K, value: TradeFilters[K]) =>
    setFilters((f) => ({ ...f, [key]: value }));
  const toggle = (key: SortKey) =>
    setSort((s) => ({
      key,
      direction: s.key === key && s.direction === 'ascending' ? 'descending' : 'ascending',
    }));

  return (
    <>
      <form className="trade-filters" aria-label="Filter trades" onSubmit={(e) => e.preventDefault()}>
        <label>
          Symbol
          <input value={filters.symbol} onChange={(e) => set('symbol', e.target.value)} />
        </label>
        <label>
          From
          <input type="date" value={filters.from} onChange={(e) => set('from', e.target.value)} />
        </label>
        <label>
          To
          <input type="date" value={filters.to} onChange={(e) => set('to', e.target.value)} />
        </label>
        <FilterChoice label="Side" value={filters.side} onChange={(v) => set('side', v)} options={SIDES} />
        <FilterChoice
          label="Result"
          value={filters.result}
          onChange={(v) => set('result', v)}
          options={RESULTS}
        />
        <FilterChoice
          label="Position"
          value={filters.position}
          onChange={(v) => set('position', v)}
          options={POSITIONS}
        />
      </form>
      {rows.length === 0 ? (
        <p className="muted">
          {trades.length === 0 ? 'No trades yet: add your first trade.' : 'No trades match.'}
        </p>
      ) : (
        <div ref={scroller} className={`trade-table-wrap${virtual ? ' is-virtual' : ''}`}>
          <table className="trade-table" aria-labelledby="trade-history-title">
            <thead>
              <tr>
                {COLUMNS.map(([key, label]) => (
                  <th key={key} scope="col" aria-sort={sort.key === key ? sort.direction : 'none'}>
                    <button type="button" onClick={() => toggle(key)}>
                      {label}
                    </button>
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {before > 0 && (
                <tr className="spacer-row" style={{ height: before }}>
                  <td colSpan={COLUMNS.length + 1} />
                </tr>
              )}
              {shown.map((trade) => (
                <ExecutionRow key={trade.trade_id} trade={trade} onEdit={onEdit} onDelete={onDelete} />
              ))}
              {after > 0 && (
                <tr className="spacer-row" style={{ height: after }}>
                  <td colSpan={COLUMNS.length + 1} />
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** One of the table's choice filters: a labelled select over a fixed list. */
function FilterChoice<V extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: V;
  onChange: (value: V) => void;
  options: ReadonlyArray<[V, string]>;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value as V)}>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
