import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { ApiRequest, ApiResponse } from '../../functions/_lib/contract/index.ts';
import { callApi } from '../api/client.ts';

/** The member's tags and what they noted on each round trip (journal/trades/tags*). */
export type TripTags = ApiResponse<'journal/trades/tags'>;

export const tripTagsQuery = () =>
  queryOptions({
    queryKey: ['trades', 'tags'],
    queryFn: () => callApi('journal/trades/tags', {}),
  });

export type TagTripsInput = ApiRequest<'journal/trades/tags/update'>;

/** Tags trips in bulk; the answer (every tag, the edited trips) goes straight into the cache. */
export async function tagTrips(client: QueryClient, input: TagTripsInput): Promise<void> {
  const answer = await callApi('journal/trades/tags/update', input);
  client.setQueryData<TripTags>(tripTagsQuery().queryKey, (old) => {
    const trips = { ...(old?.trips ?? {}) };
    for (const [id, note] of Object.entries(answer.trips)) {
      if (note.tags.length === 0 && note.risk === null) delete trips[id];
      else trips[id] = note;
    }
    return { tags: answer.tags, trips };
  });
}
