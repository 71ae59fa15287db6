import type { MembershipGate } from '../billing/gate.ts';
import type { WatchingVideo } from '../contract/index.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { parseJson } from '../store.ts';
import { isFinished } from './finished.ts';
import { libraryKeys, memberKeys } from './keys.ts';
import { type StoredVideo, shortId, toVideo } from './records.ts';

/** How many started videos the dashboard's 'Continue watching' lists. */
export const CONTINUE_LIMIT = 4;

interface SavedPosition {
  /** Seconds into the video. */
  position: number;
  /** When it was saved (ms). */
  updated: number;
}

/**
 * Resume watching: saves where the member is in a video. Near the end the video counts as watched:
 * the position is dropped (the next play starts over) and it leaves 'Continue watching'.
 * Two round trips: the membership and the video (it must exist: the hash stays bounded by the
 * library), then one transaction.
 */
export async function saveProgress(
  deps: Pick<Deps, 'store' | 'now'>,
  gate: MembershipGate,
  input: { nodeId: string; position: number; duration?: number | undefined },
): Promise<{ saved: true }> {
  const { caller } = gate;
  const id = shortId(input.nodeId);
  const [raw] = await gate.exec<[unknown]>(gate.pipeline().get(libraryKeys.video(id)));
  const stored = parseJson<StoredVideo>(raw);
  if (!stored) throw notFound('No such video');
  // The player knows the real length (a local sample clip is shorter than the lesson it stands for).
  const length = input.duration && input.duration > 0 ? input.duration : stored.duration;
  const position = Math.min(input.position, length);
  const now = deps.now();
  const tx = deps.store.multi();
  if (isFinished(position, length)) {
    tx.hdel(memberKeys.progress(caller.sub), id).zrem(memberKeys.watching(caller.sub), id);
  } else {
    const saved: SavedPosition = { position: Math.round(position * 10) / 10, updated: now };
    tx.hset(memberKeys.progress(caller.sub), { [id]: JSON.stringify(saved) });
    tx.zadd(memberKeys.watching(caller.sub), { score: now, member: id });
  }
  await tx.exec();
  return { saved: true };
}

/** 'Continue watching': started, unfinished videos, most recently watched first, with positions. */
export async function continueWatching(
  deps: Pick<Deps, 'store'>,
  gate: MembershipGate,
): Promise<{ videos: WatchingVideo[] }> {
  const { caller } = gate;
  const [ids] = await gate.exec<[string[]]>(
    gate.pipeline().zrange(memberKeys.watching(caller.sub), 0, CONTINUE_LIMIT - 1, { rev: true }),
  );
  if (ids.length === 0) return { videos: [] };
  const [records, positions] = (await deps.store
    .pipeline()
    .mget(...ids.map(libraryKeys.video))
    .hmget(memberKeys.progress(caller.sub), ...ids)
    .exec()) as [unknown[], unknown];
  const saved = Array.isArray(positions) ? positions : [];
  return {
    videos: ids.flatMap((_id, i) => {
      const stored = parseJson<StoredVideo>(records[i]);
      const position = parseJson<SavedPosition>(saved[i])?.position;
      return stored && typeof position === 'number' ? [{ ...toVideo(stored, true), position }] : [];
    }),
  };
}
