import type { Trade, TripTag } from '../../functions/_lib/contract/index.ts';
import { wallSeconds } from '../../functions/_lib/trades/bands.ts';
import { toDecimal } from '../../functions/_lib/trades/money.ts';
import type { ClosedTrade } from '../../functions/_lib/trades/round-trips.ts';

/** Pure helpers of the closed-trades table: hold times, return on cost, sorting and CSV exports. */

/** Seconds held; null for a date-only trade (the time of day is unknown). */
export function heldSeconds(trip: Pick<ClosedTrade, 'entry' | 'exit'>): number | null {
  if (trip.entry.length <= 10 || trip.exit.length <= 10) return null;
  return wallSeconds(trip.exit) - wallSeconds(trip.entry);
}

/** `45s`, `31m 35s`, `2h 05m`, `3d 4h`; `1 day` / `same day` for date-only trades. */
export function heldText(trip: Pick<ClosedTrade, 'entry' | 'exit'>): string {
  const seconds = heldSeconds(trip);
  if (seconds === null) {
    const days = Math.round(
      (wallSeconds(trip.exit.slice(0, 10)) - wallSeconds(trip.entry.slice(0, 10))) / 86400,
    );
    return days === 0 ? 'same day' : days === 1 ? '1 day' : `${days} days`;
  }
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

const DECIMAL_KEYS = new Set<TripSortKey>(['avg_entry', 'avg_exit', 'gross', 'fees', 'net']);

/** Sorted copy; ties keep the newest exit first. Decimals compare exactly. */
export function sortTrips(
  trips: readonly ClosedTrade[],
  key: TripSortKey,
  direction: 'ascending' | 'descending',
): ClosedTrade[] {
  const factor = direction === 'ascending' ? 1 : -1;
  const value = (trip: ClosedTrade): number | string => {
    if (key === 'held')
      return heldSeconds(trip) ?? wallSeconds(trip.exit.slice(0, 10)) - wallSeconds(trip.entry.slice(0, 10));
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

/** A CSV cell: quoted when it holds a comma, quote or line break. */
const cell = (value: string | number | null | undefined) => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
const csv = (rows: (string | number | null | undefined)[][]) =>
  `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;

/** Round trips as CSV with exact amounts (never rounded) and tag names. */
export function tripsCsv(
  trips: readonly ClosedTrade[],
  notes: { tagsOf: (id: string) => readonly string[]; riskOf: (id: string) => string | null },
  tags: readonly TripTag[],
): string {
  const names = new Map(tags.map((tag) => [tag.id, tag.name]));
  return csv([
    [
      'id',
      'symbol',
      'side',
      'currency',
      'entry',
      'exit',
      'held_seconds',
      'shares',
      'avg_entry',
      'avg_exit',
      'cost',
      'gross',
      'fees',
      'net',
      'return_pct',
      'setup_tags',
      'mistake_tags',
      'risk',
    ],
    ...trips.map((trip) => {
      const ids = notes.tagsOf(trip.id);
      const of = (kind: string) =>
        ids
          .filter((id) => id.startsWith(`${kind}:`))
          .map((id) => names.get(id) ?? id)
          .join('; ');
      return [
        trip.id,
        trip.symbol,
        trip.side,
        trip.currency,
        trip.entry,
        trip.exit,
        heldSeconds(trip),
        trip.shares,
        trip.avg_entry,
        trip.avg_exit,
        trip.cost,
        trip.gross,
        trip.fees,
        trip.net,
        returnOnCost(trip),
        of('setup'),
        of('mistake'),
        notes.riskOf(trip.id),
      ];
    }),
  ]);
}

/** The executions of the given trips (each once, in time order) as CSV, times in market time. */
export function executionsCsv(
  trips: readonly ClosedTrade[],
  trades: ReadonlyMap<string, Trade>,
  wallTime: (ms: number) => string,
): string {
  const ids = [...new Set(trips.flatMap((trip) => trip.fills ?? []))];
  const rows = ids
    .flatMap((id) => {
      const trade = trades.get(id);
      return trade ? [trade] : [];
    })
    .sort((a, b) => a.time - b.time);
  return csv([
    ['trade_id', 'time', 'symbol', 'side', 'shares', 'price', 'fees', 'currency', 'account', 'source'],
    ...rows.map((t) => [
      t.trade_id,
      wallTime(t.time),
      t.symbol,
      t.tradeType,
      t.shares,
      t.tradeType === 'sell' ? (t.sellPrice ?? t.buyPrice) : t.buyPrice,
      t.fees,
      t.currency ?? 'USD',
      t.account,
      t.source,
    ]),
  ]);
}
