import type { Trade } from '../../functions/_lib/contract/index.ts';
import { toDecimal } from '../../functions/_lib/trades/money.ts';

/** The executions table's order (the closed-trades table's is closed-trades-view.ts sortTrips). */

export type SortKey =
  | 'symbol'
  | 'tradeType'
  | 'shares'
  | 'buyPrice'
  | 'sellPrice'
  | 'sellProfit'
  | 'fees'
  | 'time'
  | 'note'
  | 'source';
export type SortDirection = 'ascending' | 'descending';

const NUMERIC: ReadonlySet<SortKey> = new Set(['shares', 'buyPrice', 'sellPrice', 'fees']);

function compareBy(key: SortKey, a: Trade, b: Trade): number {
  if (key === 'time') return a.time - b.time;
  const x = a[key];
  const y = b[key];
  if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
  if (NUMERIC.has(key)) return toDecimal(x).cmp(toDecimal(y));
  return x.localeCompare(y);
}

export function sortTrades(trades: readonly Trade[], key: SortKey, direction: SortDirection): Trade[] {
  const factor = direction === 'ascending' ? 1 : -1;
  return [...trades].sort((a, b) => factor * compareBy(key, a, b) || b.time - a.time);
}
