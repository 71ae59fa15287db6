import type { Trade, TripTag } from '../../functions/_lib/contract/index.ts';
import type { Excursion } from '../../functions/_lib/contract/review.ts';
import { type CsvColumn, numberColumn, textColumn, toCsv } from '../../functions/_lib/csv.ts';
import { heldDays } from '../../functions/_lib/trades/bands.ts';
import { dateOnlyDay } from '../../functions/_lib/trades/date-only.ts';
import type { ClosedTrade } from '../../functions/_lib/trades/round-trips.ts';
import { heldSeconds, returnOnCost } from './closed-trades-view.ts';

/** The page's exports: what the filters keep, as CSV with exact amounts (never rounded). */

interface TripRow {
  trip: ClosedTrade;
  setupTags: string;
  mistakeTags: string;
  risk: string | null;
  /** Its MAE/MFE when measured for this very trip (trip-excursions-data.ts); null otherwise. */
  measured: Measured | null;
}

type Measured = Extract<Excursion, { state: 'measured' }>;

// Which columns are numbers is said here, once: they are written as numbers a spreadsheet sums (a
// loss stays -750.36); every other cell, the symbol and the member's tag names included, is
// neutralised text (functions/_lib/csv.ts). A date-only trip (its file gave dates only) has its
// entry or exit as a date alone and no held_seconds, never a made-up 0; held_days, the calendar days
// from entry date to exit date, is known for every trip.
const TRIP_CSV: CsvColumn<TripRow>[] = [
  textColumn('id', (r) => r.trip.id),
  textColumn('symbol', (r) => r.trip.symbol),
  textColumn('side', (r) => r.trip.side),
  textColumn('currency', (r) => r.trip.currency),
  textColumn('entry', (r) => r.trip.entry),
  textColumn('exit', (r) => r.trip.exit),
  numberColumn('held_seconds', (r) => heldSeconds(r.trip)),
  numberColumn('held_days', (r) => heldDays(r.trip)),
  numberColumn('shares', (r) => r.trip.shares),
  numberColumn('avg_entry', (r) => r.trip.avg_entry),
  numberColumn('avg_exit', (r) => r.trip.avg_exit),
  numberColumn('cost', (r) => r.trip.cost),
  numberColumn('gross', (r) => r.trip.gross),
  numberColumn('fees', (r) => r.trip.fees),
  numberColumn('net', (r) => r.trip.net),
  numberColumn('return_pct', (r) => returnOnCost(r.trip)),
  textColumn('setup_tags', (r) => r.setupTags),
  textColumn('mistake_tags', (r) => r.mistakeTags),
  numberColumn('risk', (r) => r.risk),
  // Empty when not measured (no bars, not measurable, still being measured): never a made-up 0.
  numberColumn('mae_usd', (r) => r.measured?.mae.dollars ?? null),
  numberColumn('mae_pct', (r) => r.measured?.mae.percent ?? null),
  numberColumn('mae_r', (r) => r.measured?.mae.r ?? null),
  numberColumn('mfe_usd', (r) => r.measured?.mfe.dollars ?? null),
  numberColumn('mfe_pct', (r) => r.measured?.mfe.percent ?? null),
  numberColumn('mfe_r', (r) => r.measured?.mfe.r ?? null),
  numberColumn('exit_efficiency_pct', (r) => r.measured?.efficiency ?? null),
  numberColumn('left_on_table_usd', (r) => r.measured?.leftOnTable?.dollars ?? null),
];

/** Round trips as CSV with exact amounts (never rounded) and tag names. */
export function tripsCsv(
  trips: readonly ClosedTrade[],
  notes: { tagsOf: (id: string) => readonly string[]; riskOf: (id: string) => string | null },
  tags: readonly TripTag[],
  excursions: Readonly<Record<string, Excursion>> = {},
): string {
  const names = new Map(tags.map((tag) => [tag.id, tag.name]));
  const rows = trips.map((trip): TripRow => {
    const ids = notes.tagsOf(trip.id);
    const of = (kind: string) =>
      ids
        .filter((id) => id.startsWith(`${kind}:`))
        .map((id) => names.get(id) ?? id)
        .join('; ');
    const excursion = excursions[trip.id];
    return {
      trip,
      setupTags: of('setup'),
      mistakeTags: of('mistake'),
      risk: notes.riskOf(trip.id),
      measured: excursion?.state === 'measured' ? excursion : null,
    };
  });
  return toCsv(TRIP_CSV, rows);
}

// The account comes from the broker file as written: text, like the symbol and the source.
const EXECUTION_CSV: CsvColumn<{ trade: Trade; time: string }>[] = [
  textColumn('trade_id', (r) => r.trade.trade_id),
  textColumn('time', (r) => r.time),
  textColumn('symbol', (r) => r.trade.symbol),
  textColumn('side', (r) => r.trade.tradeType),
  numberColumn('shares', (r) => r.trade.shares),
  numberColumn('price', (r) =>
    r.trade.tradeType === 'sell' ? (r.trade.sellPrice ?? r.trade.buyPrice) : r.trade.buyPrice,
  ),
  numberColumn('fees', (r) => r.trade.fees),
  textColumn('currency', (r) => r.trade.currency ?? 'USD'),
  textColumn('account', (r) => r.trade.account),
  textColumn('source', (r) => r.trade.source),
];

/**
 * The executions of the given trips (each once, in time order) as CSV, times in market time; a
 * date-only execution's time is its date alone.
 */
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
    .sort((a, b) => a.time - b.time)
    .map((trade) => ({ trade, time: trade.dateOnly ? dateOnlyDay(trade.time) : wallTime(trade.time) }));
  return toCsv(EXECUTION_CSV, rows);
}
