import {
  dayOf,
  HOLD_BAND_LABELS,
  holdBand,
  hourOf,
  PRICE_BAND_LABELS,
  priceBucket,
  SIZE_BAND_LABELS,
  sizeBand,
  tripDateOnly,
  WEEKDAY_LABELS,
  weekday,
} from './bands.ts';
import { type Bucket, BucketTable, type TradeMoney } from './buckets.ts';
import { byExit, type EquityReport, equityReport } from './equity.ts';
import { ratio, toDecimal } from './money.ts';
import type { ClosedTrade } from './round-trips.ts';
import { Units } from './units.ts';

/**
 * The closed-trade reports of one currency (never mix USD and CAD), shared by the page and
 * `npm run trades:parse`. Pure: the member's tags and planned risks come in as `notes`, keyed by
 * round-trip id. Money is exact; percentages and R, which may not terminate, are rounded half-up to
 * 4 decimals.
 */

/** What a member wrote on a round trip that the reports read. */
export interface TripNotes {
  /** Tag names (setup and mistake tags alike). */
  tags?: readonly string[];
  /** Planned risk in dollars (> 0): the trade's R is net ÷ risk. */
  risk?: string | null;
}

export interface RMultiples {
  /** Trades with a planned risk. */
  trades: number;
  total_r: string | null;
  avg_r: string | null;
}

export interface TradeReports extends EquityReport {
  by_symbol: Record<string, Bucket>;
  /** A trade with two tags counts under both; untagged trades under none. */
  by_tag: Record<string, Bucket>;
  by_side: Record<string, Bucket>;
  /** Same-day date-only trips are left out (how long they were held is unknown): see `time_unknown`. */
  by_hold_time: Record<string, Bucket>;
  by_size: Record<string, Bucket>;
  by_price: Record<string, Bucket>;
  /** Entry hour `00`…`23`; date-only trips are left out (never a made-up `00`): see `time_unknown`. */
  by_hour: Record<string, Bucket>;
  /**
   * How many trips each time-of-day breakdown leaves out because their file gave dates only
   * (tripDateOnly): every date-only trip from `by_hour`, the same-day ones from `by_hold_time` (a
   * later exit date is `multi-day` all the same). The other breakdowns count every trip.
   */
  time_unknown: { by_hour: number; by_hold_time: number };
  /** Entry weekday, Mon … Sun. */
  by_weekday: Record<string, Bucket>;
  /** Exit day `YYYY-MM-DD`. */
  by_day: Record<string, Bucket>;
  /** Fees ÷ |gross| × 100; null when gross is 0. */
  fees_pct_of_gross: string | null;
  r_multiples: RMultiples;
}

/** Closed trades with their money read once, for the statistics and every report. */
export interface Ledger {
  trades: readonly ClosedTrade[];
  money: readonly TradeMoney[];
  units: Units;
}

export function ledgerOf(trades: readonly ClosedTrade[]): Ledger {
  const units = new Units(trades.flatMap((t) => [t.gross, t.fees, t.net]));
  const money = trades.map((t) => ({
    gross: units.of(t.gross),
    fees: units.of(t.fees),
    net: units.of(t.net),
  }));
  return { trades, money, units };
}

const NO_NOTES: ReadonlyMap<string, TripNotes> = new Map();
/** R is kept to 12 decimals per trade before the sum is rounded to 4. */
const R_SCALE = 10n ** 12n;

