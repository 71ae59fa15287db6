import { arrCents, mrrFromArr, type PlanPrices } from '../billing/member-price.ts';
import { hasAccess, type Membership } from '../billing/membership.ts';
import type { Cash } from '../contract/operator.ts';
import { type CashCents, cashOf, zeroCash } from '../ledger/cash.ts';
import { type Change, dayOf } from './metrics-change.ts';

/**
 * The operator's money and churn figures (issue 33), as pure functions over memberships and daily
 * snapshots: billing writes classify each change (`classifyChange`) and count it on its day
 * (`applyChange`); a scheduled job writes the day's snapshot from the memberships (`snapshotFrom`);
 * the console reads snapshots only (`periodFigures`, `currentFigures`), so its answer costs the same
 * for 100 members or 100,000. Revenue is what members actually pay (billing/member-price.ts), kept
 * as annual cents (ARR) so every sum is exact; MRR is made from it once, at the end.
 */
export type { PlanPrices } from '../billing/member-price.ts';
export { type Change, type ChangeEvent, classifyChange, dayOf, type Standing } from './metrics-change.ts';
export { type CommissionsOwed, commissionsOwed } from './metrics-commissions.ts';
export { type Period, type PeriodFigures, periodFigures, periodOf } from './metrics-periods.ts';

export interface ActiveByPlan {
  monthly: number;
  yearly: number;
}

/**
 * One UTC day of figures. The gauges (`active`, `pastDue`, `arr`, `mrr`) are as at the day's last
 * millisecond; the counters are the changes counted on that day.
 */
