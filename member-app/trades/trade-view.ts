import type { Trade } from '../../functions/_lib/contract/index.ts';
import type { Bucket } from '../../functions/_lib/trades/buckets.ts';
import type { EquityPoint } from '../../functions/_lib/trades/equity.ts';
import type { Execution } from '../../functions/_lib/trades/executions.ts';
import { toDecimal } from '../../functions/_lib/trades/money.ts';
import { tradesToExecutions as storedToExecutions } from '../../functions/_lib/trades/stored-trades.ts';
import { marketWallTime, tradeTimeZone } from './time-zone.ts';

/**
 * Pure helpers of the /trades page: stored trades as the statistics module's executions, the
 * calendar's days, the chart's series, and amounts for display (exact strings, never floats).
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Times are read and shown on the market's clock (time-zone.ts: America/New_York unless the member
 * picked another in /account), not the device's: a 2:45 PM New York fill reads 2:45 PM in Paris too.
 */
export { MARKET_ZONE, marketWallTime } from './time-zone.ts';

/** Stored trades as the module's executions, on the market's clock (weekday, hour and day reports). */
export const tradesToExecutions = (trades: readonly Trade[]): Execution[] =>
  storedToExecutions(trades, (ms) => marketWallTime(ms));

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** A time as members read it, in market time with its zone: `3/16/2026, 2:45:01 PM EDT`. */
export function formatMarketTime(ms: number, zone = tradeTimeZone()): string {
  let format = timeFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      dateStyle: 'short',
      timeStyle: 'long',
    });
    timeFormats.set(zone, format);
  }
  return format.format(ms);
}

const symbols = new Map<string, string>();

/** `$` for USD, `CA$` for CAD…: the currency's own mark in English. */
function currencyMark(currency: string): string {
  let mark = symbols.get(currency);
  if (mark === undefined) {
    try {
      mark =
        new Intl.NumberFormat('en-US', { style: 'currency', currency })
          .formatToParts(0)
          .find((part) => part.type === 'currency')?.value ?? `${currency} `;
    } catch {
      mark = `${currency} `;
    }
    symbols.set(currency, mark);
  }
  return mark;
}

/**
 * Money as members read it: the currency's mark, thousands separators and cents, rounded half-up
 * from the exact string (`1914.4200` → `+$1,914.42`, `-450.6200` → `−$450.62`). The sign follows the
 * exact value, so a sub-cent gain reads `+$0.00`. Show the exact value beside it (`title`).
 */
export function formatMoney(value: string | null, currency = 'USD', { sign = true } = {}): string {
  if (value === null) return '—';
  const exact = toDecimal(value);
  const cents = exact.abs().round(2).toFixed(2);
  const [whole = '0', fraction = '00'] = cents.split('.');
  const text = `${currencyMark(currency)}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
  if (exact.lt(0)) return `−${text}`;
  return sign && exact.gt(0) ? `+${text}` : text;
}

/** The exact amount for a tooltip and exports: `+1,914.4200 USD`. */
export const exactMoney = (value: string | null, currency = 'USD'): string | undefined =>
  value === null ? undefined : `${formatAmount(value, { sign: true })} ${currency}`;

/** `1234567.5000` → `1,234,567.5000`, `-900` → `−900`: grouping on the text, the value untouched. */
export function formatAmount(value: string | null, { sign = false } = {}): string {
  if (value === null) return '—';
  const negative = value.startsWith('-');
  const [whole = '0', fraction] = (negative ? value.slice(1) : value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = fraction === undefined ? grouped : `${grouped}.${fraction}`;
  if (negative) return `−${text}`;
  return sign && /[1-9]/.test(text) ? `+${text}` : text;
}

/** A ratio 0…1 as a percentage with up to two decimals, from its exact string. */
export function formatPercent(ratio: string | null): string {
  if (ratio === null) return '—';
  const scaled = toDecimal(ratio).times(100);
  return `${scaled.round(2).toFixed()}%`;
}

/** Local calendar day `YYYY-MM-DD` of a wall-clock time string. */
const dayOf = (wall: string) => wall.slice(0, 10);

export interface MonthDay {
  /** `YYYY-MM-DD`. */
  day: string;
  bucket: Bucket | null;
  /** 0 for no trade or a flat day, else 1–4: the day's |net| against the month's largest. */
  level: number;
}

/** `YYYY-MM` moved by `delta` months. */
export function shiftMonth(month: string, delta: number): string {
  const [y = 1970, m = 1] = month.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1 + delta, 1));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}`;
}

/** The month of the latest day with a trade (older imports open on their own month), else `fallback`. */
export const latestMonth = (days: Readonly<Record<string, unknown>>, fallback: string): string =>
  Object.keys(days).sort().at(-1)?.slice(0, 7) ?? fallback;

/**
 * A month as weeks (Sunday first) of its days with their `by_day` bucket; null pads the first and
 * last weeks. The colour level compares each day's |net| with the month's largest, exactly.
 */
