/**
 * One run of the mail drain, for the scheduled function (every minute): the emails due now, sent
 * through the SMTP server of this environment with this deploy's templates.
 */
import { getDeps } from '../deps.ts';
import { type DrainResult, drainQueue } from './drain.ts';
import { deployEmails } from './emails.ts';
import { createSmtpMailer, type SmtpSettings } from './smtp-mailer.ts';

export async function runMailDrain(settings: SmtpSettings, now: number = Date.now()): Promise<DrainResult> {
  const { store } = getDeps();
  const result = await drainQueue(store, createSmtpMailer(settings), now, { emails: deployEmails() });
  if (result.sent + result.retried + result.failed > 0)
    console.log(`[mail] sent ${result.sent}, to retry ${result.retried}, undeliverable ${result.failed}`);
  return result;
}
