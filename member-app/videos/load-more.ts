import type { QueryClient } from '@tanstack/react-query';
import { callApi } from '../api/client.ts';
import { fetchSize, type ListSpec, query, type VideoList, videoListQuery } from './library-data.ts';

/**
 * The next page of a list (docs/product.md §7 `more`: after the last video's timestamp), appended to the
 * cached list, which its readers then show.
 */
export async function loadMore(client: QueryClient, spec: ListSpec): Promise<VideoList> {
  const { queryKey } = videoListQuery(spec);
  const current = client.getQueryData(queryKey) ?? (await client.query(videoListQuery(spec)));
  const last = current.videos.at(-1);
  if (current.complete || !last) return current;
  const size = fetchSize();
  const groups = await callApi('videos', { maxResults: size, more: last.timestamp, ...query(spec) });
  const page = groups[spec.group] ?? [];
  const next: VideoList = { videos: [...current.videos, ...page], complete: page.length < size };
  client.setQueryData(queryKey, next);
  return next;
}
