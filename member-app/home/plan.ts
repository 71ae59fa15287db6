import type { QueryClient } from '@tanstack/react-query';
import { recentSubscriptionStatus } from '../account/subscription-data.ts';
import { localFlag } from './local-flag.ts';

/**
 * The member's plan for the upgrade promo (docs/product.md §4 Dashboard promo banner; §6: the plan affects
 * only the promo and the upgrade card), from the subscription status call. When it cannot be read
 * the plan is unknown (null) and the promo shows, since an unknown plan is neither yearly nor free.
 */
export type Plan = 'monthly' | 'yearly' | 'free';

export async function loadPlan(client: QueryClient): Promise<Plan | null> {
  try {
    return (await client.query(recentSubscriptionStatus)).plan;
  } catch {
    return null;
  }
}

export const PROMO_DISMISSED_KEY = 'hide-promo-3';

/** docs/product.md §4: shown only if the plan is neither yearly nor free and it was not dismissed before. */
export function showUpgradePromo(plan: Plan | null, dismissed: boolean): boolean {
  return plan !== 'yearly' && plan !== 'free' && !dismissed;
}

const promo = localFlag(PROMO_DISMISSED_KEY);

export const promoDismissed = () => promo.isSet();
export const dismissPromo = () => promo.set();
