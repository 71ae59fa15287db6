import Big from 'big.js';
import { discounted, type PlanName } from './prices.ts';

/**
 * Money for subscription changes, in exact decimals (big.js, as the trade journal's money): an amount
 * due is a price less a share of another, which binary floats would round a cent wrong.
 * A private constructor, so no other module's settings change its rounding.
 */
const Dec = Big();
Dec.DP = 20;
Dec.RM = Big.roundHalfUp;

/** Stripe's minor units (cents) as a decimal string: 53566 → "535.66". */
export const fromMinorUnits = (cents: number): string => new Dec(cents).div(100).toFixed(2);

/** The day one plan interval before `end` (clamped to the month's last day, as periods are made). */
export function periodStart(end: number, plan: PlanName): number {
  const to = new Date(end);
  const months = plan === 'yearly' ? 12 : 1;
  const from = new Date(end);
  from.setUTCDate(1);
  from.setUTCMonth(to.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 0)).getUTCDate();
  from.setUTCDate(Math.min(to.getUTCDate(), lastDay));
  return from.getTime();
}

export interface PlanChange {
  /** What the current period cost (its price less the promo it had). */
  paid: string;
  /** The new plan's price less a promo that follows it. */
  newPrice: string;
  periodStart: number;
  periodEnd: number;
  now: number;
}

/**
 * What a change of interval charges at once, as Stripe prorates with `always_invoice` (docs/billing.md):
 * the new period starts now at its full price, less a credit for the unused part of the paid one, in
 * proportion to the time left; never below zero. Rounded half up to the cent.
 */
export function amountDueNow({
  paid,
  newPrice,
  periodStart: start,
  periodEnd: end,
  now,
}: PlanChange): string {
  const length = Math.max(1, end - start);
  const left = Math.min(Math.max(0, end - now), length);
  const credit = new Dec(paid).times(left).div(length);
  const due = new Dec(newPrice).minus(credit);
  return (due.lt(0) ? new Dec(0) : due).round(2, Big.roundHalfUp).toFixed(2);
}

/** A plan's price less a percent promo, when there is one. */
export const priceWith = (price: string, percentOff: number | null): string =>
  percentOff ? discounted(price, percentOff) : price;
