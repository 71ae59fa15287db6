/**
 * Money and plan rules shared by the functions and the member app (no dependencies, so the browser
 * bundle stays small). Prices are exact decimal strings ("64.99"); arithmetic is in integer cents.
 */
export type PlanName = 'monthly' | 'yearly';

/** docs/product.md §3 Stored plans: each with its plan id (the card provider's price id) and price. */
export interface PlanInfo {
  id: string;
  price: string;
}
export type Plans = Record<PlanName, PlanInfo>;

export const toCents = (price: string): number => {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(price.trim());
  if (!match) throw new Error(`not a price: ${price}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
};

export const fromCents = (cents: number): string =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** docs/product.md §4 Promo code: the price reduced by the discount percent, to the cent (rounded half up). */
export function discounted(price: string, percentOff: number): string {
  return fromCents(Math.round((toCents(price) * (100 - percentOff)) / 100));
}

/** docs/product.md §9: 'Save 20%' when the stored plans list has yearly, else 'Save 23%'. */
export function yearlySaveLabel(storedPlans: Partial<Plans> | null): string {
  return storedPlans?.yearly ? 'Save 20%' : 'Save 23%';
}
