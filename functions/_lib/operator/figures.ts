import { billingContent } from '../billing/billing-content.ts';
import { arrFromMrr, mrrFromArr, type PlanPrices, priceCents } from '../billing/member-price.ts';
import type { Membership } from '../billing/membership.ts';
import {
  type ChangeCounts,
  changeCounts,
  classifyChange,
  type DailySnapshot,
  dayStart,
  emptySnapshot,
  type Gauges,
} from './metrics.ts';

/**
 * The figures kept in the store (docs/operator.md "Money and churn"): what a membership write adds
 * to its day (`ops:day:{day}`, counted by saveMembership's script with the write), and the daily
 * snapshot built from the memberships plus that day's counts. The pure rules are metrics.ts'.
 */

/**
 * The fields of `ops:day:{day}`, all integers: the day's counts, the gauges' moves, and the ARR
 * (cents) moved, added and lost (ChangeCounts).
 */
export const DAY_FIELDS = [
  'new',
  'reactivated',
  'cancelled',
  'lost',
  'monthly',
  'yearly',
  'pastDue',
  'arr',
  'arrAdded',
  'arrLost',
] as const;

/** A day's counters live a little over a year: the snapshots keep them after that. */
export const DAY_COUNTS_TTL_S = 400 * 24 * 60 * 60;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What writing `after` over `before` adds to the day of `now`, as HINCRBY arguments (field, amount,
 * …; only the fields that move). Empty when the write would be refused (an older state) or changes
 * nothing the figures count. `prices`: the plans' list prices, for a record without its own price.
 */
export function dayCountArgs(
  before: Membership | null,
  after: Membership,
  now: number,
  prices: PlanPrices = billingContent().plans,
): string[] {
  if (before && before.asOf > after.asOf) return [];
  const counts = changeCounts(classifyChange(before, after, now, prices));
  return DAY_FIELDS.flatMap((field) => (counts[field] === 0 ? [] : [field, String(counts[field])]));
}

/** A day with nothing counted. */
export const zeroCounts = (): ChangeCounts => ({
  monthly: 0,
  yearly: 0,
  pastDue: 0,
  new: 0,
  reactivated: 0,
  cancelled: 0,
  lost: 0,
  arr: 0,
  arrAdded: 0,
  arrLost: 0,
});

/**
 * A day's counts from its raw HGETALL pairs (missing fields are 0). A day counted before ARR was
 * kept has plan moves but no `arr`: its move is taken at the list prices `prices`, when given.
 */
export function dayCounts(
  entries: ReadonlyArray<readonly [string, string]>,
  prices?: PlanPrices,
): ChangeCounts {
  const counts = zeroCounts();
  let hasArr = false;
  for (const [field, value] of entries) {
    if ((DAY_FIELDS as readonly string[]).includes(field))
      counts[field as keyof ChangeCounts] = Number(value) || 0;
    if (field === 'arr') hasArr = true;
  }
  if (!hasArr && prices) {
    counts.arr =
      counts.monthly * 12 * (priceCents(prices.monthly.price) ?? 0) +
      counts.yearly * (priceCents(prices.yearly.price) ?? 0);
  }
  return counts;
}

/** The day's snapshot: gauges counted from the memberships (snapshot.ts), counters from its counts. */
export function daySnapshot(day: string, gauges: Gauges, counts: ChangeCounts): DailySnapshot {
  dayStart(day);
  return {
    day,
    active: { monthly: gauges.active.monthly, yearly: gauges.active.yearly },
    pastDue: gauges.pastDue,
    new: counts.new,
    reactivated: counts.reactivated,
    cancelled: counts.cancelled,
    lost: counts.lost,
    arr: gauges.arr,
    arrAdded: counts.arrAdded,
    arrLost: counts.arrLost,
    mrr: mrrFromArr(gauges.arr),
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
): DailySnapshot {
  if (latest?.day === today) return latest;
  const base = latest ?? emptySnapshot(today);
  const active = { ...base.active };
  let pastDue = base.pastDue;
  let arr = base.arr;
  let counters = zeroCounts();
  for (const { day, counts } of later) {
    if ((latest && day <= latest.day) || day > today) continue;
    active.monthly = Math.max(0, active.monthly + counts.monthly);
    active.yearly = Math.max(0, active.yearly + counts.yearly);
    pastDue = Math.max(0, pastDue + counts.pastDue);
    arr = Math.max(0, arr + counts.arr);
    if (day === today) counters = counts;
  }
  return daySnapshot(today, { active, pastDue, arr }, counters);
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

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * A stored snapshot, or null when it does not read back as one. One stored before ARR was kept
 * (list-price MRR, no revenue counters) reads with its ARR from its MRR, and the revenue its day
 * added and lost estimated at the day's average per member: the nearest the record allows.
 */
export function parseSnapshot(raw: unknown): DailySnapshot | null {
  if (typeof raw !== 'string') return null;
  let value: Partial<DailySnapshot>;
  try {
    value = JSON.parse(raw) as Partial<DailySnapshot>;
  } catch {
    return null;
  }
  if (typeof value.day !== 'string' || typeof value.mrr !== 'string' || !value.active) return null;
  const active = { monthly: count(value.active.monthly), yearly: count(value.active.yearly) };
  const counters = {
    new: count(value.new),
    reactivated: count(value.reactivated),
    cancelled: count(value.cancelled),
    lost: count(value.lost),
  };
  const kept = typeof value.arr === 'number';
  const arr = kept ? count(value.arr) : arrFromMrr(value.mrr);
  const members = active.monthly + active.yearly;
  const average = members > 0 ? Math.round(arr / members) : 0;
  return {
    day: value.day,
    active,
    pastDue: count(value.pastDue),
    ...counters,
    arr,
    arrAdded: kept ? count(value.arrAdded) : (counters.new + counters.reactivated) * average,
    arrLost: kept ? count(value.arrLost) : counters.lost * average,
    mrr: mrrFromArr(arr),
  };
}
