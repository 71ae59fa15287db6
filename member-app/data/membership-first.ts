import type { QueryClient } from '@tanstack/react-query';
import { subscriptionStatusQuery } from '../account/subscription-data.ts';
import { goToPayment } from '../api/client.ts';
import { customerId } from '../auth/session.ts';

/**
 * Whether the member calls of a visit may go out now. A token that names a payment customer belongs
 * to someone who paid: their calls start at once, in parallel (the daily case). Without one (a new
 * account, just back from sign-up) the subscription status is asked first, and a user on the free
 * plan goes straight to /payment: no call is sent only to be refused with 403.
 */
export async function memberCallsAllowed(client: QueryClient): Promise<boolean> {
  if (customerId()) return true;
  // Shared by start-up and the dashboard's loader: one request.
  const status = await client.query({ ...subscriptionStatusQuery, staleTime: 30_000 }).catch(() => null);
  if (status?.plan !== 'free') return true; // a member, or unknown: the calls decide (403 → /payment)
  goToPayment();
  return false;
}
