import type { QueryClient } from '@tanstack/react-query';
import type { Video } from '../../functions/_lib/contract/index.ts';
import { continueWatchingQuery, LATEST, videoListQuery } from '../videos/library-data.ts';
import { loadPlan, type PlanStatus } from './plan.ts';

/** docs/product.md §9 page sizes on the dashboard. */
export const DASHBOARD_LATEST = 3;
export const DASHBOARD_LIST = 8;
export interface DashboardData {
  latest: Video[];
  status: PlanStatus;
}

/**
 * The dashboard's data, in parallel: the latest list (from start-up), 'Continue watching' (into
 * the cache, where the dashboard reads it) and the plan.
 */
export async function loadDashboard(client: QueryClient): Promise<DashboardData> {
  const [latest, , status] = await Promise.all([
    // Failures are only logged (docs/product.md §8): the dashboard still shows its cards.
    client.query(videoListQuery(LATEST)).then(
      (list) => list.videos,
      (error: unknown) => {
        console.warn('Video lists failed', error);
        return [];
      },
    ),
    // A failure leaves the section out (docs/product.md §8: list failures are only logged).
    client.query(continueWatchingQuery).catch((error: unknown) => {
      console.warn('Continue watching failed', error);
      return [];
    }),
    loadPlan(client),
  ]);
  return { latest, status };
}

/**
 * docs/product.md §2: 'All Videos' shows 8, after the 3 shown under Latest Videos, at every width:
 * the same three twice read as a broken page.
 */
export function allVideos(latest: Video[]): Video[] {
  return latest.slice(DASHBOARD_LATEST, DASHBOARD_LATEST + DASHBOARD_LIST);
}
