import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';
import { sessionIdentity, subscribeSession } from '../auth/session.ts';

/**
 * The member app's one QueryClient: every answer the app reads is cached here, keyed by the
 * `queryOptions` defined beside the data code that uses them (videos/library-data.ts, …).
 * Provided to components (MemberApp.tsx) and to route loaders as router context.
 */
export interface RouterContext {
  queryClient: QueryClient;
}

/**
 * How long an answer is served from the cache without asking again: going back to a list within
 * 10 minutes does not refetch (docs/product.md §4 start-up). Queries that change more often set their own.
 */
export const FRESH_MS = 10 * 60_000;

/**
 * Reads are tried once more when the failure may pass (no answer at all, or a 5xx), after the
 * library's default 1 s; never after a 4xx (an ApiError below 500): the server has decided (a 401
 * was already retried inside callApi with a renewed token; 403 with redirect, 404 and 429 do not
 * change by asking again at once). Before this client the app did not retry at all.
 */
const READ_RETRIES = 1;
function retryRead(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < READ_RETRIES;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: FRESH_MS,
      // Kept for the whole visit, as before (unobserved entries would otherwise go after 5
      // minutes, before they are stale); the lists are small, and sign-in/out drops them all.
      gcTime: Number.POSITIVE_INFINITY,
      retry: retryRead,
      // No refetches the app did not ask for: a route's loader (or a mounting reader, once its
      // data is stale) asks, not a tab regaining focus or the network coming back.
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      // Every read is sent, as before, even when the browser believes it is offline: the request
      // fails fast and the page shows its error, instead of waiting paused for `online`.
      networkMode: 'always',
    },
    mutations: {
      // Writes are not repeated on their own: a charge or an upgrade must never run twice.
      // An idempotent write may opt in with its own `retry`.
      retry: false,
      // Sent at once, as before. Offline writes (journal, trades) will set `networkMode: 'online'`
      // on their own mutations: held while the browser is offline and sent when it reconnects.
      networkMode: 'always',
    },
  },
});

// Sign-in, sign-out or another member (in this tab or another) changes what the API answers:
// everything is dropped. A renewed token for the same member keeps the cache (and the requests in
// flight, which clearing would cancel).
if (typeof window !== 'undefined') {
  let identity = sessionIdentity();
  subscribeSession(() => {
    const next = sessionIdentity();
    if (next === identity) return;
    identity = next;
    queryClient.clear();
  });
}
