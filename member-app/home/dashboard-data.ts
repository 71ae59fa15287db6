import type { Video, WatchingVideo } from '../../functions/_lib/contract/index.ts';
import { readQuery } from '../data/cache.ts';
import { listKey, loadContinueWatching, loadStartupLists, type VideoList } from '../videos/library-data.ts';
import { loadPlan, type Plan } from './plan.ts';

/** SPEC §9 page sizes on the dashboard. */
export const DASHBOARD_LATEST = 3;
export const DASHBOARD_LIST = 8;
/** SPEC §9 mobile breakpoint: below it the 'All Videos' list skips the first 3. */
export const MOBILE_QUERY = '(max-width: 867.98px)';

export interface DashboardData {
  latest: Video[];
  watching: WatchingVideo[];
  plan: Plan | null;
}

/** The dashboard's data, in parallel: the start-up lists, 'Continue watching' and the plan. */
export async function loadDashboard(): Promise<DashboardData> {
  const [, watching, plan] = await Promise.all([
    // Failures are only logged (SPEC §8): the dashboard still shows its cards.
    loadStartupLists().catch((error: unknown) => console.warn('Video lists failed', error)),
    // A failure leaves the section out (SPEC §8: list failures are only logged).
    loadContinueWatching().catch((error: unknown) => {
      console.warn('Continue watching failed', error);
      return [];
    }),
    loadPlan(),
  ]);
  const latest = readQuery<VideoList>(listKey({ group: 'latest', search: '', tags: [] }))?.videos ?? [];
  return { latest, watching, plan };
}

/** SPEC §2: 'All Videos' shows 8; on narrow screens it skips the first 3 (shown under Latest Videos). */
export function allVideos(latest: Video[], narrow: boolean): Video[] {
  return latest.slice(narrow ? DASHBOARD_LATEST : 0, (narrow ? DASHBOARD_LATEST : 0) + DASHBOARD_LIST);
}
