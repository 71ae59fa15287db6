import type { AudioTrack, Chapter } from '../contract/index.ts';
import type { Deps } from '../deps.ts';
import { libraryKeys } from './keys.ts';
import type { LiveStream } from './media.ts';
import { foldTitle, type StoredDetail, type StoredVideo } from './records.ts';

/** The whole library as a source (content/ or the video host) describes it, ready to store. */
export interface Library {
  videos: Array<StoredVideo & StoredDetail>;
  audio: AudioTrack[];
  stream: LiveStream | null;
}

export interface ReplaceResult {
  videos: number;
  removed: number;
  audio: number;
}

const CHUNK = 200;

/**
 * Replaces the stored library with `library`; running it again with the same input changes nothing.
 * Records are written first, then every index is swapped in one transaction, then records of videos
 * that left the library are deleted: a reader never meets an index entry without its record.
 */
export async function replaceLibrary(
  { store }: Pick<Deps, 'store'>,
  library: Library,
): Promise<ReplaceResult> {
  const videos = withUniqueTimestamps(library.videos);
  const [previousIds, previousIndexes] = (await store
    .pipeline()
    .zrange(libraryKeys.latest, 0, -1)
    .smembers(libraryKeys.indexes)
    .exec()) as [string[], string[]];

  for (let i = 0; i < videos.length; i += CHUNK) {
    const pipe = store.pipeline();
    for (const video of videos.slice(i, i + CHUNK)) {
      const { description, chapters, ...card } = video;
      pipe.set(libraryKeys.video(video.id), JSON.stringify(card));
      pipe.set(
        libraryKeys.detail(video.id),
        JSON.stringify({ description, chapters } satisfies StoredDetail),
      );
    }
    await pipe.exec();
  }

  const indexes = new Map<string, Array<{ score: number; member: string }>>();
  const add = (key: string, video: StoredVideo) => {
    const list = indexes.get(key) ?? [];
    list.push({ score: video.timestamp, member: video.id });
    indexes.set(key, list);
  };
  for (const video of videos) {
    for (const playlist of video.playlists) add(libraryKeys.playlist(playlist), video);
    for (const tag of video.tags) add(libraryKeys.tag(tag.canonical), video);
  }

  const tx = store.multi();
  tx.del(libraryKeys.latest, libraryKeys.titles, libraryKeys.audio, libraryKeys.stream, libraryKeys.indexes);
  if (previousIndexes.length > 0) tx.del(...previousIndexes);
  const [first, ...rest] = videos.map((v) => ({ score: v.timestamp, member: v.id }));
  if (first) {
    tx.zadd(libraryKeys.latest, first, ...rest);
    tx.hset(libraryKeys.titles, Object.fromEntries(videos.map((v) => [v.id, foldTitle(v.title)])));
  }
  for (const [key, [head, ...tail]] of indexes) if (head) tx.zadd(key, head, ...tail);
  if (indexes.size > 0) tx.sadd(libraryKeys.indexes, ...([...indexes.keys()] as [string, ...string[]]));
  const [track, ...tracks] = library.audio.map((t) => ({ score: t.timestamp, member: JSON.stringify(t) }));
  if (track) tx.zadd(libraryKeys.audio, track, ...tracks);
  if (library.stream) tx.set(libraryKeys.stream, JSON.stringify(library.stream));
  await tx.exec();

  const current = new Set(videos.map((v) => v.id));
  const gone = previousIds.filter((id) => !current.has(id));
  for (let i = 0; i < gone.length; i += CHUNK) {
    const keys = gone.slice(i, i + CHUNK).flatMap((id) => [libraryKeys.video(id), libraryKeys.detail(id)]);
    await store.del(...keys);
  }
  return { videos: videos.length, removed: gone.length, audio: library.audio.length };
}

/**
 * The paging cursor is a timestamp (docs/product.md §7 `more`), so no two videos may share one: ties (same
 * second on the host) are broken by id, the later one moved 1 ms earlier. Order is kept.
 */
export function withUniqueTimestamps<T extends { id: string; timestamp: number }>(videos: T[]): T[] {
  const sorted = [...videos].sort((a, b) => b.timestamp - a.timestamp || a.id.localeCompare(b.id));
  let previous = Number.POSITIVE_INFINITY;
  return sorted.map((video) => {
    const timestamp = Math.min(video.timestamp, previous - 1);
    previous = timestamp;
    return timestamp === video.timestamp ? video : { ...video, timestamp };
  });
}

/** Chapters in start order, starting inside the video. */
export function cleanChapters(chapters: Chapter[], duration: number): Chapter[] {
  return chapters
    .filter((c) => c.startTime >= 0 && (duration <= 0 || c.startTime < duration))
    .sort((a, b) => a.startTime - b.startTime);
}
