import Big from 'big.js';
import type Stripe from 'stripe';
import type { MembershipCharge } from './membership.ts';
import type { PlanName } from './prices.ts';
import { fromMinorUnits } from './proration.ts';

/**
 * The money a Stripe subscription carries, as our ledger and the console read it: what each renewal
 * charges (its price less a discount that applies to it) and what its invoices moved (a charge, a
 * proration, a failed attempt). Pure: the adapter reads the objects (stripe-billing.ts) with the
 * expansions below, and the webhook hands over the invoices Stripe posts.
 */

/**
 * What a subscription read needs expanded for these: its latest invoice with the promotion codes of
 * its discounts (the charge's promo), and its own discounts with their coupon (the percent off) and
 * promotion code (the plan it is for). Stripe sends a discount as a bare id, and a discount's coupon
 * too, unless asked.
 */
export const MEMBERSHIP_EXPAND = [
  'latest_invoice.discounts.promotion_code',
  'discounts.source.coupon',
  'discounts.promotion_code',
];

/** Decimals of our own, rounding half up (Stripe rounds a discount to the nearest cent). */
const Dec = Big();
Dec.DP = 20;
Dec.RM = Big.roundHalfUp;

type AnyDiscount = string | Stripe.Discount | Stripe.DeletedDiscount;

/**
 * The plan a discount is restricted to: its promotion code's `metadata.plan` (as findPromo reads it,
 * set in the Dashboard); null when no plan rule covers it (a coupon applied in the Dashboard, a code
 * for both plans, or a discount not expanded).
 */
export function planOfDiscount(discount: AnyDiscount): PlanName | null {
  const code = typeof discount === 'string' ? null : discount.promotion_code;
  const named = code && typeof code !== 'string' ? code.metadata?.plan : undefined;
  return named === 'monthly' || named === 'yearly' ? named : null;
}

/**
 * What each renewal of the subscription charges, exact ("58.49"): its item's price less each discount
 * that applies to it on `plan` (none restricted to the other plan) and still runs at the next renewal
 * (a `once` coupon never does; a `repeating` one until its `end`). A percent off is taken of the
 * amount and rounded half up to the cent, as Stripe rounds it; an amount off in the price's currency
 * is taken as it is, never below zero. Undefined when the price has no unit amount (not a plan of ours).
 */
export function renewalPrice(
  subscription: Stripe.Subscription,
  plan: PlanName,
  periodEndS: number,
): string | undefined {
  const price = subscription.items.data[0]?.price;
  if (typeof price?.unit_amount !== 'number') return undefined;
  let cents = new Dec(price.unit_amount);
  for (const discount of subscription.discounts ?? []) {
    if (typeof discount === 'string') continue;
    if (![null, plan].includes(planOfDiscount(discount))) continue;
    if (discount.end !== null && discount.end <= periodEndS) continue;
    const coupon = discount.source?.coupon;
    if (!coupon || typeof coupon === 'string' || coupon.duration === 'once') continue;
    if (coupon.percent_off) cents = cents.minus(cents.times(coupon.percent_off).div(100).round(0));
    else if (coupon.amount_off && coupon.currency === price.currency) cents = cents.minus(coupon.amount_off);
  }
  return fromMinorUnits(Math.max(0, cents.toNumber()));
}

/** The promotion code the invoice was discounted by, when one of its discounts names one. */
export function promoOf(invoice: Stripe.Invoice): string | null {
  for (const discount of invoice.discounts ?? []) {
    const code = typeof discount === 'string' ? null : discount.promotion_code;
    if (code && typeof code !== 'string') return code.code;
  }
  return null;
}

/** Whether the invoice names discounts Stripe sent as bare ids (their promotion code unknown yet). */
export const hasUnreadDiscounts = (invoice: Stripe.Invoice): boolean =>
  (invoice.discounts ?? []).some(
    (discount) => typeof discount === 'string' || typeof discount.promotion_code === 'string',
  );

/**
 * The money an invoice moved, as a ledger entry's charge:
 * - paid, with something paid: a `proration` when it is a change of plan's (`subscription_update`),
 *   else a `charge`; its id, when it was paid;
 * - open (or given up on) after a failed attempt: a `failed` charge of what it asks, one entry per
 *   attempt (`{id}:attempt:{n}`), so each refusal is counted. Stripe says when an invoice was paid
 *   but not when an attempt failed: `failedAt` is when we learned it (the event, or the read);
 * - anything else (a draft, a void, nothing to pay): null.
 */
export function invoiceCharge(invoice: Stripe.Invoice, failedAt: number): MembershipCharge | null {
  if (invoice.status === 'paid' && invoice.amount_paid > 0)
    return {
      id: invoice.id,
      kind: invoice.billing_reason === 'subscription_update' ? 'proration' : 'charge',
      amount: fromMinorUnits(invoice.amount_paid),
      currency: invoice.currency,
      at: (invoice.status_transitions?.paid_at ?? invoice.created) * 1000,
      promo: promoOf(invoice),
    };
  const failed = invoice.status === 'open' || invoice.status === 'uncollectible';
  if (failed && invoice.attempt_count > 0 && invoice.amount_due > 0)
    return {
      id: `${invoice.id}:attempt:${invoice.attempt_count}`,
      kind: 'failed',
      amount: fromMinorUnits(invoice.amount_due),
      currency: invoice.currency,
      at: failedAt,
      promo: promoOf(invoice),
    };
  return null;
}
