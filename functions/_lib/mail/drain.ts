/**
 * Sending what the queue holds (docs/mail.md): claims due emails, renders them with this deploy's
 * templates and sends them; a failure is tried again with back-off, then kept in `mail:failed`.
 * Apart from queue.ts so the writes that queue an email never load the templates' renderer.
 */
import type { Store } from '../store.ts';
import type { EmailName } from './catalog.ts';
import type { EmailBundle } from './content.ts';
import { errorText } from './error-text.ts';
import { type MailKeys, mailKeys } from './keys.ts';
import { MailError, type Mailer } from './port.ts';
import {
  FAILED_KEPT,
  type FailedEmail,
  FIRST_RETRY_MS,
  type Job,
  LEASE_MS,
  MAX_RETRY_MS,
  MAX_TRIES,
} from './queue.ts';
import { renderEmail } from './templates.ts';

const CLAIM = `
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
local out = {}
for _, key in ipairs(due) do
  local job = redis.call('HGET', KEYS[2], key)
  if job then
    redis.call('ZADD', KEYS[1], ARGV[3], key)
    out[#out + 1] = key
    out[#out + 1] = job
  else
    redis.call('ZREM', KEYS[1], key)
  end
end
return out`;

// KEYS: queue, jobs, once, failed. ARGV: key, outcome, job or failed entry, due, the claim's lease end.
// A drain whose lease ran out (another drain claimed the email since) changes nothing.
const SETTLE = `
local leased = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not leased or tonumber(leased) ~= tonumber(ARGV[5]) then return 0 end
if ARGV[2] == 'retry' then
  redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
  redis.call('ZADD', KEYS[1], ARGV[4], ARGV[1])
  return 1
end
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
if ARGV[2] == 'sent' then
  if redis.call('EXISTS', KEYS[3]) == 1 then redis.call('SET', KEYS[3], 'sent', 'KEEPTTL') end
else
  redis.call('RPUSH', KEYS[4], ARGV[3])
  redis.call('LTRIM', KEYS[4], -${FAILED_KEPT}, -1)
end
return 1`;

/** The wait before try `tries + 1`, after `tries` failures: 1 min, 2, 4 … capped at 1 h. */
export const retryDelay = (tries: number): number =>
  Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, Math.min(tries - 1, 20)));

export interface DrainOptions {
  /** The templates and the site (emails.gen.json, or loadEmailBundle in tests). */
  emails: EmailBundle;
  /** At most this many emails a run (default 20): a scheduled function has 30 s. */
  max?: number;
  keys?: MailKeys;
}

export interface DrainResult {
  sent: number;
  retried: number;
  failed: number;
}

const CLAIM_BATCH = 5;

/**
 * Sends the emails due at `now`, a few at a time. Once the server fails for a reason that may pass,
 * the rest of the batch is put back with the same error rather than each waiting for its own
 * timeout. Failures of the store are thrown (the scheduled run is logged and runs again a minute
 * later; nothing claimed is lost, its lease ends).
 */
export async function drainQueue(
  store: Store,
  mailer: Mailer,
  now: number,
  options: DrainOptions,
): Promise<DrainResult> {
  const max = options.max ?? 20;
  const keys = options.keys ?? mailKeys();
  const templates = new Map(options.emails.templates.map((t) => [t.name, t]));
  const result: DrainResult = { sent: 0, retried: 0, failed: 0 };
  let down: MailError | null = null;
  while (result.sent + result.retried + result.failed < max && !down) {
    const want = Math.min(CLAIM_BATCH, max - (result.sent + result.retried + result.failed));
    const reply = (await store.eval(
      CLAIM,
      [keys.queue, keys.jobs],
      [String(now), String(want), String(now + LEASE_MS)],
    )) as unknown[];
    if (!Array.isArray(reply) || reply.length === 0) break;
    for (let i = 0; i + 1 < reply.length; i += 2) {
      const key = String(reply[i]);
      const job = parseJob(key, reply[i + 1]);
      let error: MailError | null = down;
      if (!error) {
        try {
          const template = templates.get(job.template as EmailName);
          if (!template)
            throw new MailError(`No template ${job.template} in this deploy`, { permanent: true });
          const rendered = renderEmail(template, options.emails.site, job.data);
          await mailer.send({ to: job.to, ...rendered, headers: { 'X-Entity-Ref-ID': key } });
        } catch (caught) {
          error =
            caught instanceof MailError ? caught : new MailError(errorText(caught), { permanent: true });
          if (!error.permanent) down = error;
        }
      }
      await settle(store, keys, key, job, error, now, now + LEASE_MS, result);
    }
  }
  return result;
}

/**
 * Records how a claimed email went. Nothing is counted or logged when the claim was no longer this
 * drain's (its lease ran out and another drain took the email over).
 */
async function settle(
  store: Store,
  at: MailKeys,
  key: string,
  job: Job,
  error: MailError | null,
  now: number,
  lease: number,
  result: DrainResult,
): Promise<void> {
  const keys = [at.queue, at.jobs, at.once(key), at.failed];
  const run = async (outcome: 'sent' | 'retry' | 'dead', value: string, due: string) =>
    Number(await store.eval(SETTLE, keys, [key, outcome, value, due, String(lease)])) === 1;
  if (!error) {
    if (await run('sent', '', '')) result.sent++;
    return;
  }
  const tries = job.tries + 1;
  if (!error.permanent && tries < MAX_TRIES) {
    const next: Job = { ...job, tries, lastError: error.message };
    if (await run('retry', JSON.stringify(next), String(now + retryDelay(tries)))) result.retried++;
    return;
  }
  const entry: FailedEmail = {
    key,
    to: job.to,
    template: job.template,
    at: now,
    tries,
    error: error.message,
    // Kept so the operator can send it again once the cause is fixed (operator/emails/retry).
    data: job.data,
  };
  if (!(await run('dead', JSON.stringify(entry), ''))) return;
  // The key and template only: addresses stay out of the logs (the operator reads them in mail:failed).
  console.error(`[mail] ${job.template} ${key} undeliverable after ${tries} tries: ${error.message}`);
  result.failed++;
}

function parseJob(key: string, raw: unknown): Job {
  try {
    const job = JSON.parse(String(raw)) as Job;
    if (job && typeof job === 'object' && typeof job.template === 'string')
      return { ...job, tries: Number(job.tries) || 0 };
  } catch {}
  return { key, to: '', template: '', data: {}, queuedAt: 0, tries: MAX_TRIES };
}

/** The dead-letter list for the operator, newest first. */
export async function readFailedEmails(
  store: Store,
  limit = 50,
  keys: MailKeys = mailKeys(),
): Promise<FailedEmail[]> {
  const raw = await store.lrange(keys.failed, -limit, -1);
  return raw
    .map((item) => {
      try {
        return JSON.parse(String(item)) as FailedEmail;
      } catch {
        return null;
      }
    })
    .filter((entry): entry is FailedEmail => entry !== null)
    .reverse();
}

/** How many emails wait in the queue (due or not). */
export const queuedEmails = (store: Store, keys: MailKeys = mailKeys()): Promise<number> =>
  store.zcard(keys.queue);
