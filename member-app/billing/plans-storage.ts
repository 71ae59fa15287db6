import type { Plans } from '../../functions/_lib/billing/prices.ts';

/**
 * docs/product.md §1/§4: the plans the server last sent, stored under `plans` (the static pages read
 * the same key, site/pages/index.astro). Apart from the defaults (stored-plans.ts), which read
 * site.json: the API client stores plans from the app's first load, where site.json is not.
 */
export const PLANS_KEY = 'plans';

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
