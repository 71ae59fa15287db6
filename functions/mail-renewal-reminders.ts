import type { Config } from '@netlify/functions';
import { getBillingPorts } from './_lib/billing/billing-ports.ts';
import { getDeps } from './_lib/deps.ts';
import { logError } from './_lib/http/log.ts';
import { queueRenewalReminders } from './_lib/mail/reminders.ts';

/**
 * Queues the renewal reminder for each yearly member renewing in the next 7 days (docs/billing.md
 * "What each event emails"), once per renewal: a Netlify Scheduled Function, daily (npm start's
 * scheduler runs it). No path; `npm run jobs:run -- mail-renewal-reminders` runs it by hand.
 */
export default async (request: Request): Promise<Response> => {
  try {
    const { store, now } = getDeps();
    return Response.json(await queueRenewalReminders({ store, now, billing: getBillingPorts().billing }));
  } catch (error) {
    logError(request, error);
    return Response.json({ error: 'The renewal reminders could not be queued' }, { status: 500 });
  }
};

// 15:00 UTC: the morning in the Americas, the afternoon in Europe.
export const config: Config = { schedule: '0 15 * * *' };
