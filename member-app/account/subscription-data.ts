import { queryOptions } from '@tanstack/react-query';
import type { ApiResponse } from '../../functions/_lib/contract/index.ts';
import { callApi } from '../api/client.ts';

export type SubscriptionStatus = ApiResponse<'subscription/status'>;

/**
 * The member's plan and renewal (docs/product.md §7 subscription/status): /account shows it, the dashboard's
 * promo reads the plan (changes to it: subscription-change.ts, with the account page). Billing changes it outside this app too (webhooks, another device), so
 * every read asks again, as before (staleTime 0); readers meanwhile show the last answer, and
 * reads at the same moment share one request.
 */
export const subscriptionStatusQuery = queryOptions({
  queryKey: ['subscription', 'status'],
  queryFn: () => callApi('subscription/status'),
  staleTime: 0,
});

/**
 * The same status when an answer from the last half minute will do: the dashboard's plan and the
 * membership check after sign-in (data/membership-first.ts) then share one request.
 */
export const recentSubscriptionStatus = { ...subscriptionStatusQuery, staleTime: 30_000 };
