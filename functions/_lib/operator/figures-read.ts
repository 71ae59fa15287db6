import { REFERRED_PAYMENTS_KEY, type ReferredPayment } from '../billing/local-referrals.ts';
import type { ApiResponse } from '../contract/index.ts';
import type { Deps } from '../deps.ts';
import { CASH_DAYS_LUA, type CashCents, cashDaysOf, cashOf, zeroCash } from '../ledger/cash.ts';
import { ledgerKeys } from '../ledger/keys.ts';
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
  periodOf,
} from './metrics.ts';

/**
 * `operator/metrics` (docs/operator.md "Money and churn"): the figures from the stored snapshots
 * and the ledger's day totals, never the members, so 100 or 100,000 members cost the same. One
 * round trip: a single pipeline reads the year of snapshots, the ledger's days (one script for all
 * of them), the counts of the last month's days (those after the latest snapshot move today's
 * gauges), the churn reasons and the referred payments.
 */

/** Days of snapshots read: 12 months back from any day, and the day before them (churn's start). */
export const METRICS_DAYS = 400;
/** The chart's days (the last year). */
export const CHART_DAYS = 366;
/** Days after the latest snapshot whose counts move today's gauges (a job down longer is a gap). */
export const LIVE_DAYS_MAX = 31;
const PERIODS = 12;
/** The latest churn reasons answered (the list keeps more). */
export const RECENT_REASONS = 50;

export interface MetricsOptions {
  prices: PlanPrices;
  /** Local billing keeps the referred payments; with Stripe, Rewardful has them. */
  commissions: { source: 'local'; percent: number } | { source: 'rewardful' };
}

type Metrics = ApiResponse<'operator/metrics'>;

/** The first day of the periods answered: the 12th week and the 12th month back, today's included. */
export function firstPeriodDays(today: string): { week: string; month: string } {
  const date = new Date(`${today}T00:00:00Z`);
  const month = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - (PERIODS - 1), 1));
  return {
    week: periodOf(daysBefore(today, 7 * (PERIODS - 1)), 'week').first,
    month: month.toISOString().slice(0, 10),
  };
}

/** The days whose money is read: the chart's and every day of the periods answered. */
export function ledgerDays(today: string): string[] {
  const periods = firstPeriodDays(today);
  const first = [daysBefore(today, CHART_DAYS - 1), periods.week, periods.month].sort()[0] as string;
  return daysBetween(first, today);
}

export async function readMetrics(
  deps: Pick<Deps, 'store' | 'now'>,
  options: MetricsOptions,
): Promise<ApiResponse<'operator/metrics'>> {
  const { store } = deps;
  const today = dayOf(deps.now());
  const days = daysBetween(daysBefore(today, METRICS_DAYS - 1), today);
  const liveDays = daysBetween(daysBefore(today, LIVE_DAYS_MAX - 1), today);
  const cashDays = ledgerDays(today);
  const local = options.commissions.source === 'local';
  // Everything in one round trip: which days follow the latest snapshot is known only once the
  // snapshots are read, so the counts of every day it could be are read beside them (at most a
  // month of small hashes), and the ones at or before it are passed over.
  const pipe = store
    .pipeline()
    .hmget(opsKeys.snapshots, ...days)
    .eval(CASH_DAYS_LUA, cashDays.map(ledgerKeys.day), [])
    .hgetall(opsKeys.churnReasons)
    .lrange(opsKeys.churnRecent, 0, RECENT_REASONS - 1);
  for (const day of liveDays) pipe.hgetall(opsKeys.day(day));
  if (local) pipe.zrange(REFERRED_PAYMENTS_KEY, 0, -1);
  const replies = await pipe.exec<unknown[]>();
  const [rawSnapshots, rawCash, rawReasons, rawRecent] = replies;
  const rawCounts = replies.slice(4, 4 + liveDays.length);
  const rawPayments = local ? replies.at(-1) : undefined;

  const snapshots: DailySnapshot[] = [];
  for (const [i, raw] of (Array.isArray(rawSnapshots) ? rawSnapshots : []).entries()) {
    const snapshot = parseSnapshot(raw);
    if (snapshot && snapshot.day === days[i] && snapshot.day !== today) snapshots.push(snapshot);
  }
  const latest = snapshots.at(-1) ?? null;
  const counts = liveDays.map((day, i) => ({
    day,
    counts: dayCounts(flatEntries(rawCounts[i]), options.prices),
  }));
  const live = liveSnapshot(latest, counts, today);
  const all = [...snapshots, live];
  const cashByDay = cashDaysOf(rawCash, cashDays.length);
  const cash = new Map<string, CashCents>(cashDays.map((day, i) => [day, cashByDay[i] ?? zeroCash()]));
  const cashOfDay = (day: string) => cashOf(cash.get(day) ?? zeroCash());
  const periods = firstPeriodDays(today);
  const chartFrom = daysBefore(today, CHART_DAYS - 1);

  return {
    current: { ...currentFigures(live, cash.get(today)), snapshotDay: latest?.day ?? null },
    weeks: periodFigures(all, 'week', cash).filter((p) => p.first >= periods.week),
    months: periodFigures(all, 'month', cash).filter((p) => p.first >= periods.month),
    days: all.filter((s) => s.day >= chartFrom).map((s) => dayFigures(s, cashOfDay(s.day))),
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

/** A day as answered: the snapshot's figures (its revenue cents stay in the store) and its money. */
const dayFigures = (s: DailySnapshot, cash: Metrics['current']['cash']): Metrics['days'][number] => ({
  day: s.day,
  active: s.active,
  pastDue: s.pastDue,
  new: s.new,
  reactivated: s.reactivated,
  cancelled: s.cancelled,
  lost: s.lost,
  mrr: s.mrr,
  cash,
});

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
