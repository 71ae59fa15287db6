import { queryOptions } from '@tanstack/react-query';
import type { ApiResponse } from '../../functions/_lib/contract/index.ts';
import { callApi } from '../api/client.ts';

export type BillingDetails = ApiResponse<'subscription/details'>;

/**
 * The card on file, the next charge and the upgrade's amount due now (docs/billing.md "What /account
 * shows"), asked of the card provider: only /account reads it, and every change to the subscription
 * or the card asks again (subscription-change.ts, CardForm.tsx).
 */
export const billingDetailsQuery = queryOptions({
  queryKey: ['subscription', 'details'],
  queryFn: () => callApi('subscription/details'),
  staleTime: 0,
});
