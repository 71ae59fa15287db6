import Big from 'big.js';
import { hasAccess, type Membership, type Plan } from '../billing/membership.ts';
import { type Change, dayOf } from './metrics-change.ts';

/**
 * The operator's money and churn figures (issue 33), as pure functions over memberships and daily
 * snapshots: billing writes classify each change (`classifyChange`) and count it on its day
 * (`applyChange`); a scheduled job writes the day's snapshot from the memberships (`snapshotFrom`);
 * the console reads snapshots only (`periodFigures`, `currentFigures`), so its answer costs the same
 * for 100 members or 100,000.
 */
export { type Change, type ChangeEvent, classifyChange, dayOf, type Standing } from './metrics-change.ts';
export { type CommissionsOwed, commissionsOwed } from './metrics-commissions.ts';
export { type Period, type PeriodFigures, periodFigures, periodOf } from './metrics-periods.ts';

/** Each plan's price as an exact decimal string: content/billing.json `plans` and `Plans` both fit. */
export type PlanPrices = Record<Plan, { price: string }>;

export interface ActiveByPlan {
  monthly: number;
  yearly: number;
}

/**
 * One UTC day of figures. The gauges (`active`, `pastDue`, `mrr`) are as at the day's last
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
  /** Monthly recurring revenue of `active`, see `mrr`. */
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

/** A private big.js constructor, so no other module's settings change its rounding (as trades/money.ts). */
const Dec = Big();
Dec.DP = 20;
Dec.RM = Big.roundHalfUp;

/**
 * Monthly recurring revenue: monthly × its price + yearly × its price ÷ 12, at list prices (promo
 * discounts are not known per member here). Summed exactly and rounded once, at the end, to the cent,
 * half up (as the billing's other amounts): 1 yearly at 599.99 is 49.99916… → "50.00", never a sum of
 * per-member roundings.
 */
export function mrr(active: ActiveByPlan, prices: PlanPrices): string {
  const twelveMonths = new Dec(prices.monthly.price)
    .times(active.monthly)
    .times(12)
    .plus(new Dec(prices.yearly.price).times(active.yearly));
  return twelveMonths.div(12).round(2, Big.roundHalfUp).toFixed(2);
}

export const emptySnapshot = (day: string, prices: PlanPrices): DailySnapshot => {
  dayStart(day);
  const active = { monthly: 0, yearly: 0 };
  return { day, active, pastDue: 0, new: 0, reactivated: 0, cancelled: 0, lost: 0, mrr: mrr(active, prices) };
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
}

export function changeCounts(change: Change): ChangeCounts {
  const moved = (test: (s: NonNullable<Change['to']>) => boolean) =>
    (change.to && test(change.to) ? 1 : 0) - (change.from && test(change.from) ? 1 : 0);
  const times = (event: Change['events'][number]) => change.events.filter((e) => e === event).length;
  return {
    monthly: moved((s) => s.plan === 'monthly'),
    yearly: moved((s) => s.plan === 'yearly'),
    pastDue: moved((s) => s.pastDue),
    new: times('new'),
    reactivated: times('reactivated'),
    cancelled: times('cancelled'),
    lost: times('lost'),
  };
}

/**
 * The day's snapshot with one change counted (a new object). The gauges move by where the member
 * was and is counted, so between scheduled snapshots they follow the billing events; a period or
 * grace that runs out with no event moves them only at the next event or the next `snapshotFrom`.
 * MRR is recomputed from the counts, never adjusted, so it cannot drift.
 */
export function applyChange(snapshot: DailySnapshot, change: Change, prices: PlanPrices): DailySnapshot {
  if (change.day !== snapshot.day)
    throw new Error(`a change of ${change.day} on the snapshot of ${snapshot.day}`);
  const d = changeCounts(change);
  const active = { monthly: snapshot.active.monthly + d.monthly, yearly: snapshot.active.yearly + d.yearly };
  return {
    day: snapshot.day,
    active,
    pastDue: snapshot.pastDue + d.pastDue,
    new: snapshot.new + d.new,
    reactivated: snapshot.reactivated + d.reactivated,
    cancelled: snapshot.cancelled + d.cancelled,
    lost: snapshot.lost + d.lost,
    mrr: mrr(active, prices),
  };
}

/**
 * The snapshot a scheduled job writes for `day`: gauges from every membership's access at the day's
 * last millisecond (hasAccess, the members' own rule), counters from the changes counted that day
 * (those of other days are ignored). One pass over the memberships: linear in their number.
 */
export function snapshotFrom(
  memberships: Iterable<Membership>,
  prices: PlanPrices,
  day: string,
  changesThatDay: Iterable<Change>,
): DailySnapshot {
  const at = dayStart(day) + DAY_MS - 1;
  const active = { monthly: 0, yearly: 0 };
  let pastDue = 0;
  for (const m of memberships) {
    if (!hasAccess(m, at)) continue;
    active[m.plan] += 1;
    if (m.status === 'past_due') pastDue += 1;
  }
  const counters = { new: 0, reactivated: 0, cancelled: 0, lost: 0 };
  for (const change of changesThatDay) {
    if (change.day !== day) continue;
    const d = changeCounts(change);
    counters.new += d.new;
    counters.reactivated += d.reactivated;
    counters.cancelled += d.cancelled;
    counters.lost += d.lost;
  }
  return { day, active, pastDue, ...counters, mrr: mrr(active, prices) };
}

export interface CurrentFigures {
  day: string;
  active: ActiveByPlan & { total: number };
  pastDue: number;
  mrr: string;
  /** The latest day's counters (today's so far, when billing events keep it). */
  today: { new: number; reactivated: number; cancelled: number; lost: number };
}

/** The console's headline figures from the latest snapshot. */
export function currentFigures(latest: DailySnapshot): CurrentFigures {
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
  };
}
