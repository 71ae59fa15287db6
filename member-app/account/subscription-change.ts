import { mutationOptions } from '@tanstack/react-query';
import type { ChurnReason } from '../../functions/_lib/operator/churn.ts';
import { callApi } from '../api/client.ts';
import { billingDetailsQuery } from './billing-details-data.ts';
import { type SubscriptionStatus, subscriptionStatusQuery } from './subscription-data.ts';

/** docs/product.md §4 Subscription: the autopay toggle, or monthly to yearly. */
export type SubscriptionChange =
  | { kind: 'toggle'; renew: boolean; reason?: ChurnReason }
  | { kind: 'upgrade' };

/**
 * A change to the subscription. Its answer is the new state (renewal, end date and, after an
 * upgrade, the plan), written into the status query at once: no second request. Never retried
 * (the client default): an upgrade charges the card.
 */
export const subscriptionChangeMutation = mutationOptions({
  mutationKey: ['subscription', 'change'],
  mutationFn: (change: SubscriptionChange): Promise<Partial<SubscriptionStatus>> =>
    change.kind === 'toggle'
      ? callApi('subscription/toggle', {
          renew: change.renew,
          ...(change.reason ? { reason: change.reason } : {}),
        })
      : callApi('subscription/upgrade'),
  onSuccess: (next, _change, _context, { client }) => {
    client.setQueryData(subscriptionStatusQuery.queryKey, (current) => current && { ...current, ...next });
    // The next charge and the upgrade's amount follow the change: asked again.
    void client.invalidateQueries({ queryKey: billingDetailsQuery.queryKey, exact: true });
  },
});
