/**
 * MAE/MFE of a member's whole journal, in the background (docs/trades.md, "MAE and MFE on /trades";
 * run by functions/market-sync.ts). The trips are matched as /trades matches them, with the member's
 * stored answers to sales with nothing held (journal/trades/answers).
 */
import type { Excursion } from '../contract/review.ts';
import type { Trade } from '../contract/trades.ts';
import type { Deps } from '../deps.ts';
import type { MarketData } from '../market/bars.ts';
import { barsForDays, type DayAnswer } from '../market/bars-cache.ts';
import { type BarsKeys, marketKeys } from '../market/keys.ts';
import { flatEntries } from '../store.ts';
import { readActions } from '../trade-store/actions.ts';
import { readFlatSellAnswers } from '../trade-store/flat-sell-answers.ts';
import { tradeKeys } from '../trade-store/keys.ts';
import { readTrades } from '../trade-store/trades.ts';
import { readNote } from '../trade-store/trip-tags.ts';
import type { ClosedTrade } from '../trades/round-trips.ts';
import { type ExcursionTrip, excursionOfTrip } from './excursion-of-trip.ts';
import { storedTrips } from './stored-trips.ts';
import { tripDays } from './trip-days.ts';
import { storedExcursion } from './trip-excursions.ts';
import { tripFills } from './trip-fills.ts';

/** Bars of at most this many symbol-days are held at once (~960 minute bars each). */
export const CHUNK_SYMBOL_DAYS = 50;
/** A provider that is down (or said no Retry-After) is asked again after this long. */
const RETRY_MS = 60_000;
/** Without a key (or with one refused) nothing will change soon: the member is looked at again in an hour. */
export const NOT_CONFIGURED_RETRY_MS = 3_600_000;

export interface RefreshOutcome {
  trips: number;
  /** Trips stored with a figure (measured, no data or not measurable) in this run. */
  stored: number;
  /** When the member is queued again (the provider was over its limit or down); null when done. */
  retryAt: number | null;
}

interface MinuteTrip {
  trip: ClosedTrade;
  days: string[];
  measured: ExcursionTrip;
}

type Failure = Exclude<DayAnswer, { kind: 'bars' }>;

/**
 * Measures every closed trip of `sub` and replaces their stored figures in one MULTI (trips that
 * are gone are dropped). Minute bars come from the shared cache, the provider asked only for days
 * not cached and under its rate limit; once it refuses, the rest is measured from the cache alone
 * and the member is queued again. A trip whose bars could not be had keeps its previous figure (a
 * failed fetch is never stored as "no data"). `keys`: the cache to go through, the shared one unless
 * (member mode) the member's own.
 */
