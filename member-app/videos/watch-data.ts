import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import type { Video, VideoDetail } from '../../functions/_lib/contract/index.ts';
import { ApiError } from '../api/client.ts';
import { isSignedIn } from '../auth/session.ts';
import { cachedVideo, LATEST, videoDetailQuery, videoListQuery } from './library-data.ts';

/** docs/product.md §9: the video page lists the 4 latest videos below the player. */
export const RELATED_COUNT = 4;

export interface WatchData {
  video: VideoDetail;
  /** The metadata call failed: the card is shown from the list, without chapters (docs/product.md §7). */
  failed: boolean;
  latest: Video[];
}

/**
 * The video page's data, requested in parallel: the video's metadata and (members) the latest
 * list. An unknown video, or a slug that does not match the title, goes to /videos (docs/product.md §2).
 */
export async function loadWatch(client: QueryClient, videoId: string, slug: string): Promise<WatchData> {
  const member = isSignedIn();
  // The slug rule loads beside the metadata, not with the app: only this page's loader and the
  // pages' cards (lazy) need it (0.2 KB gzip less in the first load; docs/benchmarks.md).
  const slugRule = import('./slug.ts');
  const latestList = member ? client.query(videoListQuery(LATEST)).catch(() => undefined) : undefined;
  let video: VideoDetail;
  let failed = false;
  try {
    video = await client.query(videoDetailQuery(videoId));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      throw redirect({ to: '/videos', replace: true });
    }
    await latestList;
    const card = cachedVideo(client, videoId);
    if (!card) throw error;
    console.warn('Video metadata failed', error);
    video = { ...card, description: '', chapters: [] };
    failed = true;
  }
  if ((await slugRule).videoSlug(video.title) !== slug) throw redirect({ to: '/videos', replace: true });
  const latest = ((await latestList)?.videos ?? []).filter((v) => v.id !== video.id).slice(0, RELATED_COUNT);
  return { video, failed, latest };
}
