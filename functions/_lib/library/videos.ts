import { randomUUID } from 'node:crypto';
import type { MembershipGate } from '../billing/gate.ts';
import type { VideoDetail, VideoGroups } from '../contract/index.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { flatEntries, parseJson } from '../store.ts';
import { libraryKeys, memberKeys } from './keys.ts';
import { foldTitle, type StoredDetail, type StoredVideo, shortId, toVideo } from './records.ts';

/** docs/product.md §9: members get up to 100 videos per request, visitors the 25 latest. */
export const MEMBER_MAX_RESULTS = 100;
export const VISITOR_MAX_RESULTS = 25;
/** Groups answered when nothing narrows the request (docs/product.md §7); other playlists on request. */
export const DEFAULT_PLAYLISTS = ['essentials', 'dd'] as const;

export interface VideoQuery {
  maxResults?: number | undefined;
  /** Continue after the video with this timestamp (exclusive). */
  more?: number | null | undefined;
  playlist?: string | null | undefined;
  search?: string | null | undefined;
  /** Canonical tag names; a video matches when it has any of them. */
  tags?: string[] | null | undefined;
  /** With the default lists only: more playlists answered beside them. */
  alsoPlaylists?: string[] | undefined;
}

interface Plan {
  /** 'latest' or playlist ids, each answered as its own list. */
  groups: string[];
  limit: number;
  more: number | null;
  /** Folded search words, all of which must appear in the title. */
  words: string[];
  tags: string[];
}

type Store = Deps['store'];

export function planQuery(query: VideoQuery, member: boolean): Plan {
  const cap = member ? MEMBER_MAX_RESULTS : VISITOR_MAX_RESULTS;
  const limit = Math.min(Math.max(Math.trunc(query.maxResults ?? cap), 1), cap);
  const words = foldTitle(query.search ?? '')
    .split(' ')
    .filter((w) => w !== '');
  const tags = [...new Set(query.tags ?? [])];
  const playlist = query.playlist && query.playlist !== 'latest' ? query.playlist : null;
  const more = typeof query.more === 'number' && Number.isFinite(query.more) ? query.more : null;
  const narrowed = words.length > 0 || tags.length > 0 || more !== null || Boolean(query.playlist);
  return {
    groups: narrowed
      ? [playlist ?? 'latest']
      : [...new Set(['latest', ...DEFAULT_PLAYLISTS, ...(query.alsoPlaylists ?? [])])],
    limit,
    more,
    words,
    tags,
  };
}

/**
 * docs/product.md §7 /api/videos. Members: from the sorted-set indexes, at most two round trips (ids and the
 * membership in one pipeline, then the records in one MGET). Visitors: the 25 latest only, filtered
 * in memory, never with player ids — enforced here whatever the request asks for.
 */
export async function listVideos(
  deps: Pick<Deps, 'store'>,
  gate: MembershipGate | null,
  query: VideoQuery,
): Promise<VideoGroups> {
  const plan = planQuery(query, gate !== null);
  return gate ? memberLists(deps, gate, plan) : visitorLists(deps.store, plan);
}

