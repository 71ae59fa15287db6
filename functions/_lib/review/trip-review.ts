import type { z } from 'zod';
import type { MembershipGate } from '../billing/gate.ts';
import type { reviewApi } from '../contract/review.ts';
import { ruleChecks } from '../courses/rules-taken.ts';
import type { Deps } from '../deps.ts';
import type { Bar } from '../market/bars.ts';
import { barsForDays, type DayAnswer } from '../market/bars-cache.ts';
import { marketWallTime } from '../market/market-day.ts';
import type { MarketSource } from '../market/market-source.ts';
import type { FlatSellAnswer } from '../trades/round-trips.ts';
import { type BarsFailure, barsMessage } from './bars-message.ts';
import { excursionOfTrip } from './excursion-of-trip.ts';
import { loadTrip } from './load-trip.ts';
import { tripDays } from './trip-days.ts';
import { storeExcursion } from './trip-excursions.ts';
import { tripFacts } from './trip-facts.ts';
import { fillPrice, tripFills } from './trip-fills.ts';

export type TripReview = z.infer<(typeof reviewApi)['trades/review']['response']>;

/**
 * One closed round trip as the review page shows it (docs/trades.md, "Trade review"): the trip as
 * /trades matches it, its day(s) of bars from the shared cache (the provider asked only for days no
 * member has fetched yet, under its rate limit), its MAE/MFE from those bars and the rules of the
 * lessons the member finished. Bars that cannot be had leave the rest of the review intact. In
 * member mode (docs/market-data.md, "Whose key") the bars come with the member's own key through
 * their own cache, their key read beside the trip; without one the page asks for it.
 */
export async function reviewTrip(
  deps: Pick<Deps, 'store' | 'now'>,
  gate: MembershipGate,
  source: MarketSource,
  input: { trip: string; answers?: Readonly<Record<string, FlatSellAnswer>> | undefined },
): Promise<TripReview> {
  const [loaded, own] = await Promise.all([
    loadTrip(deps, gate, input.trip, input.answers),
    source.forMember(gate.caller.sub),
  ]);
  const { trip, fills, note } = loaded;
  const first = fills[0];
  const last = fills.at(-1);
  if (!first || !last) throw new Error(`Trip ${trip.id} has no fills`);
  const dateOnly = fills.some((fill) => fill.dateOnly === true);
  const span = tripDays(first.time, last.time, dateOnly);
  const measuredFills = tripFills(trip, fills);

  const bars: Joined = own
    ? joinDays(
        await barsForDays(deps.store, own.market, {
          symbol: trip.symbol,
          resolution: span.resolution,
          days: span.days,
          now: deps.now(),
          keys: own.keys,
        }),
      )
    : { bars: null, failure: { kind: 'no-key' } };
  const message = bars.bars === null ? barsMessage(bars.failure, trip.symbol) : null;
  const decided = excursionOfTrip(
    { symbol: trip.symbol, side: trip.side, fills: measuredFills, risk: note.risk, dateOnly, why: span.why },
    bars.bars ?? bars.failure,
  );
  const excursion = decided ?? ({ state: 'no data', reason: message ?? 'No bars' } as const);

  // The /trades table shows what this page shows: a figure decided from what the provider said is
  // kept for the trip; a provider that did not answer leaves the stored one as it was.
  if (decided !== null) await storeExcursion(deps.store, gate.caller.sub, trip, last.time, decided);

  return {
    trip: {
      id: trip.id,
      symbol: trip.symbol,
      account: trip.account,
      currency: trip.currency,
      side: trip.side,
      shares: trip.shares,
      entry: dateOnly ? trip.entry.slice(0, 10) : marketWallTime(first.time),
      exit: dateOnly ? trip.exit.slice(0, 10) : marketWallTime(last.time),
      avgEntry: trip.avg_entry,
      avgExit: trip.avg_exit,
      gross: trip.gross,
      fees: trip.fees,
      net: trip.net,
      dateOnly,
    },
    fills: fills.map((fill) => ({
      id: fill.trade_id,
      at: fill.time,
      time: fill.dateOnly ? trip.entry.slice(0, 10) : marketWallTime(fill.time),
      side: fill.tradeType,
      qty: fill.shares,
      price: fillPrice(fill),
      fees: fill.fees || '0',
      note: fill.note,
    })),
    plan: { risk: note.risk, stop: note.stop ?? null, target: note.target ?? null },
    tags: loaded.tags.map(({ id, name, kind }) => ({ id, name, kind })),
    bars: {
      state: bars.bars === null ? stateOf(bars.failure) : 'bars',
      resolution: span.resolution,
      bars: bars.bars ?? [],
      synthetic: own?.market.synthetic ?? false,
      message:
        message ?? (bars.bars?.length === 0 ? `No trades of ${trip.symbol} in these days' bars` : null),
    },
    excursion,
    rules: ruleChecks(loaded.rules, tripFacts(trip, fills, note, loaded.accountSize, loaded.noteTimes)),
  };
}

type Joined = { bars: Bar[]; failure?: undefined } | { bars: null; failure: BarsFailure };

/** Every day's bars in time order, or the first reason a day has none. */
function joinDays(days: Record<string, DayAnswer>): Joined {
  const bars: Bar[] = [];
  for (const day of Object.keys(days).sort()) {
    const answer = days[day] as DayAnswer;
    if (answer.kind !== 'bars') return { bars: null, failure: answer };
    bars.push(...answer.bars);
  }
  return { bars };
}

const stateOf = (failure: BarsFailure) =>
  failure.kind === 'unknown-symbol'
    ? 'unknown symbol'
    : failure.kind === 'not-cached'
      ? 'pending'
      : failure.kind === 'no-key'
        ? 'no key'
        : 'unavailable';
