import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Trade } from '../../functions/_lib/contract/index.ts';
import { type ClosedTrade, matchRoundTrips } from '../../functions/_lib/trades/round-trips.ts';
import { openTradeIds } from '../../functions/_lib/trades/stored-trades.ts';
import { ClosedTrades, OpenPositions } from './ClosedTrades.tsx';
import { executionsCsv, tripsCsv } from './closed-trades-view.ts';
import { DayNotes } from './DayNotes.tsx';
import { ImportTrades } from './import/ImportTrades.tsx';
import { OpenedBefore } from './OpenedBefore.tsx';
import { TagManager } from './TagManager.tsx';
import { TradeFormModal } from './TradeFormModal.tsx';
import { TradeStatsPanel } from './TradeStats.tsx';
import { TripFiltersBar } from './TripFiltersBar.tsx';
import {
  exactMoney,
  filterTrades,
  formatAmount,
  formatMarketTime,
  formatMoney,
  marketWallTime,
  NO_FILTERS,
  type SortDirection,
  type SortKey,
  sortTrades,
  type TradeFilters,
  tradesToExecutions,
} from './trade-view.ts';
import { tradesQuery } from './trades-data.ts';
import { deleteTrade, tradesChanged } from './trades-writes.ts';
import { filtersToSearch, filterTrips, searchToFilters, type TripFilters } from './trip-filters.ts';
import { type TripTags, tripTagsQuery } from './trip-tags-data.ts';
import { useVirtualRows } from './virtual-rows.ts';
import './trades.css';

/** Beyond this many rows the table body renders only what is on screen. */
const VIRTUAL_FROM = 200;
/** Filter sets whose trips are kept (as the statistics of theirs are): a member flicks between a few. */
const KEPT_FILTER_SETS = 8;
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

/** Today's date in market time, for the period filters. */
const marketToday = () => marketWallTime(Date.now()).slice(0, 10);

/**
 * docs/product.md §2 Trade history, for members: filters (in the URL) that drive the statistics and the closed
 * trades table, the open positions, Add/Import Trades, and the executions one click away.
 */
export function TradesPage() {
  const trades = useInfiniteQuery(tradesQuery());
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = trades;
  // Statistics need every trade: the remaining pages are asked for in turn.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const all = useMemo(() => trades.data?.pages.flatMap((p) => p.trades) ?? [], [trades.data]);
  const total = trades.data?.pages[0]?.total ?? 0;
  // Matched once every trade has arrived (a partial history gives wrong round trips), not per page.
  const complete = !trades.isPending && all.length >= total;
  const matched = useMemo(
    () => (complete ? matchRoundTrips(tradesToExecutions(all), { withFills: true }) : null),
    [all, complete],
  );
  const byId = useMemo(() => new Map(all.map((trade) => [trade.trade_id, trade])), [all]);
  const tags = useQuery(tripTagsQuery()).data ?? NO_TAGS;
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const filters = useMemo(() => searchToFilters(search), [search]);
  const navigate = useNavigate();
  const setFilters = (next: TripFilters, replace = false) =>
    void navigate({ to: '/trades', search: filtersToSearch(next) as never, replace });
  const filterKey = JSON.stringify(filters);
  // The trips of the last few filter sets, kept while the trades and tags stay the same: going back
  // to a set (every trade, most often) hands the table and the statistics the very array they
  // sorted and summed before, so neither works again.
  const kept = useRef<{ matched: unknown; tags: unknown; trips: Map<string, ClosedTrade[]> } | null>(null);
  const visible = useMemo(() => {
    if (!matched) return null;
    if (kept.current?.matched !== matched || kept.current.tags !== tags)
      kept.current = { matched, tags, trips: new Map() };
    const today = marketToday();
    const key = `${today} ${filterKey}`;
    const hit = kept.current.trips.get(key);
    if (hit) return hit;
    const trips = filterTrips(matched.closed_trades, filters, (id) => tags.trips[id]?.tags ?? [], today);
    if (kept.current.trips.size >= KEPT_FILTER_SETS)
      kept.current.trips.delete(kept.current.trips.keys().next().value ?? '');
    kept.current.trips.set(key, trips);
    return trips;
  }, [matched, filters, filterKey, tags]);
  // The reports file trades under tag names.
  const notes = useMemo(() => {
    const names = new Map(tags.tags.map((tag) => [tag.id, tag.name]));
    return new Map(
      Object.entries(tags.trips).map(([id, note]) => [
        id,
        { tags: note.tags.map((tag) => names.get(tag) ?? tag), risk: note.risk },
      ]),
    );
  }, [tags]);
  const symbols = useMemo(() => [...new Set(all.map((t) => t.symbol))].sort(), [all]);
  const currencies = useMemo(() => [...new Set(all.map((t) => t.currency ?? 'USD'))].sort(), [all]);
  // One day picked (a calendar day, or today): that day's journal notes sit beside its trades.
  const oneDay =
    filters.period === 'today'
      ? marketToday()
      : filters.period === 'custom' && filters.from !== '' && filters.from === filters.to
        ? filters.from
        : null;
  const [view, setView] = useState<'trips' | 'executions'>('trips');
  const [editing, setEditing] = useState<Trade | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Trade | null>(null);

  return (
    <section className="member-page trades" aria-labelledby="page-title">
      <h1 id="page-title">Trade History</h1>
      <TripFiltersBar
        filters={filters}
        onChange={setFilters}
        tags={tags.tags}
        symbols={symbols}
        currencies={currencies}
      />
      <TradeStatsPanel
        closed={visible}
        open={matched?.open_positions ?? []}
        notes={notes}
        loaded={all.length}
        total={total}
        onPickDay={(day) => setFilters({ ...filters, period: 'custom', from: day, to: day })}
      />
      {oneDay && <DayNotes day={oneDay} />}
      <section className="trade-history" aria-labelledby="trade-history-title">
        <div className="trade-history__head">
          <h2 id="trade-history-title">Trades</h2>
          <div className="trade-history__actions">
            <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
              Add Trade
            </button>
            <ImportTrades />
          </div>
        </div>
        <fieldset className="trade-views">
          <legend className="visually-hidden">Show</legend>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-pressed={view === 'trips'}
            onClick={() => setView('trips')}
          >
            Closed trades
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-pressed={view === 'executions'}
            onClick={() => setView('executions')}
          >
            Executions
          </button>
          {visible && visible.length > 0 && (
            <>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => download('closed-trades.csv', tripsCsv(visible, noteReader(tags), tags.tags))}
              >
                Export closed trades (CSV)
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => download('executions.csv', executionsCsv(visible, byId, marketWallTime))}
              >
                Export executions (CSV)
              </button>
            </>
          )}
        </fieldset>
        {view === 'trips' && (
          <TagManager
            tags={tags}
            onChanged={(from, to) => {
              if (filters.tag === from) setFilters({ ...filters, tag: to }, true);
            }}
          />
        )}
        {trades.isPending ? (
          <p className="muted">Loading trades…</p>
        ) : view === 'executions' ? (
          <TradeTable trades={all} onEdit={setEditing} onDelete={setDeleting} />
        ) : !visible ? (
          <p className="muted">Loading trades…</p>
        ) : all.length === 0 ? (
          <p className="muted">No trades yet: add your first trade.</p>
        ) : (
          <>
            <ClosedTrades trips={visible} trades={byId} tags={tags} />
            {matched && matched.open_positions.length > 0 && (
              <>
                <h3 className="open-positions__title">Open positions</h3>
                <OpenPositions positions={matched.open_positions} />
              </>
            )}
            {matched && <OpenedBefore closes={matched.opened_before} trades={byId} />}
          </>
        )}
      </section>
      {editing && (
        <TradeFormModal
          key={editing === 'new' ? 'new' : editing.trade_id}
          trade={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && <DeleteTradeModal trade={deleting} onClose={() => setDeleting(null)} />}
    </section>
  );
}

