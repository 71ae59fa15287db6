import type { Config } from '@netlify/functions';
import { getConfig } from './_lib/deps.ts';
import { logError } from './_lib/http/log.ts';
import { runMailDrain } from './_lib/mail/drain-run.ts';

/**
 * Sends the member emails that are due (docs/mail.md): a Netlify Scheduled Function, every minute
 * (npm start's scheduler runs it locally, scripts/local/scheduler.ts). Emails are queued by the
 * writes that cause them and never sent in a member's request or a webhook; a mail server that is
 * down only moves each email's next try (back-off, then `mail:failed`). No path: Netlify never
 * routes a request to it; `npm run jobs:run -- mail-drain` runs it by hand.
 */
export default async (request: Request): Promise<Response> => {
  try {
    return Response.json(await runMailDrain(getConfig().mail));
  } catch (error) {
    logError(request, error);
    return Response.json({ error: 'The mail queue could not be drained' }, { status: 500 });
  }
};

export const config: Config = { schedule: '* * * * *' };
