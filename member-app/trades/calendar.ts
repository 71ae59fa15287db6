import type { Bucket } from '../../functions/_lib/trades/buckets.ts';
import { toDecimal } from '../../functions/_lib/trades/money.ts';

/** The P&L calendar's months: a month's days as weeks with their `by_day` bucket and colour level. */

const pad = (n: number) => String(n).padStart(2, '0');

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
