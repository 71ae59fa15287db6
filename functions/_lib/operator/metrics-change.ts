import { arrCents, type PlanPrices } from '../billing/member-price.ts';
import { hasAccess, type Membership, type Plan } from '../billing/membership.ts';

/**
 * What one billing state change means for the operator's figures. The rules are written here once;
 * billing writes call `classifyChange` after a membership write succeeds (saveMembership returned
 * true, so `after.asOf >= before.asOf`) and keep the result's counts for the day.
 *
 * Every state is judged at its own `asOf` (the moment it describes), never at the time it is read:
 * a state then counts the same whether it is the `after` of one change or the `before` of the next,
 * so a loss is neither counted twice nor missed. `now` only names the day the change is counted on.
 */
export type ChangeEvent =
  /** First paid access: no access before, access now, and no earlier paid subscription on record. */
  | 'new'
  /** Access again after it had ended (canceled, unpaid, past the grace or period end, paused). */
  | 'reactivated'
  /** Autopay turned off (cancelAtPeriodEnd false → true) while the member keeps access. */
  | 'cancelled'
  /** Autopay turned back on (true → false) while the member keeps access; the yearly upgrade does this. */
  | 'resumed'
  /** Access ended: by the new state (canceled, unpaid, incomplete_expired, paused, past the grace) or
   * by time before it (a period or grace that ran out before the state was written). */
  | 'lost'
  /** A renewal failed: past_due while still within the grace period. */
  | 'pastDueEntered'
  /** Paid after a failed renewal, within the grace: past_due → active with access throughout. */
  | 'pastDueRecovered'
  /** Plan monthly → yearly while keeping access. */
  | 'upgraded'
  /** Plan yearly → monthly while keeping access (not offered to members; a provider's dashboard can). */
  | 'downgraded';

/** Where a member is counted: the plan's active figure, past due or not, and what they pay. */
export interface Standing {
  plan: Plan;
  pastDue: boolean;
  /** Their annual recurring revenue in cents (member-price.ts: their own price, complimentary 0). */
  arr: number;
}

export interface Change {
  /** UTC day the change is counted on: the day of `now`. */
  day: string;
  at: number;
  events: ChangeEvent[];
  /** Where `before` was counted (its access at its own asOf), null when it was not. */
  from: Standing | null;
  /** Where `after` is counted, null when it gives no access. */
  to: Standing | null;
}

/** Statuses of a subscription whose first payment never went through: the member has never paid. */
const NEVER_PAID = new Set<Membership['status']>(['incomplete', 'incomplete_expired']);

const standing = (m: Membership, prices: PlanPrices): Standing => ({
  plan: m.plan,
  pastDue: m.status === 'past_due',
  arr: arrCents(m, prices),
});

/** `YYYY-MM-DD` of a time in UTC. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** `prices`: the plans' list prices, for a member whose record does not keep its own price. */
export function classifyChange(
  before: Membership | null,
  after: Membership,
  now: number,
  prices: PlanPrices,
): Change {
  const counted = before !== null && hasAccess(before, before.asOf);
  // Still a member up to the moment `after` describes: a period or grace that ran out in between
  // (no event was written when it did) is a loss, counted now.
  const stillIn = counted && before !== null && hasAccess(before, after.asOf);
  const isIn = hasAccess(after, after.asOf);
  const events: ChangeEvent[] = [];

  if (counted && !stillIn) events.push('lost');
  if (stillIn && !isIn) events.push('lost');
  if (!stillIn && isIn) {
    const neverPaid = before === null || (!counted && NEVER_PAID.has(before.status));
    events.push(neverPaid ? 'new' : 'reactivated');
  }
  if (stillIn && isIn && before) {
    if (!before.cancelAtPeriodEnd && after.cancelAtPeriodEnd) events.push('cancelled');
    if (before.cancelAtPeriodEnd && !after.cancelAtPeriodEnd) events.push('resumed');
    const wasPastDue = before.status === 'past_due';
    const isPastDue = after.status === 'past_due';
    if (!wasPastDue && isPastDue) events.push('pastDueEntered');
    if (wasPastDue && !isPastDue) events.push('pastDueRecovered');
    if (before.plan === 'monthly' && after.plan === 'yearly') events.push('upgraded');
    if (before.plan === 'yearly' && after.plan === 'monthly') events.push('downgraded');
  } else if (isIn && after.status === 'past_due') {
    // Back with access but already past due (a provider state seen late): it enters the figure now.
    events.push('pastDueEntered');
  }

  return {
    day: dayOf(now),
    at: now,
    events,
    from: counted && before ? standing(before, prices) : null,
    to: isIn ? standing(after, prices) : null,
  };
}
