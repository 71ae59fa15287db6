import type { QueryClient } from '@tanstack/react-query';
import { recentSubscriptionStatus } from '../account/subscription-data.ts';
import { goToPayment } from '../api/client.ts';
import { customerId } from '../auth/session.ts';

/** Whether this page load went through the sign-in hand-off (/callback): a session made just now. */
let signedInHere = false;

/** Start-up calls this on /callback: the next member calls belong to a session being made. */
export function noteSignInHandOff(): void {
  signedInHere = true;
}

/** True when the status must be known before member calls go out (see below). */
export const statusFirst = (): boolean => signedInHere && !customerId();

/**
 * Whether the member calls of a visit may go out now. Every visit of a signed-in member starts its
 * calls at once, in parallel (the daily case), except right after signing in with a token that names
 * no payment customer — typically a new account back from sign-up. Then the subscription status is
 * asked first, and a user on the free plan goes straight to /payment: no call is sent only to be
 * refused with 403.
 */
export async function memberCallsAllowed(client: QueryClient): Promise<boolean> {
  if (!statusFirst()) return true;
  // Shared by start-up and the dashboard's loader: one request.
  const status = await client.query(recentSubscriptionStatus).catch(() => null);
  if (status?.plan !== 'free') return true; // a member, or unknown: the calls decide (403 → /payment)
  goToPayment();
  return false;
}
