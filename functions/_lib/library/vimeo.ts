import type { CatalogContent } from '../catalog/content.ts';
import type { Chapter, Tag } from '../contract/index.ts';
import type { StoredDetail, StoredVideo } from './records.ts';
import { cleanChapters } from './write.ts';

/**
 * The production video source: the Vimeo API (v3.4) of the account that hosts the lessons.
 * - videos: GET /users/{user}/videos (every page, 100 a page), available ones only;
 * - chapters: GET /videos/{id}/chapters, per video (a few at a time);
 * - playlists: GET /users/{user}/albums/{showcase}/videos for each catalog playlist that names a
 *   `vimeoShowcase`;
 * - tags: the video's Vimeo tags (canonical + name); names in content/seed/catalog.json win.
 * Player ids are Vimeo's own video URIs ("/videos/123456789"), which the member app embeds.
 */
export interface VimeoOptions {
  token: string;
  /** https://api.vimeo.com unless a test points it elsewhere. */
  baseUrl: string;
  /** 'me' (the token's account) or a user id. */
  user: string;
  fetch?: typeof fetch;
  /** Chapter requests in flight at once (Vimeo rate-limits per minute). */
  concurrency?: number;
  /** Waits before a retry on 429; replaced in tests. */
  sleep?: (ms: number) => Promise<void>;
}

interface VimeoTag {
  tag?: string;
  name?: string;
  canonical?: string;
}

interface VimeoVideo {
  uri: string;
  name?: string | null;
  description?: string | null;
  duration?: number;
  release_time?: string | null;
  created_time?: string | null;
  status?: string;
  pictures?: { base_link?: string; sizes?: Array<{ width: number; link: string }> } | null;
  tags?: VimeoTag[];
}

interface Page<T> {
  data: T[];
  paging?: { next?: string | null };
}

const ACCEPT = 'application/vnd.vimeo.*+json;version=3.4';
const VIDEO_FIELDS =
  'uri,name,description,duration,release_time,created_time,status,pictures.base_link,pictures.sizes,tags';
const MAX_RETRIES = 3;

export async function fetchVimeoVideos(
  options: VimeoOptions,
  catalog: CatalogContent,
): Promise<Array<StoredVideo & StoredDetail>> {
  const get = vimeoGetter(options);
  const user = encodeURIComponent(options.user);
  const videos = (
    await getAll<VimeoVideo>(get, `/users/${user}/videos?per_page=100&fields=${VIDEO_FIELDS}`)
  ).filter((v) => (v.status ?? 'available') === 'available');

  const playlistsOf = new Map<string, string[]>();
  for (const playlist of catalog.playlists) {
    if (!playlist.vimeoShowcase) continue;
    const members = await getAll<{ uri: string }>(
      get,
      `/users/${user}/albums/${playlist.vimeoShowcase}/videos?per_page=100&fields=uri`,
    );
    for (const { uri } of members) {
      const id = videoId(uri);
      playlistsOf.set(id, [...(playlistsOf.get(id) ?? []), playlist.id]);
    }
  }

  const names = new Map(catalog.tags.map((t) => [t.canonical, t.tag]));
  const chapters = await mapLimit(videos, options.concurrency ?? 4, async (video) =>
    (
      await getAll<{ title?: string; timecode?: number }>(
        get,
        `/videos/${videoId(video.uri)}/chapters?per_page=100`,
      )
    ).map((c): Chapter => ({ title: c.title ?? '', startTime: c.timecode ?? 0 })),
  );

  return videos.map((video, i) => {
    const id = videoId(video.uri);
    const duration = video.duration ?? 0;
    const tags: Tag[] = (video.tags ?? []).flatMap((t) => {
      const canonical = t.canonical ?? '';
      return canonical ? [{ canonical, tag: names.get(canonical) ?? t.name ?? t.tag ?? canonical }] : [];
    });
    return {
      id,
      title: video.name ?? 'Untitled',
      thumbnail: thumbnail(video.pictures),
      timestamp: Date.parse(video.release_time ?? video.created_time ?? '') || 0,
      duration,
      uri: `/videos/${id}`,
      tags,
      playlists: playlistsOf.get(id) ?? [],
      description: video.description ?? '',
      chapters: cleanChapters(chapters[i] ?? [], duration),
    };
  });
}

/** "/videos/123456789" (or "/videos/123456789:abcdef" for unlisted ones) → "123456789". */
export function videoId(uri: string): string {
  const match = /^\/videos\/(\d+)/.exec(uri);
  if (!match?.[1]) throw new Error(`Unexpected Vimeo video URI "${uri}"`);
  return match[1];
}

/** The smallest picture at least 640 px wide (cards are ~320 CSS px, 2× screens), else the largest. */
function thumbnail(pictures: VimeoVideo['pictures']): string {
  const sizes = [...(pictures?.sizes ?? [])].sort((a, b) => a.width - b.width);
  return (sizes.find((s) => s.width >= 640) ?? sizes.at(-1))?.link ?? pictures?.base_link ?? '';
}

type Get = <T>(path: string) => Promise<T>;

function vimeoGetter(options: VimeoOptions): Get {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const base = options.baseUrl.replace(/\/+$/, '');
  return async <T>(path: string): Promise<T> => {
    for (let attempt = 0; ; attempt++) {
      const response = await doFetch(base + path, {
        headers: { authorization: `bearer ${options.token}`, accept: ACCEPT },
      });
      if (response.status === 429 && attempt < MAX_RETRIES) {
        // Vimeo says when the window resets; wait for it (bounded) and try again.
        const reset = Date.parse(response.headers.get('x-ratelimit-reset') ?? '');
        await sleep(Math.min(Math.max(Number.isFinite(reset) ? reset - Date.now() : 60_000, 1_000), 120_000));
        continue;
      }
      if (!response.ok) {
        // Never the token: only the path and the status.
        throw new Error(`Vimeo API ${path.split('?')[0]} answered ${response.status}`);
      }
      return (await response.json()) as T;
    }
  };
}

async function getAll<T>(get: Get, first: string): Promise<T[]> {
  const items: T[] = [];
  for (let next: string | null | undefined = first; next; ) {
    const page: Page<T> = await get<Page<T>>(next);
    items.push(...page.data);
    next = page.paging?.next;
  }
  return items;
}

async function mapLimit<T, R>(items: T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await run(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
