import type { Plans } from '../../functions/_lib/billing/prices.ts';
import { site } from '../../site/lib/site.ts';

/**
 * docs/product.md §1/§4: prices shown default to content/site.json and are overridden by the plans the
 * server last sent (stored under `plans`). The static pages read the same key (site/pages/index.astro).
 */
export const PLANS_KEY = 'plans';

export const defaultPlans: Plans = {
  monthly: { id: 'monthly', price: site.prices.monthly },
  yearly: { id: 'yearly', price: site.prices.yearly },
};

export function storePlans(plans: unknown): void {
  try {
    localStorage.setItem(PLANS_KEY, JSON.stringify(plans));
  } catch {
    // storage disabled: the defaults stay
  }
}

/** The stored plans, or null when none were stored (docs/product.md §9 'Save 20%' / 'Save 23%' depends on it). */
export function storedPlans(): Plans | null {
  try {
    const plans = JSON.parse(localStorage.getItem(PLANS_KEY) ?? 'null') as Plans | null;
    return plans?.monthly?.price && plans.yearly?.price ? plans : null;
  } catch {
    return null;
  }
}
