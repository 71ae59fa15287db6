/**
 * Bars by market day, through a cache in Redis shared by every member (docs/market-data.md). A
 * finished day (before today in New York) never changes, so it is kept without a TTL and fetched
 * from the provider at most once for everybody; today's bars are kept a minute. A failed fetch is
 * never kept; an unknown symbol is remembered for a day under its own key. In member mode each member
 * has a cache of their own (`request.keys`), with the same rules.
 */
import { parseJson, type Store } from '../store.ts';
import { TRADE_SYMBOL } from '../trades/rules.ts';
import type { Bar, BarsAnswer, MarketData, Resolution } from './bars.ts';
import { type BarsKeys, marketKeys } from './keys.ts';
import { daysBetween, MARKET_DAY, marketDay } from './market-day.ts';

export type DayAnswer =
  | { kind: 'bars'; bars: Bar[] }
  | { kind: 'unknown-symbol' }
  | Extract<BarsAnswer, { kind: 'unavailable' }>
  /** Only with `cachedOnly`: the day is not in the cache and the provider was not asked. */
  | { kind: 'not-cached' };

export interface DaysRequest {
  symbol: string;
  resolution: Resolution;
  /** Market days, `YYYY-MM-DD` (New York dates); duplicates and order do not matter. */
  days: readonly string[];
  now: number;
  /** Read the cache only (pages that must not wait on the provider). */
  cachedOnly?: boolean;
  /**
   * Which cache: the shared one (default), or a member's own in member mode (keys.ts
   * `memberMarketKeys`): bars fetched with a member's key are theirs alone to see.
   */
  keys?: BarsKeys;
}

export const TODAY_TTL_SECONDS = 60;
export const UNKNOWN_TTL_SECONDS = 86_400;
/**
 * A finished day of the last few that came back empty is kept an hour, not for good: a provider may
 * publish a day's bars late (the free plan's end-of-day data), and an empty day kept for good would
 * hide them from every member.
 */
export const RECENT_EMPTY_TTL_SECONDS = 3_600;
const RECENT_DAYS = 3;
/** Missing days this close (a weekend and a holiday apart) share one provider call. */
const MAX_GAP_DAYS = 4;
/** Days one call covers at most: ~960 extended-hours minute bars a day stays well under a page. */
const MAX_RUN_DAYS: Record<Resolution, number> = { minute: 10, day: 400 };

/** Every requested day's answer, keyed by day in date order. Throws a RangeError on a malformed request. */
export async function barsForDays(
  store: Store,
  market: MarketData,
  request: DaysRequest,
): Promise<Record<string, DayAnswer>> {
  const symbol = request.symbol.toUpperCase();
  if (!TRADE_SYMBOL.test(symbol)) throw new RangeError(`Not a symbol: ${request.symbol}`);
  const days = [...new Set(request.days)].sort();
  const badDay = days.find((day) => !MARKET_DAY.test(day));
  if (badDay !== undefined) throw new RangeError(`Not a market day: ${badDay}`);
  const { resolution } = request;
  const space = request.keys ?? marketKeys;
  const today = marketDay(request.now);
  const answers: Record<string, DayAnswer> = {};
  if (days.length === 0) return answers;

  // One round trip: every day's bars and the unknown-symbol mark.
  const keys = days.map((day) => space.bars(resolution, symbol, day));
  const cached = await store.mget<Array<string | null>>(...keys, space.unknown(symbol));
  if (cached.at(-1)) {
    for (const day of days) answers[day] = { kind: 'unknown-symbol' };
    return answers;
  }
  const missing: string[] = [];
  days.forEach((day, i) => {
    const bars = readBars(cached[i], request.now);
    // A day still to come has no bars yet; it is neither asked for nor kept.
    if (day > today) answers[day] = { kind: 'bars', bars: [] };
    else if (bars) answers[day] = { kind: 'bars', bars };
    else if (request.cachedOnly) answers[day] = { kind: 'not-cached' };
    else missing.push(day);
  });

  const writes = store.pipeline();
  let pendingWrites = 0;
  let stop: DayAnswer | null = null;
  for (const run of runs(missing, MAX_RUN_DAYS[resolution])) {
    if (stop) {
      for (const day of run) answers[day] = stop;
      continue;
    }
    const first = run[0] as string;
    const last = run.at(-1) as string;
    const answer = await market.fetchBars({ symbol, resolution, from: first, to: last });
    if (answer.kind === 'unknown-symbol') {
      writes.set(space.unknown(symbol), '1', { ex: UNKNOWN_TTL_SECONDS });
      pendingWrites++;
      stop = answer;
    } else if (answer.kind === 'unavailable') {
      stop = answer;
    }
    if (stop) {
      for (const day of run) answers[day] = stop;
      continue;
    }
    const byDay = splitByDay(answer.kind === 'bars' ? answer.bars : [], run);
    for (const day of run) {
      const bars = byDay.get(day) ?? [];
      answers[day] = { kind: 'bars', bars };
      const key = space.bars(resolution, symbol, day);
      const ttl =
        day === today
          ? TODAY_TTL_SECONDS
          : bars.length === 0 && daysBetween(day, today) <= RECENT_DAYS
            ? RECENT_EMPTY_TTL_SECONDS
            : null;
      if (ttl === null) writes.set(key, JSON.stringify(bars));
      else {
        // A passing entry also says until when it holds, so a reader's clock (`now`) decides, not only Redis'.
        const until = request.now + ttl * 1000;
        writes.set(key, JSON.stringify({ until, bars }), { ex: ttl });
      }
      pendingWrites++;
    }
  }
  if (pendingWrites > 0) await writes.exec();
  return Object.fromEntries(days.map((day) => [day, answers[day] as DayAnswer]));
}

/** Sorted days → runs of days close enough to share one call. */
function runs(days: readonly string[], maxRun: number): string[][] {
  const out: string[][] = [];
  for (const day of days) {
    const run = out.at(-1);
    const previous = run?.at(-1);
    if (run && previous && run.length < maxRun && daysBetween(previous, day) <= MAX_GAP_DAYS) run.push(day);
    else out.push([day]);
  }
  return out;
}

/** The bars of the run's days, by New York date of each bar's start; bars of other days are dropped. */
function splitByDay(bars: readonly Bar[], run: readonly string[]): Map<string, Bar[]> {
  const byDay = new Map<string, Bar[]>(run.map((day) => [day, []]));
  for (const bar of bars) byDay.get(marketDay(bar.t))?.push(bar);
  return byDay;
}

/** A finished day's Bar[], or today's `{ until, bars }` while it holds; null when absent or stale. */
function readBars(raw: string | null | undefined, now: number): Bar[] | null {
  const value = parseJson<unknown>(raw);
  if (Array.isArray(value)) return value as Bar[];
  if (value && typeof value === 'object') {
    const { until, bars } = value as { until?: unknown; bars?: unknown };
    if (typeof until === 'number' && now < until && Array.isArray(bars)) return bars as Bar[];
  }
  return null;
}
