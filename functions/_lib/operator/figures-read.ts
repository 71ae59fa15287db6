import { REFERRED_PAYMENTS_KEY, type ReferredPayment } from '../billing/local-referrals.ts';
import type { ApiResponse } from '../contract/index.ts';
import type { Deps } from '../deps.ts';
import { flatEntries } from '../store.ts';
import { parseRecent, reasonCounts } from './churn.ts';
import { dayCounts, daysBefore, daysBetween, liveSnapshot, parseSnapshot } from './figures.ts';
import { opsKeys } from './keys.ts';
import {
  type CommissionsOwed,
  commissionsOwed,
  currentFigures,
  type DailySnapshot,
  dayOf,
  type PlanPrices,
  periodFigures,
} from './metrics.ts';

/**
 * `operator/metrics` (docs/operator.md "Money and churn"): the figures from the stored snapshots,
 * never the members, so 100 or 100,000 members cost the same. Two round trips: the year of
 * snapshots, the churn reasons and the referred payments in one pipeline, then the counts of each day
 * since the latest snapshot (today's, usually) for today's figures so far.
 */

/** Days of snapshots read: 12 months back from any day, and the day before them (churn's start). */
export const METRICS_DAYS = 400;
/** The chart's days (the last year). */
export const CHART_DAYS = 366;
/** Days after the latest snapshot whose counts move today's gauges (a job down longer is a gap). */
const LIVE_DAYS_MAX = 31;
const PERIODS = 12;
/** The latest churn reasons answered (the list keeps more). */
export const RECENT_REASONS = 50;

export interface MetricsOptions {
  prices: PlanPrices;
  /** Local billing keeps the referred payments; with Stripe, Rewardful has them. */
  commissions: { source: 'local'; percent: number } | { source: 'rewardful' };
}

export async function readMetrics(
  deps: Pick<Deps, 'store' | 'now'>,
  options: MetricsOptions,
): Promise<ApiResponse<'operator/metrics'>> {
  const { store } = deps;
  const today = dayOf(deps.now());
  const days = daysBetween(daysBefore(today, METRICS_DAYS - 1), today);
  const local = options.commissions.source === 'local';
  const first = store
    .pipeline()
    .hmget(opsKeys.snapshots, ...days)
    .hgetall(opsKeys.churnReasons)
    .lrange(opsKeys.churnRecent, 0, RECENT_REASONS - 1);
  if (local) first.zrange(REFERRED_PAYMENTS_KEY, 0, -1);
  const [rawSnapshots, rawReasons, rawRecent, rawPayments] =
    await first.exec<[unknown, unknown, unknown, unknown?]>();

  const snapshots: DailySnapshot[] = [];
  for (const [i, raw] of (Array.isArray(rawSnapshots) ? rawSnapshots : []).entries()) {
    const snapshot = parseSnapshot(raw);
    if (snapshot && snapshot.day === days[i] && snapshot.day !== today) snapshots.push(snapshot);
  }
  const latest = snapshots.at(-1) ?? null;
  // The days whose counts moved the members since the latest snapshot (at most a month of them).
  const earliest = daysBefore(today, LIVE_DAYS_MAX - 1);
  const liveFrom = !latest ? today : latest.day < earliest ? earliest : daysBefore(latest.day, -1);
  const liveDays = daysBetween(liveFrom, today);
  const second = store.pipeline();
  for (const day of liveDays) second.hgetall(opsKeys.day(day));
  const counts = (await second.exec<unknown[]>()).map((raw, i) => ({
    day: liveDays[i] as string,
    counts: dayCounts(flatEntries(raw)),
  }));
  const live = liveSnapshot(latest, counts, today, options.prices);
  const all = [...snapshots, live];

  return {
    current: { ...currentFigures(live), snapshotDay: latest?.day ?? null },
    weeks: periodFigures(all, 'week').slice(-PERIODS),
    months: periodFigures(all, 'month').slice(-PERIODS),
    days: all.slice(-CHART_DAYS),
    commissions:
      options.commissions.source === 'local'
        ? {
            source: 'local',
            owed: owedFrom(rawPayments, options.commissions.percent),
          }
        : { source: 'rewardful', owed: null },
    churnReasons: {
      counts: reasonCounts(flatEntries(rawReasons)),
      recent: parseRecent(rawRecent),
    },
  };
}

function owedFrom(raw: unknown, percent: number): CommissionsOwed {
  const payments: ReferredPayment[] = [];
  for (const member of Array.isArray(raw) ? raw : []) {
    try {
      payments.push(JSON.parse(String(member)) as ReferredPayment);
    } catch {
      // An unreadable record is left out of the sum.
    }
  }
  return commissionsOwed(payments, percent);
}