export interface DailySnapshot {
  day: string;
  /** Members with access (hasAccess), by plan; past-due members within the grace included. */
  active: ActiveByPlan;
  /** Members with access whose renewal failed (past_due, within the grace). */
  pastDue: number;
  new: number;
  reactivated: number;
  cancelled: number;
  lost: number;
  /** Annual recurring revenue of `active` in cents: what they pay (monthly × 12, yearly as is). */
  arr: number;
  /** ARR cents that came in that day: members new or back, and members paying more. */
  arrAdded: number;
  /** ARR cents of the members lost that day (what they paid). */
  arrLost: number;
  /** Monthly recurring revenue of `active`: `arr` ÷ 12, in dollars (mrrFromArr). */
  mrr: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** ms of a day's first instant (UTC); refuses anything but a real `YYYY-MM-DD`. */
export function dayStart(day: string): number {
  const start = Date.parse(`${day}T00:00:00Z`);
  if (!DAY_PATTERN.test(day) || Number.isNaN(start) || dayOf(start) !== day)
    throw new Error(`not a day: ${day}`);
  return start;
}

export const emptySnapshot = (day: string): DailySnapshot => {
  dayStart(day);
  return {
    day,
    active: { monthly: 0, yearly: 0 },
    pastDue: 0,
    new: 0,
    reactivated: 0,
    cancelled: 0,
    lost: 0,
    arr: 0,
    arrAdded: 0,
    arrLost: 0,
    mrr: mrrFromArr(0),
  };
};

/** What one change adds to a day's figures: gauge moves (from → to) and counter increments. */
export interface ChangeCounts {
  monthly: number;
  yearly: number;
  pastDue: number;
  new: number;
  reactivated: number;
  cancelled: number;
  lost: number;
  /** The ARR gauge's move in cents (what the member pays now less what they paid, when counted). */
  arr: number;
  /** ARR cents added: a member new or back (all they pay), or paying more than before (the rise). */
  arrAdded: number;
  /** ARR cents lost: what a member lost paid. */
  arrLost: number;
}

export function changeCounts(change: Change): ChangeCounts {
  const moved = (test: (s: NonNullable<Change['to']>) => boolean) =>
    (change.to && test(change.to) ? 1 : 0) - (change.from && test(change.from) ? 1 : 0);
  const times = (event: Change['events'][number]) => change.events.filter((e) => e === event).length;
  const lost = times('lost');
  const joined = times('new') + times('reactivated');
  const from = change.from?.arr ?? 0;
  const to = change.to?.arr ?? 0;
  // A member who stayed and pays more adds the rise: so revenue churn's base holds every cent
  // that could be lost, and a member lost after a rise never counts for more than the base.
  const rise = change.from && change.to && lost === 0 ? Math.max(0, to - from) : 0;
  return {
    monthly: moved((s) => s.plan === 'monthly'),
    yearly: moved((s) => s.plan === 'yearly'),
    pastDue: moved((s) => s.pastDue),
    new: times('new'),
    reactivated: times('reactivated'),
    cancelled: times('cancelled'),
    lost,
    arr: to - from,
    arrAdded: (joined > 0 ? to : 0) + rise,
    arrLost: lost > 0 ? from : 0,
  };
}

/**
 * The day's snapshot with one change counted (a new object). The gauges move by where the member
 * was and is counted, so between scheduled snapshots they follow the billing events; a period or
 * grace that runs out with no event moves them only at the next event or the next `snapshotFrom`.
 * MRR is made from the ARR cents, never adjusted, so it cannot drift.
 */
export function applyChange(snapshot: DailySnapshot, change: Change): DailySnapshot {
  if (change.day !== snapshot.day)
    throw new Error(`a change of ${change.day} on the snapshot of ${snapshot.day}`);
  const d = changeCounts(change);
  const arr = snapshot.arr + d.arr;
  return {
    day: snapshot.day,
    active: { monthly: snapshot.active.monthly + d.monthly, yearly: snapshot.active.yearly + d.yearly },
    pastDue: snapshot.pastDue + d.pastDue,
    new: snapshot.new + d.new,
    reactivated: snapshot.reactivated + d.reactivated,
    cancelled: snapshot.cancelled + d.cancelled,
    lost: snapshot.lost + d.lost,
    arr,
    arrAdded: snapshot.arrAdded + d.arrAdded,
    arrLost: snapshot.arrLost + d.arrLost,
    mrr: mrrFromArr(arr),
  };
}

/** The gauges of a set of memberships at one instant: access by plan, past due, and ARR cents. */
export interface Gauges {
  active: ActiveByPlan;
  pastDue: number;
  arr: number;
}

export function gaugesAt(memberships: Iterable<Membership>, prices: PlanPrices, at: number): Gauges {
  const gauges = { active: { monthly: 0, yearly: 0 }, pastDue: 0, arr: 0 };
  for (const m of memberships) {
    if (!hasAccess(m, at)) continue;
    gauges.active[m.plan] += 1;
    if (m.status === 'past_due') gauges.pastDue += 1;
    gauges.arr += arrCents(m, prices);
  }
  return gauges;
}

/**
 * The snapshot a scheduled job writes for `day`: gauges from every membership's access at the day's
 * last millisecond (hasAccess, the members' own rule) and what each pays, counters from the changes
 * counted that day (those of other days are ignored). One pass over the memberships: linear in
 * their number.
 */
export function snapshotFrom(
  memberships: Iterable<Membership>,
  prices: PlanPrices,
  day: string,
  changesThatDay: Iterable<Change>,
): DailySnapshot {
  const { active, pastDue, arr } = gaugesAt(memberships, prices, dayStart(day) + DAY_MS - 1);
  const counters = { new: 0, reactivated: 0, cancelled: 0, lost: 0, arrAdded: 0, arrLost: 0 };
  for (const change of changesThatDay) {
    if (change.day !== day) continue;
    const d = changeCounts(change);
    counters.new += d.new;
    counters.reactivated += d.reactivated;
    counters.cancelled += d.cancelled;
    counters.lost += d.lost;
    counters.arrAdded += d.arrAdded;
    counters.arrLost += d.arrLost;
  }
  return {
    day,
    active,
    pastDue,
    new: counters.new,
    reactivated: counters.reactivated,
    cancelled: counters.cancelled,
    lost: counters.lost,
    arr,
    arrAdded: counters.arrAdded,
    arrLost: counters.arrLost,
    mrr: mrrFromArr(arr),
  };
}

export interface CurrentFigures {
  day: string;
  active: ActiveByPlan & { total: number };
  pastDue: number;
  mrr: string;
  /** The latest day's counters (today's so far, when billing events keep it). */
  today: { new: number; reactivated: number; cancelled: number; lost: number };
  /** The day's money so far, from the ledger. */
  cash: Cash;
}

/** The console's headline figures from the latest snapshot and its day's money. */
export function currentFigures(latest: DailySnapshot, cash: CashCents = zeroCash()): CurrentFigures {
  return {
    day: latest.day,
    active: { ...latest.active, total: latest.active.monthly + latest.active.yearly },
    pastDue: latest.pastDue,
    mrr: latest.mrr,
    today: {
      new: latest.new,
      reactivated: latest.reactivated,
      cancelled: latest.cancelled,
      lost: latest.lost,
    },
    cash: cashOf(cash),
  };
}
