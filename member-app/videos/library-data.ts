import type {
  Playlist,
  Tag,
  Video,
  VideoDetail,
  WatchingVideo,
} from '../../functions/_lib/contract/index.ts';
import { callApi } from '../api/client.ts';
import { isSignedIn } from '../auth/session.ts';
import { fetchQuery, invalidateQueries, queryValues, readQuery, writeQuery } from '../data/cache.ts';

/** SPEC §9 fetch sizes: 100 videos a request for members, the 25 latest for visitors. */
export const MEMBER_FETCH = 100;
export const VISITOR_FETCH = 25;
/** Playlists loaded at start-up beside latest (SPEC §4); the API answers essentials and dd by default. */
const STARTUP_EXTRA_PLAYLIST = 'frontload_friday';

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

export const listKey = (spec: ListSpec) =>
  `videos/list/${spec.group}?${spec.search}&${[...spec.tags].sort().join(',')}`;
const fetchSize = () => (isSignedIn() ? MEMBER_FETCH : VISITOR_FETCH);

/**
 * SPEC §4 start-up: with a token the 100 latest and 100 of each playlist (two requests in parallel);
 * without, the 25 latest. Each group becomes its own cached list.
 */
export function loadStartupLists(): Promise<void> {
  return fetchQuery('videos/startup', async () => {
    const signedIn = isSignedIn();
    const size = fetchSize();
    const answers = await Promise.all([
      callApi('videos', { maxResults: size }),
      ...(signedIn ? [callApi('videos', { maxResults: size, playlist: STARTUP_EXTRA_PLAYLIST })] : []),
    ]);
    for (const groups of answers) {
      for (const [group, videos] of Object.entries(groups)) {
        // A visitor's list never grows past the 25 latest.
        writeQuery(listKey({ group, search: '', tags: [] }), {
          videos,
          complete: !signedIn || videos.length < size,
        } satisfies VideoList);
      }
    }
  });
}

/** A list, from start-up when it is a plain group, else fetched (and cached) on its own. */
export async function loadList(spec: ListSpec): Promise<VideoList> {
  const key = listKey(spec);
  if (spec.search === '' && spec.tags.length === 0) {
    await loadStartupLists();
    const fromStartup = readQuery<VideoList>(key);
    if (fromStartup) return fromStartup;
  }
  return fetchQuery(key, async () => {
    const size = fetchSize();
    const groups = await callApi('videos', { maxResults: size, ...query(spec) });
    const videos = groups[spec.group] ?? [];
    return { videos, complete: !isSignedIn() || videos.length < size } satisfies VideoList;
  });
}

/** The next page of a list (SPEC §7 `more`: after the last video's timestamp), appended to it. */
export function loadMore(spec: ListSpec): Promise<VideoList> {
  const key = listKey(spec);
  return fetchQuery(
    `${key}#more`,
    async () => {
      const current = readQuery<VideoList>(key) ?? (await loadList(spec));
      const last = current.videos.at(-1);
      if (current.complete || !last) return current;
      const size = fetchSize();
      const groups = await callApi('videos', { maxResults: size, more: last.timestamp, ...query(spec) });
      const page = groups[spec.group] ?? [];
      const next: VideoList = { videos: [...current.videos, ...page], complete: page.length < size };
      writeQuery(key, next);
      return next;
    },
    0,
  );
}

function query(spec: ListSpec) {
  return {
    ...(spec.group === 'latest' ? {} : { playlist: spec.group }),
    ...(spec.search ? { search: spec.search } : {}),
    ...(spec.tags.length ? { tags: spec.tags } : {}),
  };
}

/** Playlists and tags for the library header and filter menu (SPEC §4 start-up: tags). */
export function loadLibraryMeta(): Promise<{ playlists: Playlist[]; tags: Tag[] }> {
  return fetchQuery('videos/catalog', async () => {
    const [{ playlists }, { tags }] = await Promise.all([callApi('playlists'), callApi('tags')]);
    return { playlists, tags };
  });
}

/** A video already in a loaded list (cards carry title, thumbnail, duration and, for members, the player id). */
export function cachedVideo(id: string): Video | undefined {
  for (const list of queryValues<VideoList>('videos/list/')) {
    const found = list.videos.find((v) => v.id === id);
    if (found) return found;
  }
  return undefined;
}

/** SPEC §7 /api/videos/metadata: description, chapters and (members) the saved position. */
export function loadVideoDetail(id: string): Promise<VideoDetail> {
  return fetchQuery(`videos/detail/${id}`, () => callApi('videos/metadata', { nodeId: id }));
}

/** The dashboard's 'Continue watching' (members). Refetched after new progress is saved. */
export function loadContinueWatching(): Promise<WatchingVideo[]> {
  return fetchQuery('videos/continue', async () => (await callApi('videos/continue')).videos, 60_000);
}

export function continueWatchingChanged(): void {
  invalidateQueries('videos/continue');
}
