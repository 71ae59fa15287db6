import type { MembershipGate } from '../billing/gate.ts';
import type { WatchingVideo } from '../contract/index.ts';
import { type IndexedLesson, indexLessons } from '../courses/lesson-index.ts';
import { courseLibrary } from '../courses/library.ts';
import { courseStatsKeys, progressKeys } from '../courses/progress-keys.ts';
import { creditWatch, isWatched, parseWatch } from '../courses/watch.ts';
import type { Deps } from '../deps.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { parseJson } from '../store.ts';
import { isFinished } from './finished.ts';
import { libraryKeys, memberKeys } from './keys.ts';
import { type StoredVideo, shortId, toVideo } from './records.ts';
import { SAMPLE_CLIP_SECONDS } from './sample-clips.ts';

/** How many started videos the dashboard's 'Continue watching' lists. */
export const CONTINUE_LIMIT = 4;

interface SavedPosition {
  /** Seconds into the video. */
  position: number;
  /** When it was saved (ms). */
  updated: number;
}

/** Seconds a reported position may pass the length the server knows (players round differently). */
const END_SLACK_SECONDS = 5;

/**
 * The length a video is judged on, never the one its player reports: the library's (the video
 * host's in production), or for a local sample clip shorter than the lesson it stands for, the
 * clip's own (sample-clips.ts), so a lesson's part is the same share of the clip.
 */
export function trustedLength(stored: Pick<StoredVideo, 'uri' | 'duration'>): number {
  const clip = SAMPLE_CLIP_SECONDS[stored.uri];
  return clip !== undefined ? Math.min(clip, stored.duration) : stored.duration;
}

const lessonsOfVideo = indexLessons(courseLibrary).byVideo;

/**
 * Whether a length the player reports could be this video's: within half to twice the server's
 * (a host's own metadata and the library's may differ by seconds, never by half). A forged one —
 * a 1-second "video" to finish a lesson at once — is refused, not silently ignored, so a broken
 * client is seen; what is judged is the server's length either way.
 */
function plausibleLength(reported: number, length: number): boolean {
  return reported >= length / 2 && reported <= length * 2 + END_SLACK_SECONDS;
}

/**
 * Resume watching and course progress: saves where the member is in a video, and which parts of it
 * they have now watched (courses/watch.ts). Near the end the video counts as finished for resuming:
 * the position is dropped (the next play starts over) and it leaves 'Continue watching'. Watching
 * WATCHED_SHARE of it adds it to the member's watched videos; each course lesson it is counts as
 * started, or done once its part is watched, in the operator's counters.
 * Two round trips: the membership, the video (it must exist: the hashes stay bounded by the library)
 * and the watch record, then one transaction.
 */
export async function saveProgress(
  deps: Pick<Deps, 'store' | 'now'>,
  gate: MembershipGate,
  // The length judged is the server's (trustedLength); a `duration` the player sends is only checked.
  input: { nodeId: string; position: number; duration?: number | undefined; anchor?: boolean | undefined },
  lessons: ReadonlyMap<string, IndexedLesson[]> = lessonsOfVideo,
): Promise<{ saved: true }> {
  const { caller } = gate;
  const id = shortId(input.nodeId);
  const [raw, watchRaw] = await gate.exec<[unknown, unknown]>(
    gate.pipeline().get(libraryKeys.video(id)).hget(progressKeys.watch(caller.sub), id),
  );
  const stored = parseJson<StoredVideo>(raw);
  if (!stored) throw notFound('No such video');
  const length = trustedLength(stored);
  if (input.position > length + END_SLACK_SECONDS)
    throw badRequest(`position: ${input.position} s is past the end of this video (${Math.round(length)} s)`);
  if (input.duration !== undefined && !plausibleLength(input.duration, length))
    throw badRequest(`duration: ${input.duration} s is not this video's length (${Math.round(length)} s)`);
  const position = Math.min(input.position, length);
  const now = deps.now();
  const watch = creditWatch(
    parseWatch(watchRaw),
    { position, at: now, anchor: input.anchor === true },
    length,
  );
  const tx = deps.store.multi();
  tx.hset(progressKeys.watch(caller.sub), { [id]: JSON.stringify(watch) });
  if (isWatched(watch)) tx.sadd(progressKeys.watched(caller.sub), id);
  for (const entry of lessons.get(id) ?? []) {
    tx.sadd(courseStatsKeys.started(entry.course), caller.sub);
    tx.sadd(courseStatsKeys.lessonStarted(entry.course, entry.lesson.id), caller.sub);
    const [from, to] = entry.lesson.range ?? [0, 1];
    if (isWatched(watch, from, to))
      tx.sadd(courseStatsKeys.lessonCompleted(entry.course, entry.lesson.id), caller.sub).zadd(
        courseStatsKeys.furthest(entry.course),
        { gt: true },
        { score: entry.index, member: caller.sub },
      );
  }
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
