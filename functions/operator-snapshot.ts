import type { Config } from '@netlify/functions';
import { billingContent } from './_lib/billing/billing-content.ts';
import { getDeps } from './_lib/deps.ts';
import { logError } from './_lib/http/log.ts';
import { backfillSearchIndex, searchBackfillDone } from './_lib/operator/search-backfill.ts';
import { dueDay, hasSnapshot, writeSnapshot } from './_lib/operator/snapshot.ts';

/**
 * The operator's daily snapshot (docs/operator.md "Money and churn"): a Netlify Scheduled Function,
 * run once a day (00:00 UTC on Netlify; 00:05 UTC and at start when missing under npm start's
 * scheduler, scripts/local/scheduler.ts), writing the day that just ended. It has no path: Netlify
 * never routes a request to it; `npm run jobs:run -- operator-snapshot` runs it by hand.
 * Until the console's search has filed every member indexed before it (operator/search-backfill.ts),
 * each run also goes on with that, after the snapshot, within the function's time limit.
 */
export default async (request: Request): Promise<Response> => {
  try {
    const { store, now } = getDeps();
    const snapshot = await writeSnapshot(store, dueDay(now()), billingContent().plans);
    const search = await backfillSearchIndex(store).catch((error: unknown) => {
      // The snapshot is written; the backfill goes on at the next run.
      logError(request, error);
      return null;
    });
    return Response.json({ snapshot, search });
  } catch (error) {
    logError(request, error);
    return Response.json({ error: 'The snapshot could not be written' }, { status: 500 });
  }
};

export const config: Config = { schedule: '@daily' };

/**
 * For the local scheduler: run at start when the snapshot due today is missing (npm start was off),
 * or the search's backfill has not finished.
 */
export async function dueAtStart(): Promise<boolean> {
  const { store, now } = getDeps();
  return !(await hasSnapshot(store, dueDay(now()))) || !(await searchBackfillDone(store));
}