export function monthWeeks(month: string, byDay: Readonly<Record<string, Bucket>>): (MonthDay | null)[][] {
  const [y = 1970, m = 1] = month.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1, 1)).getUTCDay();
  const length = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const days = Array.from({ length }, (_, i) => `${month}-${pad(i + 1)}`);
  const largest = days.reduce((max, day) => {
    const net = byDay[day]?.net;
    return net === undefined ? max : toDecimal(net).abs().gt(max) ? toDecimal(net).abs() : max;
  }, toDecimal(0));
  const cells: (MonthDay | null)[] = [
    ...Array.from({ length: first }, () => null),
    ...days.map((day) => {
      const bucket = byDay[day] ?? null;
      const size = bucket ? toDecimal(bucket.net).abs() : toDecimal(0);
      // The quarter of the month's largest day this day reaches, compared exactly: ⌈4 × |net| ÷ largest⌉.
      const level = size.eq(0) ? 0 : ([1, 2, 3].find((k) => size.times(4).lte(largest.times(k))) ?? 4);
      return { day, bucket, level };
    }),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/**
 * The chart's series from the reports' equity curve: exit time (seconds) and cumulative net. Past
 * `maxPoints` (a chart is at most ~1,000 px wide) the curve is cut into equal runs of trades and each
 * run keeps its first, lowest, highest and last point in order: the line drawn looks the same at
 * the chart's resolution, every peak and trough included, and 10,000 trades redraw as ~2,000.
 */
export function cumulativeSeries(
  curve: readonly EquityPoint[],
  epochOf: (wall: string) => number,
  maxPoints = 2000,
) {
  const keep =
    curve.length <= maxPoints ? curve : extremesByRun(curve, Math.ceil(curve.length / (maxPoints / 4)));
  return [keep.map((p) => epochOf(p.exit) / 1000), keep.map((p) => Number(p.cumulative))] as [
    number[],
    number[],
  ];
}

function extremesByRun(curve: readonly EquityPoint[], run: number): EquityPoint[] {
  const kept: EquityPoint[] = [];
  for (let start = 0; start < curve.length; start += run) {
    const points = curve.slice(start, start + run);
    let low = 0;
    let high = 0;
    points.forEach((p, i) => {
      const value = Number(p.cumulative);
      if (value < Number((points[low] as EquityPoint).cumulative)) low = i;
      if (value > Number((points[high] as EquityPoint).cumulative)) high = i;
    });
    for (const i of [...new Set([0, low, high, points.length - 1])].sort((a, b) => a - b))
      kept.push(points[i] as EquityPoint);
  }
  return kept;
}

/** Exact order of two decimal strings; floats only decide when they differ (the usual case). */
const compareAmounts = (a: string, b: string) => Number(a) - Number(b) || toDecimal(a).cmp(toDecimal(b));

/**
 * The chart in words, for screen readers and anyone who prefers numbers: exact amounts of the same
 * curve (the chart itself plots floats).
 */
export function cumulativeDescription(curve: readonly EquityPoint[]): string {
  const first = curve[0];
  const last = curve.at(-1);
  if (!first || !last) return 'No closed trades yet.';
  let high = first.cumulative;
  let low = first.cumulative;
  for (const point of curve) {
    if (compareAmounts(point.cumulative, high) > 0) high = point.cumulative;
    if (compareAmounts(point.cumulative, low) < 0) low = point.cumulative;
  }
  const money = (value: string) => formatAmount(value, { sign: true });
  const from = dayOf(first.exit);
  const to = dayOf(last.exit);
  const span = from === to ? `on ${from}` : `from ${from} to ${to}`;
  const count = curve.length === 1 ? '1 closed trade' : `${curve.length} closed trades`;
  return `Cumulative net P&L of ${count} ${span}: ends at ${money(last.cumulative)}, highest ${money(high)}, lowest ${money(low)}.`;
}

/** A local wall-clock string back to epoch ms on this device. */
export function wallToEpoch(wall: string): number {
  const [y = 0, m = 1, d = 1, h = 0, mi = 0, s = 0] = wall.split(/[-T:]/).map(Number);
  return new Date(y, m - 1, d, h, mi, s).getTime();
}

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

export interface TradeFilters {
  symbol: string;
  /** `YYYY-MM-DD` market-time days, inclusive; '' for none. */
  from: string;
  to: string;
  side: '' | 'buy' | 'sell';
  result: '' | '+' | '-';
  /** Part of a position still open, or of a closed round trip. */
  position: '' | 'open' | 'closed';
}

export const NO_FILTERS: TradeFilters = { symbol: '', from: '', to: '', side: '', result: '', position: '' };

/** `open`: ids of the trades in positions still open (stored-trades.ts openTradeIds of every trade). */
export function filterTrades(
  trades: readonly Trade[],
  f: TradeFilters,
  open: ReadonlySet<string> = new Set(),
): Trade[] {
  const symbol = f.symbol.trim().toUpperCase();
  return trades.filter((t) => {
    const day = dayOf(marketWallTime(t.time));
    return (
      (symbol === '' || t.symbol.includes(symbol)) &&
      (f.from === '' || day >= f.from) &&
      (f.to === '' || day <= f.to) &&
      (f.side === '' || t.tradeType === f.side) &&
      (f.result === '' || t.sellProfit === f.result) &&
      (f.position === '' || open.has(t.trade_id) === (f.position === 'open'))
    );
  });
}
