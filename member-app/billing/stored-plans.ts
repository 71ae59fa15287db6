import type { Plans } from '../../functions/_lib/billing/prices.ts';
import { site } from '../../site/lib/site.ts';

/**
 * docs/product.md §1/§4: prices shown default to content/site.json and are overridden by the plans the
 * server last sent (plans-storage.ts).
 */
export const defaultPlans: Plans = {
  monthly: { id: 'monthly', price: site.prices.monthly },
  yearly: { id: 'yearly', price: site.prices.yearly },
};