const NO_TAGS: TripTags = { tags: [], trips: {} };

const noteReader = (tags: TripTags) => ({
  tagsOf: (id: string) => tags.trips[id]?.tags ?? [],
  riskOf: (id: string) => tags.trips[id]?.risk ?? null,
});

/** Saves text as a file: exports are made in the browser from what is on the page. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function TradeTable({
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
                <TradeRow key={trade.trade_id} trade={trade} onEdit={onEdit} onDelete={onDelete} />
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

function TradeRow({
  trade,
  onEdit,
  onDelete,
}: {
  trade: Trade;
  onEdit: (trade: Trade) => void;
  onDelete: (trade: Trade) => void;
}) {
  const result = trade.sellProfit === '+' ? '+' : trade.sellProfit === '-' ? '−' : '';
  return (
    <tr>
      <th scope="row">
        <Link to="/journal" search={{ symbol: trade.symbol }}>
          {trade.symbol}
        </Link>
      </th>
      <td>{trade.tradeType === 'buy' ? 'Buy' : 'Sell'}</td>
      <td className="num">{formatAmount(trade.shares)}</td>
      <td className="num">{trade.buyPrice ?? ''}</td>
      <td className="num">{trade.sellPrice ?? ''}</td>
      <td className={trade.sellProfit === '-' ? 'is-loss' : 'is-win'}>{result}</td>
      <td className="num" title={exactMoney(trade.fees, trade.currency ?? 'USD')}>
        {formatMoney(trade.fees, trade.currency ?? 'USD', { sign: false })}
      </td>
      <td>
        <time dateTime={new Date(trade.time).toISOString()}>{formatMarketTime(trade.time)}</time>
      </td>
      <td className="trade-note">{trade.note}</td>
      <td>{trade.source}</td>
      <td className="trade-actions">
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onEdit(trade)}>
          Edit<span className="visually-hidden"> {trade.symbol} trade</span>
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onDelete(trade)}>
          Delete<span className="visually-hidden"> {trade.symbol} trade</span>
        </button>
      </td>
    </tr>
  );
}

function DeleteTradeModal({ trade, onClose }: { trade: Trade; onClose: () => void }) {
  const client = useQueryClient();
  const dialog = useRef<HTMLDialogElement>(null);
  const remove = useMutation({
    mutationFn: deleteTrade,
    onSuccess: async () => {
      await tradesChanged(client);
      dialog.current?.close();
    },
  });
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="modal" aria-labelledby="delete-trade-title" onClose={onClose}>
      <h2 id="delete-trade-title">Delete Trade</h2>
      <p>
        Delete the {trade.tradeType} of <strong>{formatAmount(trade.shares)}</strong> {trade.symbol}? This
        cannot be undone.
      </p>
      {remove.isError && (
        <p className="form-error" role="alert">
          The trade could not be deleted. Please try again.
        </p>
      )}
      <div className="modal__actions">
        <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={remove.isPending}
          onClick={() => remove.mutate(trade.trade_id)}
        >
          Delete
        </button>
      </div>
    </dialog>
  );
}
