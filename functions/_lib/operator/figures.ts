import type { Membership } from '../billing/membership.ts';
import {
  type ActiveByPlan,
  type ChangeCounts,
  changeCounts,
  classifyChange,
  type DailySnapshot,
  dayStart,
  emptySnapshot,
  mrr,
  type PlanPrices,
} from './metrics.ts';

/**
 * The figures kept in the store (docs/operator.md "Money and churn"): what a membership write adds
 * to its day (`ops:day:{day}`, counted by saveMembership's script with the write), and the daily
 * snapshot built from the memberships plus that day's counts. The pure rules are metrics.ts'.
 */

/** The fields of `ops:day:{day}`: the day's counts and the gauges' moves (ChangeCounts). */
export const DAY_FIELDS = [
  'new',
  'reactivated',
  'cancelled',
  'lost',
  'monthly',
  'yearly',
  'pastDue',
] as const;

/** A day's counters live a little over a year: the snapshots keep them after that. */
export const DAY_COUNTS_TTL_S = 400 * 24 * 60 * 60;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What writing `after` over `before` adds to the day of `now`, as HINCRBY arguments (field, amount,
 * …; only the fields that move). Empty when the write would be refused (an older state) or changes
 * nothing the figures count.
 */
export function dayCountArgs(before: Membership | null, after: Membership, now: number): string[] {
  if (before && before.asOf > after.asOf) return [];
  const counts = changeCounts(classifyChange(before, after, now));
  return DAY_FIELDS.flatMap((field) => (counts[field] === 0 ? [] : [field, String(counts[field])]));
}

const zeroCounts = (): ChangeCounts => ({
  monthly: 0,
  yearly: 0,
  pastDue: 0,
  new: 0,
  reactivated: 0,
  cancelled: 0,
  lost: 0,
});

/** A day's counts from its raw HGETALL pairs (missing fields are 0). */
export function dayCounts(entries: Array<[string, string]>): ChangeCounts {
  const counts = zeroCounts();
  for (const [field, value] of entries) {
    if ((DAY_FIELDS as readonly string[]).includes(field))
      counts[field as keyof ChangeCounts] = Number(value) || 0;
  }
  return counts;
}

/** The day's snapshot: gauges counted from the memberships (snapshot.ts), counters from its counts. */
export function daySnapshot(
  day: string,
  gauges: { active: ActiveByPlan; pastDue: number },
  counts: ChangeCounts,
  prices: PlanPrices,
): DailySnapshot {
  dayStart(day);
  const active = { monthly: gauges.active.monthly, yearly: gauges.active.yearly };
  return {
    day,
    active,
    pastDue: gauges.pastDue,
    new: counts.new,
    reactivated: counts.reactivated,
    cancelled: counts.cancelled,
    lost: counts.lost,
    mrr: mrr(active, prices),
  };
}

/**
 * Today's figures so far: the latest snapshot's gauges moved by the counts of each later day (the
 * billing events since), today's counters from today's counts. Before the first snapshot the
 * gauges start at 0. A gauge never goes below 0 (a move whose member the snapshot did not count).
 */
export function liveSnapshot(
  latest: DailySnapshot | null,
  later: ReadonlyArray<{ day: string; counts: ChangeCounts }>,
  today: string,
  prices: PlanPrices,
): DailySnapshot {
  if (latest?.day === today) return latest;
  const base = latest ?? emptySnapshot(today, prices);
  const active = { ...base.active };
  let pastDue = base.pastDue;
  let counters = zeroCounts();
  for (const { day, counts } of later) {
    if (latest && day <= latest.day) continue;
    active.monthly = Math.max(0, active.monthly + counts.monthly);
    active.yearly = Math.max(0, active.yearly + counts.yearly);
    pastDue = Math.max(0, pastDue + counts.pastDue);
    if (day === today) counters = counts;
  }
  return daySnapshot(today, { active, pastDue }, counters, prices);
}

/** The UTC days from `first` to `last`, both included, oldest first. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let at = dayStart(first); at <= dayStart(last); at += DAY_MS)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/** The day `n` days before `day`. */
export const daysBefore = (day: string, n: number): string =>
  new Date(dayStart(day) - n * DAY_MS).toISOString().slice(0, 10);

/** A stored snapshot, or null when it does not read back as one. */
export function parseSnapshot(raw: unknown): DailySnapshot | null {
  if (typeof raw !== 'string') return null;
  try {
    const value = JSON.parse(raw) as DailySnapshot;
    return typeof value.day === 'string' && typeof value.mrr === 'string' && value.active ? value : null;
  } catch {
    return null;
  }
}
