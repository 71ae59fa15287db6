import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api/client.ts';
import { useSignedIn } from '../auth/useSession.ts';

/**
 * The videos the member has watched (docs/library.md: 90 % of each, judged on the server from the
 * player's reports): one call, cached like the lists, for every card and the video page. A
 * progress save marks it stale (progress.ts), so the next page that shows checks asks again.
 */
export const watchedQuery = queryOptions({
  queryKey: ['videos', 'watched'],
  queryFn: async () => new Set((await callApi('videos/watched')).videos),
});

const NONE: ReadonlySet<string> = new Set();

/** The watched ids for a signed-in member (nothing is asked for a visitor); empty until known or on failure. */
export function useWatched(): ReadonlySet<string> {
  const signedIn = useSignedIn();
  return useQuery({ ...watchedQuery, enabled: signedIn, retryOnMount: false }).data ?? NONE;
}
