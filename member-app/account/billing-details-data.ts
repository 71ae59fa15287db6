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

/**
 * The same details for the page's own readers (the card on file, the autopay note, the upgrade
 * dialog, whose opening asks again): /account's loader has just asked, so mounting asks nothing
 * more (each reader's mount used to send a second request for the answer that had just arrived).
 * An invalidation still reaches them.
 */
export const billingDetailsOnAccount = { ...billingDetailsQuery, refetchOnMount: false } as const;
