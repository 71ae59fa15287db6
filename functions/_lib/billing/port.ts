import type { Membership } from './membership.ts';
import type { PlanName, Plans } from './prices.ts';

/** A promotion code the card provider knows: a percent off, restricted to one plan. */
export interface Promo {
  code: string;
  /** The provider's id for it (Stripe promotion code id; the code itself locally). */
  id: string;
  plan: PlanName;
  percentOff: number;
}

/**
 * Who referred the member (README "Affiliates"): the affiliate link's token from our cookie, and
 * the affiliate service's id of the referred visit when its script recorded one (Rewardful's
 * referral UUID, what its Stripe integration matches on). At least one of the two is set.
 */
export interface Referral {
  via: string | null;
  clickId: string | null;
}

/** The card the provider charges (the subscription's, else the customer's default). */
export interface CardOnFile {
  /** The card network as the provider names it: visa, mastercard, amex, … */
  brand: string;
  last4: string;
  /** Unknown only for a local test card sent without its expiry. */
  expMonth: number | null;
  expYear: number | null;
}

/** An amount of money as an exact decimal string ("535.66"), never a float, with its currency. */
export interface Money {
  amount: string;
  currency: string;
}

/**
 * The billing port: Stripe in production, local test-mode billing by default. The domain
 * (billing.ts) decides what may happen; an adapter only talks to its provider. Every call that
 * changes something takes an operation id, from which Stripe idempotency keys are derived, so a
 * retried request never charges twice.
 */
export interface Billing {
  readonly kind: 'stripe' | 'local';
  plans(): Promise<Plans>;
  findPromo(code: string): Promise<Promo | null>;
  /** A new customer for this member; the same operation id always yields the same customer. */
  createCustomer(member: { sub: string; email: string }, operationId: string): Promise<string>;
  /** Card made the default on the customer and the subscription; one subscription per customer. */
  startSubscription(
    input: {
      customerId: string;
      cardToken: string;
      plan: PlanName;
      promo: Promo | null;
      memberSub: string;
      /** Recorded with the subscription, so the affiliate is paid on each of its invoices. */
      referral?: Referral | null;
    },
    operationId: string,
  ): Promise<Membership>;
  /** The autopay toggle (docs/product.md §4): cancel at period end, or renew again. */
  setCancelAtPeriodEnd(membership: Membership, cancel: boolean, operationId: string): Promise<Membership>;
  /**
   * Free days (an operator's grant): the next charge moves from the period end we hold to `days`
   * later, and access runs until then; nothing is charged or credited for it. Stripe: a trial to
   * the new date (docs/operator.md "Actions").
   */
  extendPeriod(membership: Membership, days: number, operationId: string): Promise<Membership>;
  /** Ends the subscription now (an operator's action): access stops, nothing is refunded. */
  cancelNow(membership: Membership, operationId: string): Promise<Membership>;
  /** Monthly → yearly on the existing subscription (never a second one). */
  changePlan(membership: Membership, plan: PlanName, operationId: string): Promise<Membership>;
  /**
   * The card for the next charges. On a past_due subscription the failed renewal is paid with it at
   * once (Stripe: the open invoice; a refusal is a CardError, the card stays on file), so the member
   * is back in good standing as soon as the card works. Returns the subscription as it is then.
   */
  replaceCard(membership: Membership, cardToken: string, operationId: string): Promise<Membership>;
  /** The card the next charge goes to, or null when the provider has none. */
  cardOnFile(membership: Membership): Promise<CardOnFile | null>;
  /** What the next renewal charges (discounts applied), as the provider would invoice it now. */
  nextCharge(membership: Membership): Promise<Money>;
  /** What changePlan would charge now: the new plan less the credit for the unused period. */
  previewPlanChange(membership: Membership, plan: PlanName): Promise<Money>;
  /**
   * The subscription as the provider has it now (webhooks re-read, never trust event order), with
   * the member it was created for (recorded on the subscription), when the provider knows it.
   */
  fetchSubscription(subscriptionId: string): Promise<{ membership: Membership; memberSub: string | null }>;
  /**
   * The member deleted their account (account/deletion.ts), after their subscription ended: what
   * the provider keeps of their customers for the money (charges, refunds, ended subscriptions)
   * stays, amounts and dates, but names `pseudonym` instead of the member and keeps no email or
   * card of theirs. Stripe: nothing is done (Stripe keeps its customer, as billing law requires, and
   * none of it is in our store). Local billing: its stand-ins of those records live in our store, so
   * it rewrites them. Safe to repeat.
   */
  forgetMember(member: { sub: string; customerIds: readonly string[] }, pseudonym: string): Promise<void>;
}

/** The card was refused or is invalid: the provider's message is shown to the member (402). */
export class CardError extends Error {
  override name = 'CardError';
}

/** The provider refused a subscription change: its raw message is shown (docs/product.md §8). */
export class BillingRefusedError extends Error {
  override name = 'BillingRefusedError';
}
