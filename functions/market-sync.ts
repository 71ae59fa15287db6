import type { Config } from '@netlify/functions';
import { getDeps } from './_lib/deps.ts';
import { logError } from './_lib/http/log.ts';
import { getMarketSource } from './_lib/market/market-source.ts';
import { syncExcursions } from './_lib/review/excursions-sync.ts';

/**
 * Measures the MAE/MFE of the members' round trips in the background (docs/trades.md, "MAE and MFE
 * on /trades"; docs/market-data.md, "The excursions queue"): a Netlify Scheduled Function, every
 * minute (npm start's scheduler runs it locally, scripts/local/scheduler.ts). Takes the members
 * queued by their writes, a few a run, under the provider's shared rate limit. No path; `npm run
 * jobs:run -- market-sync` runs it by hand.
 */
export default async (request: Request): Promise<Response> => {
  try {
    const result = await syncExcursions(getDeps(), getMarketSource());
    if (result.members > 0)
      console.log(
        `[market-sync] members ${result.members}, trips stored ${result.stored}, queued again ${result.requeued}`,
      );
    return Response.json(result);
  } catch (error) {
    logError(request, error);
    return Response.json({ error: 'The excursions queue could not be worked' }, { status: 500 });
  }
};

export const config: Config = { schedule: '* * * * *' };
