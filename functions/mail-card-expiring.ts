import type { Config } from '@netlify/functions';
import { getBillingPorts } from './_lib/billing/billing-ports.ts';
import { getDeps } from './_lib/deps.ts';
import { logError } from './_lib/http/log.ts';
import { queueCardExpiring } from './_lib/mail/reminders.ts';

/**
 * Queues the card-expiring email for each renewing member whose card on file expires at the end
 * of next month (docs/billing.md "What each event emails"), once per member and month: a Netlify
 * Scheduled Function, on the 1st of each month (npm start's scheduler runs it). No path;
 * `npm run jobs:run -- mail-card-expiring` runs it by hand.
 */
export default async (request: Request): Promise<Response> => {
  try {
    const { store, now } = getDeps();
    return Response.json(await queueCardExpiring({ store, now, billing: getBillingPorts().billing }));
  } catch (error) {
    logError(request, error);
    return Response.json({ error: 'The card-expiring emails could not be queued' }, { status: 500 });
  }
};

export const config: Config = { schedule: '0 15 1 * *' };