/** Every report over the closed trades of one currency. */
export function computeReports(
  ledger: Ledger,
  notes: ReadonlyMap<string, TripNotes> = NO_NOTES,
): TradeReports {
  const { trades, money, units } = ledger;
  const tables = {
    symbol: new BucketTable(),
    tag: new BucketTable(),
    side: new BucketTable(),
    hold: new BucketTable(),
    size: new BucketTable(),
    price: new BucketTable(),
    hour: new BucketTable(),
    weekday: new BucketTable(),
    day: new BucketTable(),
  };
  // Members reuse a few risk amounts: each is read once. Risk has its own scale, so
  // R = (net ÷ 10^net scale) ÷ (risk ÷ 10^risk scale) = net × 10^risk scale ÷ (risk × 10^net scale).
  const risks = new Map<string, { multiplier: bigint; divisor: bigint }>();
  const riskOf = (text: string) => {
    let risk = risks.get(text);
    if (!risk) {
      const own = new Units([text]);
      risk = {
        multiplier: R_SCALE * 10n ** BigInt(own.scale),
        divisor: own.of(text) * 10n ** BigInt(units.scale),
      };
      risks.set(text, risk);
    }
    return risk;
  };
  // A few hundred entry prices and days cover thousands of trades: each band and weekday is worked out once.
  const priceBands = new Map<string, string>();
  const weekdays = new Map<string, string>();
  let gross = 0n;
  let fees = 0n;
  let rCount = 0;
  let rTotal = 0n;
  const timeUnknown = { by_hour: 0, by_hold_time: 0 };
  trades.forEach((trade, index) => {
    const m = money[index] as TradeMoney;
    gross += m.gross;
    fees += m.fees;
    tables.symbol.add(trade.symbol, m);
    tables.side.add(trade.side, m);
    const hold = holdBand(trade);
    if (hold === null) timeUnknown.by_hold_time++;
    else tables.hold.add(hold, m);
    tables.size.add(sizeBand(trade.cost), m);
    let priceBand = priceBands.get(trade.avg_entry);
    if (priceBand === undefined) {
      priceBand = priceBucket(trade.avg_entry);
      priceBands.set(trade.avg_entry, priceBand);
    }
    tables.price.add(priceBand, m);
    const hour = tripDateOnly(trade) ? null : hourOf(trade.entry);
    if (hour === null) timeUnknown.by_hour++;
    else tables.hour.add(hour, m);
    const entryDay = dayOf(trade.entry);
    let day = weekdays.get(entryDay);
    if (day === undefined) {
      day = weekday(entryDay);
      weekdays.set(entryDay, day);
    }
    tables.weekday.add(day, m);
    tables.day.add(dayOf(trade.exit), m);
    const note = notes.get(trade.id);
    if (!note) return;
    for (const tag of new Set(note.tags ?? [])) tables.tag.add(tag, m);
    const risk = note.risk ? riskOf(note.risk) : null;
    if (risk && risk.divisor > 0n) {
      rCount++;
      rTotal += divideHalfUp(m.net * risk.multiplier, risk.divisor);
    }
  });
  const order = byExit(
    trades.map((trade, index) => ({ exit: trade.exit, trade, net: money[index]?.net ?? 0n })),
  );
  const r = toDecimal(rTotal.toString()).div(R_SCALE.toString());
  return {
    by_symbol: tables.symbol.done(units),
    by_tag: tables.tag.done(units),
    by_side: tables.side.done(units, ['long', 'short']),
    by_hold_time: tables.hold.done(units, HOLD_BAND_LABELS),
    by_size: tables.size.done(units, SIZE_BAND_LABELS),
    by_price: tables.price.done(units, PRICE_BAND_LABELS),
    by_hour: tables.hour.done(units),
    time_unknown: timeUnknown,
    by_weekday: tables.weekday.done(units, WEEKDAY_LABELS),
    by_day: tables.day.done(units),
    ...equityReport(
      order.map((o) => o.trade),
      order.map((o) => o.net),
      units,
    ),
    fees_pct_of_gross:
      gross === 0n ? null : ratio(units.decimal(fees).times(100), units.decimal(gross).abs()),
    r_multiples: {
      trades: rCount,
      total_r: rCount === 0 ? null : ratio(r, toDecimal(1)),
      avg_r: rCount === 0 ? null : ratio(r, toDecimal(rCount)),
    },
  };
}

/** a ÷ b rounded half away from zero (b > 0). */
function divideHalfUp(a: bigint, b: bigint): bigint {
  const q = a / b;
  const twice = (a % b) * 2n;
  if (twice >= b) return q + 1n;
  if (-twice >= b) return q - 1n;
  return q;
}
