import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { Video } from '../../functions/_lib/contract/index.ts';
import { callApi } from '../api/client.ts';
import { isSignedIn } from '../auth/session.ts';

/** docs/product.md §9 fetch sizes: 100 videos a request for members, the 25 latest for visitors. */
export const MEMBER_FETCH = 100;
export const VISITOR_FETCH = 25;
/** Playlists loaded at start-up beside latest (docs/product.md §4); the API answers essentials and dd by default. */
const STARTUP_EXTRA_PLAYLIST = 'frontload_friday';
/** 'Continue watching' changes as the member watches: asked again after a minute. */
const CONTINUE_FRESH_MS = 60_000;

/** Which list: a group (latest or a playlist id), optionally narrowed by a title search and tags. */
export interface ListSpec {
  group: string;
  search: string;
  tags: string[];
}

export interface VideoList {
  videos: Video[];
  /** No more pages on the server. */
  complete: boolean;
}

/** The newest videos, unfiltered: the dashboard's and the video page's list. */
export const LATEST: ListSpec = { group: 'latest', search: '', tags: [] };

export const fetchSize = () => (isSignedIn() ? MEMBER_FETCH : VISITOR_FETCH);
const unfiltered = (spec: ListSpec) => spec.search === '' && spec.tags.length === 0;

/** Every list's key starts so (cachedVideo looks through them all). */
const LIST_KEY = ['videos', 'list'] as const;

/**
 * docs/product.md §4 start-up: with a token the 100 latest and 100 of each playlist, in one request;
 * without, the 25 latest. Each group also becomes its own cached list.
 */
export const startupListsQuery = queryOptions({
  queryKey: ['videos', 'startup'],
  queryFn: async ({ client }): Promise<Record<string, VideoList>> => {
    const signedIn = isSignedIn();
    const size = fetchSize();
    const groups = await callApi('videos', {
      maxResults: size,
      ...(signedIn ? { alsoPlaylists: [STARTUP_EXTRA_PLAYLIST] } : {}),
    });
    const lists: Record<string, VideoList> = {};
    for (const [group, videos] of Object.entries(groups)) {
      // A visitor's list never grows past the 25 latest.
      const list: VideoList = { videos, complete: !signedIn || videos.length < size };
      lists[group] = list;
      client.setQueryData(videoListQuery({ group, search: '', tags: [] }).queryKey, list);
    }
    return lists;
  },
});

/** A list: from start-up when it is a plain group, else fetched (and cached) on its own. */
export function videoListQuery(spec: ListSpec) {
  return queryOptions({
    queryKey: [...LIST_KEY, { group: spec.group, search: spec.search, tags: [...spec.tags].sort() }],
    // A plain group waits on the start-up query, which retries on its own: not twice over.
    ...(unfiltered(spec) ? { retry: false } : {}),
    queryFn: async ({ client }): Promise<VideoList> => {
      if (unfiltered(spec)) {
        const fromStartup = (await client.query(startupListsQuery))[spec.group];
        if (fromStartup) return fromStartup;
      }
      const size = fetchSize();
      const groups = await callApi('videos', { maxResults: size, ...query(spec) });
      const videos = groups[spec.group] ?? [];
      return { videos, complete: !isSignedIn() || videos.length < size };
    },
  });
}

/** The request's fields naming a list (its group, search and tags). */
export function query(spec: ListSpec) {
  return {
    ...(spec.group === 'latest' ? {} : { playlist: spec.group }),
    ...(spec.search ? { search: spec.search } : {}),
    ...(spec.tags.length ? { tags: spec.tags } : {}),
  };
}

/** Playlists and tags for the library header and filter menu (docs/product.md §4 start-up: tags). */
export const libraryMetaQuery = queryOptions({
  queryKey: ['videos', 'catalog'],
  queryFn: async () => {
    const [{ playlists }, { tags }] = await Promise.all([callApi('playlists'), callApi('tags')]);
    return { playlists, tags };
  },
});

/** A video already in a loaded list (cards carry title, thumbnail, duration and, for members, the player id). */
export function cachedVideo(client: QueryClient, id: string): Video | undefined {
  for (const [, list] of client.getQueriesData<VideoList>({ queryKey: LIST_KEY })) {
    const found = list?.videos.find((v) => v.id === id);
    if (found) return found;
  }
  return undefined;
}

/** docs/product.md §7 /api/videos/metadata: description, chapters and (members) the saved position. */
export const videoDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ['videos', 'detail', id],
    queryFn: () => callApi('videos/metadata', { nodeId: id }),
  });

/** The dashboard's 'Continue watching' (members); saving a position invalidates it (progress.ts). */
export const continueWatchingQuery = queryOptions({
  queryKey: ['videos', 'continue'],
  queryFn: async () => (await callApi('videos/continue')).videos,
  staleTime: CONTINUE_FRESH_MS,
});
