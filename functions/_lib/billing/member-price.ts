import { isComplimentary, type Membership, type Plan } from './membership.ts';

/**
 * What a member actually pays, for the operator's revenue figures (docs/operator.md "Money and
 * churn"): the price their renewals charge (`membership.price`: the plan's price less a promo that
 * applies to it), or the plan's list price for a record stored before the price was kept;
 * nothing for a complimentary membership. Pure, in integer cents, so sums over any number of
 * members are exact.
 */

/** Each plan's list price as an exact decimal string: content/billing.json `plans` and `Plans` both fit. */
export type PlanPrices = Record<Plan, { price: string }>;

/** "58.49" → 5849; null for anything that is not a non-negative amount with at most two decimals. */
export function priceCents(price: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(price.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * The member's price per period (a month or a year, as their plan) in cents: their own price when
 * kept and readable, else the plan's list price; 0 when complimentary.
 */
export function memberPriceCents(membership: Membership, prices: PlanPrices): number {
  if (isComplimentary(membership)) return 0;
  const own = membership.price === undefined ? null : priceCents(membership.price);
  return own ?? priceCents(prices[membership.plan].price) ?? 0;
}

/** Annual recurring revenue of one member in cents: a monthly price × 12, a yearly price as it is. */
export function arrCents(membership: Membership, prices: PlanPrices): number {
  const price = memberPriceCents(membership, prices);
  return membership.plan === 'monthly' ? price * 12 : price;
}

/**
 * Monthly recurring revenue from annual cents: ÷ 1200 to dollars, exact, rounded once to the cent,
 * half up (as the billing's other amounts): 59,999 (one yearly at 599.99) is 49.99916… → "50.00";
 * never a sum of per-member roundings. Integer arithmetic: exact far beyond any member count.
 */
export function mrrFromArr(arr: number): string {
  const cents = Math.floor((2 * Math.max(0, arr) + 12) / 24);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** The annual cents an MRR stands for (a snapshot stored before ARR was kept): "108.49" → 130,188. */
export function arrFromMrr(mrr: string): number {
  return (priceCents(mrr) ?? 0) * 12;
}