async function memberLists(
  deps: Pick<Deps, 'store'>,
  gate: MembershipGate,
  plan: Plan,
): Promise<VideoGroups> {
  const pipe = gate.pipeline();
  const upper = plan.more === null ? '+inf' : (`(${plan.more}` as const);
  // Without a search, the index answers the page itself; with one, every candidate is read and the
  // titles decide (the titles hash is small: one short string per video).
  const page = plan.words.length === 0 ? { offset: 0, count: plan.limit } : {};
  const scratch = plan.tags.length > 0 ? `tmp:videos:${randomUUID()}` : null;
  const rangeAt: number[] = [];
  for (const group of plan.groups) {
    let source = groupKey(group);
    if (scratch) {
      // Videos with any of the tags (scores are the shared timestamps: MAX keeps them), then only
      // those in the playlist (weight 0 keeps the timestamp as the score).
      const tagKeys = plan.tags.map(libraryKeys.tag);
      pipe.zunionstore(scratch, tagKeys.length, tagKeys, { aggregate: 'max' });
      if (group !== 'latest') pipe.zinterstore(scratch, 2, [scratch, source], { weights: [1, 0] });
      source = scratch;
    }
    rangeAt.push(pipe.length());
    pipe.zrange(source, upper, '-inf', { byScore: true, rev: true, ...page });
  }
  if (scratch) pipe.del(scratch);
  const titlesAt = pipe.length();
  if (plan.words.length > 0) pipe.hgetall(libraryKeys.titles);
  // The gate's reply (the membership) comes first and is taken off: positions shift by one.
  const replies = [null, ...(await gate.exec(pipe))];
  let lists = rangeAt.map((at) => (replies[at] as string[] | undefined) ?? []);
  if (plan.words.length > 0) {
    const titles = new Map(flatEntries(replies[titlesAt]));
    lists = lists.map((ids) =>
      ids.filter((id) => matches(titles.get(id) ?? '', plan.words)).slice(0, plan.limit),
    );
  }
  const records = await readVideos(deps.store, [...new Set(lists.flat())]);
  return Object.fromEntries(
    plan.groups.map((group, i) => [
      group,
      (lists[i] ?? []).flatMap((id) => {
        const stored = records.get(id);
        return stored ? [toVideo(stored, true)] : [];
      }),
    ]),
  );
}

async function visitorLists(store: Store, plan: Plan): Promise<VideoGroups> {
  const ids = (await store.zrange(libraryKeys.latest, 0, VISITOR_MAX_RESULTS - 1, { rev: true })) as string[];
  const records = await readVideos(store, ids);
  const window = ids.flatMap((id) => records.get(id) ?? []);
  return Object.fromEntries(
    plan.groups.map((group) => [
      group,
      window
        .filter(
          (v) =>
            (group === 'latest' || v.playlists.includes(group)) &&
            (plan.more === null || v.timestamp < plan.more) &&
            (plan.tags.length === 0 || v.tags.some((t) => plan.tags.includes(t.canonical))) &&
            matches(foldTitle(v.title), plan.words),
        )
        .slice(0, plan.limit)
        .map((v) => toVideo(v, false)),
    ]),
  );
}

/**
 * docs/product.md §7 /api/videos/metadata: one video with its description and chapters, in one round trip.
 * Members also get the player id and their saved position; visitors neither.
 */
export async function videoMetadata(
  deps: Pick<Deps, 'store'>,
  gate: MembershipGate | null,
  nodeId: string,
): Promise<VideoDetail> {
  const id = shortId(nodeId);
  const reads = (pipe: ReturnType<Deps['store']['pipeline']>) =>
    pipe.mget(libraryKeys.video(id), libraryKeys.detail(id));
  const [pair, progress] = gate
    ? await gate.exec<[unknown[], unknown]>(
        reads(gate.pipeline()).hget(memberKeys.progress(gate.caller.sub), id),
      )
    : ((await reads(deps.store.pipeline()).exec()) as [unknown[], unknown]);
  const stored = parseJson<StoredVideo>(pair[0]);
  if (!stored) throw notFound('No such video');
  const detail = parseJson<StoredDetail>(pair[1]) ?? { description: '', chapters: [] };
  const position = gate ? parseJson<{ position?: unknown }>(progress)?.position : undefined;
  return {
    ...toVideo(stored, gate !== null),
    description: detail.description,
    chapters: detail.chapters,
    ...(typeof position === 'number' ? { position } : {}),
  };
}

function groupKey(group: string): string {
  return group === 'latest' ? libraryKeys.latest : libraryKeys.playlist(group);
}

/** Video records by id (one MGET); missing or unreadable ones are left out. */
async function readVideos(store: Store, ids: string[]): Promise<Map<string, StoredVideo>> {
  const found = new Map<string, StoredVideo>();
  if (ids.length === 0) return found;
  const raw = (await store.mget(...ids.map(libraryKeys.video))) as unknown[];
  ids.forEach((id, i) => {
    const stored = parseJson<StoredVideo>(raw[i]);
    if (stored) found.set(id, stored);
  });
  return found;
}

function matches(folded: string, words: string[]): boolean {
  return words.every((word) => folded.includes(word));
}
