import { heldDays, tripDateOnly, wallSeconds } from '../../functions/_lib/trades/bands.ts';
import { toDecimal } from '../../functions/_lib/trades/money.ts';
import type { ClosedTrade } from '../../functions/_lib/trades/round-trips.ts';

/** Pure helpers of the closed-trades table: hold times, return on cost and sorting (its CSV is trips-csv.ts). */

/** A wall-clock time as the table shows it: `2026-03-16 14:45:01`; a date-only one as its date alone. */
export const wallText = (wall: string) => wall.replace('T', ' ');

/** The journal on the trip's symbol, the day it closed (market time). */
export const notesSearch = (trip: Pick<ClosedTrade, 'symbol' | 'exit'>) => ({
  symbol: trip.symbol,
  day: trip.exit.slice(0, 10),
});

/** Seconds held; null for a date-only trip (entry or exit without a time of day: never a made-up 0s). */
export function heldSeconds(trip: Pick<ClosedTrade, 'entry' | 'exit'>): number | null {
  if (tripDateOnly(trip)) return null;
  return wallSeconds(trip.exit) - wallSeconds(trip.entry);
}

/** A date-only trip's hold in days: `same day`, `1 day`, `3 days`. */
export function heldDaysText(trip: Pick<ClosedTrade, 'entry' | 'exit'>): string {
  const days = heldDays(trip);
  return days === 0 ? 'same day' : days === 1 ? '1 day' : `${days} days`;
}

/** `45s`, `31m 35s`, `2h 05m`, `3d 4h`; in days for a date-only trip (`same day`, `3 days`). */
export function heldText(trip: Pick<ClosedTrade, 'entry' | 'exit'>): string {
  const seconds = heldSeconds(trip);
  if (seconds === null) return heldDaysText(trip);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ${pad(seconds % 60)}s`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)}h ${pad(Math.floor(seconds / 60) % 60)}m`;
  return `${Math.floor(seconds / 86400)}d ${Math.floor(seconds / 3600) % 24}h`;
}

/** Net ÷ cost × 100, 2 decimals half-up (`12.35`); null without a cost. */
export function returnOnCost(trip: Pick<ClosedTrade, 'net' | 'cost'>): string | null {
  const cost = toDecimal(trip.cost);
  return cost.eq(0) ? null : toDecimal(trip.net).times(100).div(cost).toFixed(2);
}

export const TRIP_COLUMNS = [
  ['symbol', 'Symbol'],
  ['side', 'Side'],
  ['entry', 'Entry'],
  ['exit', 'Exit'],
  ['held', 'Held'],
  ['shares', 'Shares'],
  ['avg_entry', 'Avg entry'],
  ['avg_exit', 'Avg exit'],
  ['gross', 'Gross'],
  ['fees', 'Fees'],
  ['net', 'Net'],
  ['return', 'Return'],
] as const;
export type TripSortKey = (typeof TRIP_COLUMNS)[number][0];
/** Columns of a trip's row beside the sortable ones: the select box, MAE, MFE, exit efficiency and tags. */
export const TRIP_EXTRA_COLUMNS = 5;

const DECIMAL_KEYS = new Set<TripSortKey>(['avg_entry', 'avg_exit', 'gross', 'fees', 'net']);

/** Sorted copy; ties keep the newest exit first. Decimals compare exactly. */
export function sortTrips(
  trips: readonly ClosedTrade[],
  key: TripSortKey,
  direction: 'ascending' | 'descending',
): ClosedTrade[] {
  const factor = direction === 'ascending' ? 1 : -1;
  const value = (trip: ClosedTrade): number | string => {
    if (key === 'held') return heldSeconds(trip) ?? heldDays(trip) * 86_400;
    if (key === 'return') return Number(returnOnCost(trip) ?? 0);
    if (key === 'shares') return trip.shares;
    return trip[key];
  };
  const compare = (a: ClosedTrade, b: ClosedTrade) => {
    if (DECIMAL_KEYS.has(key)) return toDecimal(a[key as 'net']).cmp(toDecimal(b[key as 'net']));
    const x = value(a);
    const y = value(b);
    return x < y ? -1 : x > y ? 1 : 0;
  };
  return [...trips].sort(
    (a, b) => factor * compare(a, b) || (a.exit < b.exit ? 1 : a.exit > b.exit ? -1 : 0),
  );
}
