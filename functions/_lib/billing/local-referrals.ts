import type { Store } from '../store.ts';
import type { PlanName } from './prices.ts';

/**
 * The local billing's record of referred payments: what Rewardful shows for Stripe (referral,
 * member, amount paid, commission), kept in the store so `npm run affiliates:report` can list it
 * offline. One sorted-set member per first payment of a referred membership, scored by its time.
 */
export interface ReferredPayment {
  /** The affiliate link's token (?via=), or the service's visit id when only that was sent. */
  referral: string;
  /** The affiliate service's id of the referred visit, when its script recorded one. */
  clickId: string | null;
  memberSub: string;
  email: string | null;
  subscriptionId: string;
  plan: PlanName;
  /** What the member paid, after any promo: an exact decimal string ("58.49"). */
  amount: string;
  /** ms since the epoch. */
  paidAt: number;
}

export const REFERRED_PAYMENTS_KEY = 'billing:local:referred-payments';

export async function recordReferredPayment(store: Store, payment: ReferredPayment): Promise<void> {
  await store.zadd(REFERRED_PAYMENTS_KEY, { score: payment.paidAt, member: JSON.stringify(payment) });
}

/** Every referred payment, oldest first. */
export async function referredPayments(store: Store): Promise<ReferredPayment[]> {
  const members = await store.zrange<string[]>(REFERRED_PAYMENTS_KEY, 0, -1);
  return members.map((member) => JSON.parse(member) as ReferredPayment);
}
