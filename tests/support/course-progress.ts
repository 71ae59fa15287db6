import type { Trade } from '../../functions/_lib/contract/trades.ts';
import { checkKeys } from '../../functions/_lib/courses/attempts.ts';
import type { BundledCourse } from '../../functions/_lib/courses/library.ts';
import { progressKeys } from '../../functions/_lib/courses/progress-keys.ts';
import type { Store } from '../../functions/_lib/store.ts';
import { tradeKeys } from '../../functions/_lib/trade-store/keys.ts';

/** A watch record with every part watched (courses/watch.ts). */
export const FULLY_WATCHED = JSON.stringify({ b: 'f'.repeat(25), p: 0, t: 0 });
/** A check summary: passed at the first attempt. */
export const PASSED_CHECK = JSON.stringify({
  attempts: 1,
  best: 100,
  passed: true,
  lastAt: 0,
  retryAt: null,
});

/** What of a course these writers need: a bundled course or one as content.ts loads it. */
interface CourseShape {
  slug: string;
  modules: ReadonlyArray<{
    id: string;
    check?: unknown;
    lessons: ReadonlyArray<{ video?: string | undefined; article?: string | undefined }>;
  }>;
}

/** The keys and values that make every lesson of `modules` done and every check passed. */
export function lessonsAndChecksDone(sub: string, course: CourseShape, modules = course.modules) {
  const lessons = modules.flatMap((m) => m.lessons);
  return {
    watch: Object.fromEntries(lessons.flatMap((l) => (l.video ? [[l.video, FULLY_WATCHED]] : []))),
    articles: lessons.flatMap((l) => (l.article ? [l.article] : [])),
    checks: modules.flatMap((m) =>
      m.check ? [[checkKeys.record(sub, course.slug, m.id), PASSED_CHECK]] : [],
    ) as Array<[string, string]>,
  };
}

/** The setup tag the course's tagged-trips goal names ("checked-filings"), as the member would add it. */
export const CHECKED_FILINGS = {
  id: 'setup:checked-filings',
  name: 'Checked filings',
  kind: 'setup',
} as const;

/**
 * `count` closed round trips (a buy then a sell of its own symbol, a day apart in 2026), each with a
 * planned risk and the Checked filings tag noted, and a note on the buy: enough for every goal of
 * the course (closed-trips-with-risk, tagged-trips, reviewed-trades).
 */
export function reviewedTripsWithRisk(
  count: number,
  { tagged = true }: { tagged?: boolean } = {},
): { trades: Trade[]; tripNotes: Record<string, string> } {
  const trades: Trade[] = [];
  const tripNotes: Record<string, string> = {};
  for (let i = 0; i < count; i += 1) {
    const time = Date.UTC(2026, 0, 5 + i, 15);
    const base = {
      symbol: `GOAL${String.fromCharCode(65 + i)}`,
      shares: '1000',
      fees: '0',
      updated: time,
      source: 'manual',
      account: null,
      intent: null,
      currency: 'USD',
      fingerprint: null,
    } as const;
    const buy: Trade = {
      ...base,
      trade_id: `trade_goalbuy${i}`,
      tradeType: 'buy',
      buyPrice: '0.0100',
      sellPrice: null,
      sellProfit: null,
      note: 'Followed the plan: entry at the bid, stop under support.',
      time,
    };
    const sell: Trade = {
      ...base,
      trade_id: `trade_goalsell${i}`,
      tradeType: 'sell',
      buyPrice: '0.0100',
      sellPrice: '0.0120',
      sellProfit: '+',
      note: '',
      time: time + 60 * 60 * 1000,
    };
    trades.push(buy, sell);
    tripNotes[buy.trade_id] = JSON.stringify({ tags: tagged ? [CHECKED_FILINGS.id] : [], risk: '50' });
  }
  return { trades, tripNotes };
}

/** Saves trades and trip notes where the journal keeps them (as its scripts do), in one pipeline. */
export async function saveTrades(
  store: Store,
  sub: string,
  trades: readonly Trade[],
  tripNotes: Record<string, string>,
) {
  const pipe = store.pipeline();
  for (const t of trades) {
    pipe.set(tradeKeys.trade(sub, t.trade_id), JSON.stringify(t));
    pipe.zadd(tradeKeys.trades(sub), { score: t.time, member: t.trade_id });
    pipe.zadd(tradeKeys.symbol(sub, t.symbol), { score: t.time, member: t.trade_id });
  }
  if (Object.keys(tripNotes).length > 0) pipe.hset(tradeKeys.tripNotes(sub), tripNotes);
  pipe.hset(tradeKeys.tags(sub), { [CHECKED_FILINGS.id]: JSON.stringify(CHECKED_FILINGS) });
  await pipe.exec();
}

/**
 * Makes `modules` (all by default) of a course done for a member: every lesson watched or read,
 * every check passed and, with `goals`, enough reviewed round trips with a planned risk.
 */
export async function completeModules(
  store: Store,
  sub: string,
  course: BundledCourse,
  { modules = course.modules, goals = true }: { modules?: BundledCourse['modules']; goals?: boolean } = {},
) {
  const done = lessonsAndChecksDone(sub, course, modules);
  const pipe = store.pipeline();
  if (Object.keys(done.watch).length > 0) pipe.hset(progressKeys.watch(sub), done.watch);
  if (done.articles.length > 0) pipe.sadd(progressKeys.articlesRead(sub), ...(done.articles as [string]));
  for (const [key, value] of done.checks) pipe.set(key, value);
  if (modules.length > 0) await pipe.exec();
  if (goals) {
    const { trades, tripNotes } = reviewedTripsWithRisk(10);
    await saveTrades(store, sub, trades, tripNotes);
  }
}
