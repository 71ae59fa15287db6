import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { ApiRequest, ApiResponse, TripTag } from '../../functions/_lib/contract/index.ts';
import { cleanTagName, tagId } from '../../functions/_lib/trades/tags.ts';
import { callApi } from '../api/client.ts';
import { tripExcursionsQuery } from './trip-excursions-data.ts';

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
      if (note.tags.length === 0 && note.risk === null && !note.stop && !note.target) delete trips[id];
      else trips[id] = note;
    }
    return { tags: answer.tags, trips };
  });
  // A planned risk changes MAE/MFE in R: the member is queued for them again, and the page polls.
  if (input.risk !== undefined) void client.invalidateQueries({ queryKey: tripExcursionsQuery().queryKey });
  // A planned stop or risk changes which rules a trip kept (RuleWeeksReport.tsx).
  if (input.risk !== undefined || input.stop !== undefined)
    void client.invalidateQueries({ queryKey: ['trades', 'rules'] });
}

/**
 * Renames a tag on every trade (the answer is the whole new state). Answers the new id, for the
 * filters: worked out as the server does (trades/tags.ts), since a tag's id comes from its name.
 */
export async function renameTag(client: QueryClient, tag: TripTag, name: string): Promise<string> {
  const answer = await callApi('journal/trades/tags/rename', { tag_id: tag.id, name });
  client.setQueryData<TripTags>(tripTagsQuery().queryKey, answer);
  const clean = cleanTagName(name);
  return clean ? tagId(tag.kind, clean) : '';
}

/** Deletes a tag from the list and every trade; '' (no tag), for the filters. */
export async function deleteTag(client: QueryClient, tag: TripTag): Promise<string> {
  client.setQueryData<TripTags>(
    tripTagsQuery().queryKey,
    await callApi('journal/trades/tags/delete', { tag_id: tag.id }),
  );
  return '';
}
