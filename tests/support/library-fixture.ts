import { randomUUID } from 'node:crypto';
import { libraryKeys } from '../../functions/_lib/library/keys.ts';
import type { StoredDetail, StoredVideo } from '../../functions/_lib/library/records.ts';
import type { Store } from '../../functions/_lib/store.ts';

/**
 * One video under a random id, so progress and metadata calls have something to act on without
 * touching the shared library other test files replace.
 */
export async function addTestVideo(store: Store): Promise<string> {
  const id = `t${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const video: StoredVideo = {
    id,
    title: 'Level 2 basics',
    thumbnail: '/samples/thumb.jpg',
    timestamp: 1_600_000_000_000 + Math.floor(Math.random() * 1e9),
    duration: 600,
    uri: '/samples/clip.webm',
    tags: [],
    playlists: [],
  };
  const detail: StoredDetail = { description: 'About level 2', chapters: [] };
  await store.set(libraryKeys.video(id), JSON.stringify(video));
  await store.set(libraryKeys.detail(id), JSON.stringify(detail));
  return id;
}
