import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api/client.ts';
import { useSignedIn } from '../auth/useSession.ts';

/**
 * The videos the member has watched (docs/library.md: 90 % of each, judged on the server from the
 * player's reports): one call, cached like the lists, for every card and the video page. A
 * progress save marks it stale (progress.ts), so the next page that shows checks asks again.
 * A plain object, not `queryOptions(…)`: that helper imported from a lazy chunk splits out of the
 * first load into a file of its own (docs/benchmarks.md).
 */
export const watchedQuery = {
  queryKey: ['videos', 'watched'] as const,
  queryFn: async (): Promise<ReadonlySet<string>> => new Set((await callApi('videos/watched')).videos),
};

const NONE: ReadonlySet<string> = new Set();

/** The watched ids for a signed-in member (nothing is asked for a visitor); empty until known or on failure. */
export function useWatched(): ReadonlySet<string> {
  const signedIn = useSignedIn();
  return useQuery({ ...watchedQuery, enabled: signedIn, retryOnMount: false }).data ?? NONE;
}
