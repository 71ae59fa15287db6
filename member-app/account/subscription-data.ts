import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { ApiResponse } from '../../functions/_lib/contract/index.ts';
import { callApi } from '../api/client.ts';

export type SubscriptionStatus = ApiResponse<'subscription/status'>;

/**
 * The member's plan and renewal (SPEC §7 subscription/status): /account shows it, the dashboard's
 * promo reads the plan. Billing changes it outside this app too (webhooks, another device), so
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

/** SPEC §4 Subscription: the autopay toggle, or monthly to yearly. */
export type SubscriptionChange = { kind: 'toggle'; renew: boolean } | { kind: 'upgrade' };

/**
 * A change to the subscription. Its answer is the new state (renewal, end date and, after an
 * upgrade, the plan), written into the status query at once: no second request. Never retried
 * (the client default): an upgrade charges the card.
 */
export const subscriptionChangeMutation = mutationOptions({
  mutationKey: ['subscription', 'change'],
  mutationFn: (change: SubscriptionChange): Promise<Partial<SubscriptionStatus>> =>
    change.kind === 'toggle'
      ? callApi('subscription/toggle', { renew: change.renew })
      : callApi('subscription/upgrade'),
  onSuccess: (next, _change, _context, { client }) =>
    client.setQueryData(subscriptionStatusQuery.queryKey, (current) => current && { ...current, ...next }),
});
