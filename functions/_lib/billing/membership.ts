import type { Deps } from '../deps.ts';
import { parseJson } from '../store.ts';

/**
 * A member's subscription as we last saw it, written by the billing adapters (Stripe webhooks, or
 * the local test-mode billing) and read by every member endpoint. One JSON value per member, keyed
 * by the token's subject, so the check costs one GET, or none when pipelined with the endpoint's reads.
 */
export type Plan = 'monthly' | 'yearly';

export type SubscriptionStatus =
  | 'active'
  | 'trialing'
  | 'past_due'
  | 'unpaid'
  | 'canceled'
  | 'incomplete'
  | 'incomplete_expired'
  | 'paused';

export interface Membership {
  customerId: string;
  subscriptionId: string;
  plan: Plan;
  status: SubscriptionStatus;
  /** End of the paid period, ms since the epoch: renews then, or ends then when cancelAtPeriodEnd. */
  currentPeriodEnd: number;
  /** Autopay off (docs/product.md §4 Subscription): the subscription ends at currentPeriodEnd. */
  cancelAtPeriodEnd: boolean;
  /** When the subscription first went past_due, for the grace period. */
  pastDueSince?: number;
  /** past_due only: when the provider tries the failed charge again (ms), when it says. */
  nextRetryAt?: number;
  /** past_due only: what the failed charge asks ("64.99", exact), when the provider says. */
  amountDue?: string;
  /** The provider's time of the state this was written from (ms): older events never overwrite newer. */
  asOf: number;
  /** The affiliate link's token (?via=) the member arrived with, when there was one. */
  referral?: string;
  /**
   * What each renewal charges now ("58.49": the plan's price less a promo that applies to it), as
   * the provider bills it; complimentary "0.00". Absent on records stored before it was kept: the
   * plan's list price then (member-price.ts).
   */
  price?: string;
  /**
   * The money the provider moved to reach this state (Stripe: the subscription's latest invoice; local
   * billing: its own charge), when it moved any: recorded in the ledger once, by its id, with the write.
   */
  latestCharge?: MembershipCharge;
}

/** A charge that came with a state (the ledger's entry without its member and plan, which the state has). */
export interface MembershipCharge {
  id: string;
  kind: 'charge' | 'proration' | 'failed';
  amount: string;
  currency: string;
  /** When the money moved (ms). */
  at: number;
  promo: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A failed renewal keeps access this long while the card provider retries the charge. */
export const PAST_DUE_GRACE_MS = 7 * DAY_MS;
/** Slack for a renewal whose confirmation has not reached us yet (webhook delay). */
export const RENEWAL_SLACK_MS = 2 * DAY_MS;

/**
 * A complimentary membership an operator granted (docs/operator.md, "Actions"): a record of ours
 * whose subscription id names no provider subscription. Nothing at the provider can charge it.
 */
export const COMPLIMENTARY_PREFIX = 'comp_';

export const isComplimentary = (membership: Membership | null): boolean =>
  membership?.subscriptionId.startsWith(COMPLIMENTARY_PREFIX) ?? false;

export const membershipKey = (sub: string) => `billing:member:${sub}`;
export const customerOwnerKey = (customerId: string) => `billing:customer:${customerId}`;

/**
 * The one rule for member content (docs/security.md): active (or trialing); past_due within the grace
 * period; everything else no. An active subscription set to end stops at its period end even if the
 * provider's "ended" event is late.
 */
export function hasAccess(membership: Membership | null, now: number): boolean {
  if (!membership) return false;
  switch (membership.status) {
    case 'active':
    case 'trialing':
      return now < membership.currentPeriodEnd + (membership.cancelAtPeriodEnd ? 0 : RENEWAL_SLACK_MS);
    case 'past_due':
      return now < (membership.pastDueSince ?? membership.currentPeriodEnd) + PAST_DUE_GRACE_MS;
    default:
      return false;
  }
}

export const parseMembership = (raw: unknown): Membership | null => parseJson<Membership>(raw);

export async function readMembership(
  { store }: Pick<Deps, 'store'>,
  sub: string,
): Promise<Membership | null> {
  return parseMembership(await store.get<string>(membershipKey(sub)));
}