export async function refreshExcursions(
  deps: Pick<Deps, 'store'>,
  market: MarketData,
  sub: string,
  now: number,
  keys: BarsKeys = marketKeys,
): Promise<RefreshOutcome> {
  const key = tradeKeys.tripExcursions(sub);
  const [ids, actionsReply, notesReply, previousReply, answersReply] = (await deps.store
    .pipeline()
    .zrange(tradeKeys.trades(sub), 0, -1)
    .hgetall(tradeKeys.actions(sub))
    .hgetall(tradeKeys.tripNotes(sub))
    .hgetall(key)
    .hgetall(tradeKeys.flatSellAnswers(sub))
    .exec()) as [string[], unknown, unknown, unknown, unknown];
  const trades = await readTrades(deps.store, sub, ids);
  const trips = storedTrips(trades, readActions(actionsReply), readFlatSellAnswers(answersReply));
  const notes = new Map(flatEntries(notesReply).map(([id, raw]) => [id, readNote(raw)]));
  const previous = new Map(flatEntries(previousReply));
  const results = new Map<string, string>();
  const exits = new Map<string, number>();
  const put = (trip: ClosedTrade, excursion: Excursion) =>
    results.set(trip.id, storedExcursion(trip, exits.get(trip.id) ?? 0, excursion));

  const minuteTrips: MinuteTrip[] = [];
  for (const { trip, fills } of trips) {
    const first = fills[0];
    const last = fills.at(-1) ?? first;
    exits.set(trip.id, last.time);
    const dateOnly = fills.some((fill: Trade) => fill.dateOnly === true);
    const span = tripDays(first.time, last.time, dateOnly);
    const item: MinuteTrip = {
      trip,
      days: span.days,
      measured: {
        symbol: trip.symbol,
        side: trip.side,
        fills: tripFills(trip, fills),
        risk: notes.get(trip.id)?.risk ?? null,
        dateOnly,
        why: span.why,
      },
    };
    // Dates alone or held long: not measurable whatever the bars, so none are asked for.
    if (span.why !== null) put(trip, excursionOfTrip(item.measured, []) as Excursion);
    else minuteTrips.push(item);
  }

  let refused: Failure | null = null;
  for (const chunk of chunks(minuteTrips)) {
    const answers = new Map<string, Record<string, DayAnswer>>();
    for (const [symbol, days] of chunk.days) {
      const request = {
        symbol,
        resolution: 'minute' as const,
        days: [...days],
        now,
        cachedOnly: refused !== null,
        keys,
      };
      let answer: Record<string, DayAnswer>;
      try {
        answer = await barsForDays(deps.store, market, request);
      } catch (error) {
        // A symbol the provider's API cannot even be asked about is one it does not know.
        if (!(error instanceof RangeError)) throw error;
        answer = Object.fromEntries(request.days.map((day) => [day, { kind: 'unknown-symbol' } as const]));
      }
      refused ??= Object.values(answer).find((a) => a.kind === 'unavailable') ?? null;
      answers.set(symbol, answer);
    }
    for (const item of chunk.trips) {
      const days = answers.get(item.trip.symbol) ?? {};
      const dayAnswers = item.days.map((day): DayAnswer => days[day] ?? { kind: 'not-cached' });
      const failure = dayAnswers.find((answer): answer is Failure => answer.kind !== 'bars');
      const bars = failure ?? dayAnswers.flatMap((answer) => (answer.kind === 'bars' ? answer.bars : []));
      const excursion = excursionOfTrip(item.measured, bars);
      if (excursion !== null) put(item.trip, excursion);
      else {
        const kept = previous.get(item.trip.id);
        if (kept !== undefined) results.set(item.trip.id, kept);
      }
    }
  }

  const retryAt =
    refused === null
      ? null
      : now +
        (refused.kind === 'unavailable' && refused.reason === 'not-authorized'
          ? NOT_CONFIGURED_RETRY_MS
          : refused.kind === 'unavailable' && refused.reason === 'rate-limited'
            ? (refused.retryAfterMs ?? RETRY_MS)
            : RETRY_MS);
  const write = deps.store.multi().del(key);
  if (results.size > 0) write.hset(key, Object.fromEntries(results));
  if (retryAt !== null) write.zadd(marketKeys.queue, { score: retryAt, member: sub });
  await write.exec();
  return { trips: trips.length, stored: results.size, retryAt };
}

/** The minute trips in groups whose symbol-days stay within CHUNK_SYMBOL_DAYS (a trip is never split). */
function* chunks(
  trips: readonly MinuteTrip[],
): Generator<{ trips: MinuteTrip[]; days: Map<string, Set<string>> }> {
  const sorted = [...trips].sort((a, b) =>
    a.trip.symbol < b.trip.symbol
      ? -1
      : a.trip.symbol > b.trip.symbol
        ? 1
        : (a.days[0] ?? '') < (b.days[0] ?? '')
          ? -1
          : 1,
  );
  let chunk = { trips: [] as MinuteTrip[], days: new Map<string, Set<string>>() };
  let size = 0;
  for (const item of sorted) {
    const held = chunk.days.get(item.trip.symbol);
    const added = item.days.filter((day) => !held?.has(day)).length;
    if (chunk.trips.length > 0 && size + added > CHUNK_SYMBOL_DAYS) {
      yield chunk;
      chunk = { trips: [], days: new Map() };
      size = 0;
    }
    const days = chunk.days.get(item.trip.symbol) ?? new Set<string>();
    for (const day of item.days)
      if (!days.has(day)) {
        days.add(day);
        size++;
      }
    chunk.days.set(item.trip.symbol, days);
    chunk.trips.push(item);
  }
  if (chunk.trips.length > 0) yield chunk;
}
