import type { StatedFigures, StatedPosition, StatedRealized } from '../executions.ts';
import type { Decimal } from '../money.ts';
import { cleanSymbol } from './fields.ts';
import { Columns, filled, isBlank, type Row } from './table.ts';

/**
 * What a thinkorswim Account Statement states about itself (read by statement-checks.ts):
 * - *Equities* (`Symbol,Description,Qty,Trade Price,Mark,Mark Value`; older `Close Price,Close
 *   Value`): the stock positions at the statement's end, `Qty` signed (`+500`, `-100`), then an
 *   `OVERALL TOTALS` line. When the section is there the list is complete: a symbol it leaves out
 *   was flat. Funds are listed apart (*Others*), options in *Options*.
 * - *Profits and Losses* (`Symbol,Description,P/L Open,P/L %,P/L Day,P/L YTD,P/L Diff,Margin Req,
 *   Mark Value`, older `Close Value`): per underlying symbol, stock and options together. `P/L Day`
 *   counts the day's trades and the open positions' change in mark (`P/L Open` equals it for a
 *   position opened that day), so it is the file's realised P&L only for a statement of one day
 *   (`since 6/21/22 through 6/21/22`), a symbol with nothing open at the end (`P/L Open` and `Mark
 *   Value` 0) and no option row in the day's trades. It is read as before fees: real statements seen
 *   carry no fees (paperMoney), so nothing shows it is net.
 *   Without an *Equities* section, a row with `Mark Value` 0 and `P/L Open` 0 still says the symbol
 *   was flat at the end: a stated position of 0.
 */
export function statedFigures(
  rows: readonly Row[],
  account: string,
  trades: { columns: Columns; data: Row[] } | null,
  decimalComma: boolean,
): StatedFigures | undefined {
  const equities = titledBlock(rows, 'Equities', decimalComma);
  const profits = titledBlock(rows, 'Profits and Losses', decimalComma);
  const held = equities ? heldAtEnd(equities, account) : null;
  const positions: StatedPosition[] = held ? [...held.values()] : [];
  const realized: StatedRealized[] = [];
  if (profits) {
    const kinds = tradedKinds(trades);
    const oneDay = isOneDay(rows);
    const { columns, data } = profits;
    const value = columns.pick(['Mark Value', 'Close Value']);
    for (const row of data) {
      const symbol = cleanSymbol(columns.get(row, 'Symbol'));
      if (symbol === '') continue; // OVERALL TOTALS
      const open = columns.number(columns.get(row, 'P/L Open'));
      const mark = value ? columns.number(columns.get(row, value)) : null;
      const stillHeld = held?.get(symbol);
      const flat = isZero(open) && isZero(mark) && (!stillHeld || stillHeld.shares === '0');
      if (!flat) continue;
      const day = columns.number(columns.get(row, 'P/L Day'));
      if (oneDay && day && kinds.stock.has(symbol) && !kinds.other.has(symbol)) {
        realized.push({
          account,
          symbol,
          currency: 'USD',
          amount: day.toFixed(),
          net: false,
          label: 'P/L Day',
          line: row.line,
        });
      }
      if (!equities) positions.push({ account, symbol, currency: 'USD', shares: '0', line: row.line });
    }
  }
  if (!equities && positions.length === 0 && realized.length === 0) return undefined;
  return {
    ...(equities || positions.length > 0 ? { positions } : {}),
    ...(equities ? { positionsComplete: true } : {}),
    ...(realized.length > 0 ? { realized } : {}),
  };
}

const isZero = (value: Decimal | null) => value?.eq(0) === true;

/**
 * A block that starts with its title alone on a line (`Equities`): the next line is its header, it
 * ends at the next blank line.
 */
function titledBlock(
  rows: readonly Row[],
  title: string,
  decimalComma: boolean,
): { columns: Columns; data: Row[] } | null {
  const at = rows.findIndex((row) => row.cells[0] === title && filled(row) === 1);
  const head = rows[at + 1];
  if (at < 0 || !head || isBlank(head)) return null;
  const end = rows.findIndex((row, i) => i > at + 1 && isBlank(row));
  return {
    columns: new Columns(head.cells, decimalComma),
    data: rows.slice(at + 2, end < 0 ? undefined : end),
  };
}

/** The *Equities* rows, by symbol: signed `Qty` as printed. */
function heldAtEnd(
  { columns, data }: { columns: Columns; data: Row[] },
  account: string,
): Map<string, StatedPosition> {
  const held = new Map<string, StatedPosition>();
  for (const row of data) {
    const symbol = cleanSymbol(columns.get(row, 'Symbol'));
    const qty = columns.number(columns.get(row, 'Qty'));
    if (symbol === '' || qty === null) continue; // OVERALL TOTALS
    held.set(symbol, { account, symbol, currency: 'USD', shares: qty.toFixed(), line: row.line });
  }
  return held;
}

/** Symbols with stock rows and symbols with other rows (options on them) in the Account Trade History. */
function tradedKinds(trades: { columns: Columns; data: Row[] } | null): {
  stock: Set<string>;
  other: Set<string>;
} {
  const stock = new Set<string>();
  const other = new Set<string>();
  for (const row of trades?.data ?? []) {
    const symbol = cleanSymbol(trades?.columns.get(row, 'Symbol') ?? '');
    if (symbol === '') continue;
    const type = (trades?.columns.get(row, 'Type') ?? '').toUpperCase();
    (type === '' || type === 'STOCK' || type === 'ETF' ? stock : other).add(symbol);
  }
  return { stock, other };
}

/** The title line's period is one day: `since 3/27/26 through 3/27/26`. */
function isOneDay(rows: readonly Row[]): boolean {
  const title = rows.find((row) => (row.cells[0] ?? '').startsWith('Account Statement for'));
  const period = /since\s+(\S+)\s+through\s+(\S+)/.exec(title?.cells[0] ?? '');
  return period !== null && period[1] === period[2];
}
