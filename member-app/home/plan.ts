import type { QueryClient } from '@tanstack/react-query';
import { recentSubscriptionStatus } from '../account/subscription-data.ts';
import { localFlag } from './local-flag.ts';

/**
 * The member's plan and first payment for the upgrade promo (docs/product.md §4 Dashboard promo banner;
 * §6: the plan affects only the promo and the upgrade card), from the subscription status call. When
 * it cannot be read the plan is unknown (null) and the promo shows, since an unknown plan is neither
 * yearly nor free.
 */
export type Plan = 'monthly' | 'yearly' | 'free';

export interface PlanStatus {
  plan: Plan | null;
  /** When the member first paid (ms), or null when unknown. */
  memberSince: number | null;
}

export async function loadPlan(client: QueryClient): Promise<PlanStatus> {
  try {
    const status = await client.query(recentSubscriptionStatus);
    return { plan: status.plan, memberSince: status.memberSince };
  } catch {
    return { plan: null, memberSince: null };
  }
}

export const PROMO_DISMISSED_KEY = 'hide-promo-3';

/** A new member's first week: they just chose their plan, and an upgrade offer then reads as a nag. */
export const PROMO_QUIET_MS = 7 * 86_400_000;

/**
 * docs/product.md §4: shown only if the plan is neither yearly nor free, it was not dismissed before,
 * and the member paid first more than a week ago (an unknown first payment does not hide it).
 */
export function showUpgradePromo(
  { plan, memberSince }: PlanStatus,
  dismissed: boolean,
  now: number,
): boolean {
  const firstWeek = memberSince !== null && now - memberSince < PROMO_QUIET_MS;
  return plan !== 'yearly' && plan !== 'free' && !dismissed && !firstWeek;
}

const promo = localFlag(PROMO_DISMISSED_KEY);

export const promoDismissed = () => promo.isSet();
export const dismissPromo = () => promo.set();
