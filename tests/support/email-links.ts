import { randomInt } from 'node:crypto';
import { mailKeys } from '../../functions/_lib/mail/keys.ts';
import type { Job } from '../../functions/_lib/mail/queue.ts';
import { flatEntries, type Store } from '../../functions/_lib/store.ts';
import confirmEmail from '../../functions/user-confirmemail.ts';
import { post } from './requests.ts';

/** The queued emails to `address`, as the drain would send them (oldest first). */
export async function queuedTo(store: Store, address: string): Promise<Job[]> {
  const jobs = flatEntries(await store.hgetall(mailKeys().jobs)).map(([, json]) => JSON.parse(json) as Job);
  return jobs.filter((job) => job.to === address).sort((a, b) => a.queuedAt - b.queuedAt);
}

/** The token of the newest email-change link mailed to `address`, and what it is for. */
export async function linkTo(
  store: Store,
  address: string,
): Promise<{ token: string; purpose: string; job: Job }> {
  const job = (await queuedTo(store, address)).at(-1);
  const url = job?.data.confirmUrl ?? job?.data.secureUrl ?? '';
  const [, purpose = '', token = ''] = /\/confirm-email#(change|restore)=([\w-]{43})$/.exec(url) ?? [];
  if (!job || !token) throw new Error(`no link was mailed to ${address}`);
  return { token, purpose, job };
}

/** A client address of its own: the links' rate limit counts by client address. */
export const someClient = () => ({ 'x-nf-client-connection-ip': `10.0.${randomInt(256)}.${randomInt(256)}` });

/** Follows a link as its page does: POST /api/user/confirmemail. */
export const followLink = (token: string, purpose = 'change') =>
  confirmEmail(post('/api/user/confirmemail', { token, purpose }, someClient()));
