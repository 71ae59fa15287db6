import type { Config } from '@netlify/functions';
import { getBillingPorts } from './_lib/billing/billing-ports.ts';
import { runLocalRenewals } from './_lib/billing/local-renewals.ts';
import { getChatPorts } from './_lib/chat/chat-ports.ts';
import { getDeps } from './_lib/deps.ts';
import { logError } from './_lib/http/log.ts';

/**
 * The local billing's renewal clock (docs/billing.md "Local renewals"): a Netlify Scheduled Function,
 * every 5 minutes (npm start's scheduler runs it), renewing, retrying and ending local subscriptions
 * whose time has come. With Stripe it does nothing: Stripe renews by itself and its webhooks say so.
 * No path; `npm run jobs:run -- billing-local-renewals` runs it by hand.
 */
export default async (request: Request): Promise<Response> => {
  try {
    if (getBillingPorts().billingConfig.kind === 'stripe')
      return Response.json({ skipped: 'Stripe renews subscriptions itself' });
    return Response.json(await runLocalRenewals({ ...getDeps(), ...getChatPorts() }));
  } catch (error) {
    logError(request, error);
    return Response.json({ error: 'The local renewals could not run' }, { status: 500 });
  }
};

export const config: Config = { schedule: '*/5 * * * *' };
