/**
 * The mail queue: exactly once per event, never in the way of a request.
 *
 * A sender queues an email under a key naming what it is about (a Stripe event id, a subscription
 * and its period end, a certificate…). One script sets a marker `mail:once:{key}` with SET NX and a
 * long TTL and, only when it was not there, adds the email to the queue: a webhook delivered ten
 * times, or two at once, queues one email. Queuing is that one script, which the caller may add to
 * its own pipeline (enqueueEmailCall) or run inside its own script (MAIL_ENQUEUE_LUA); it never
 * throws, and nothing is sent while the caller waits.
 *
 * The drain (a scheduled function, every minute) claims due emails, renders and sends them. A
 * failure that may pass (server down, a timeout, a 4xx) is tried again after 1 min, 2, 4 … capped at
 * 1 h; after MAX_TRIES (about a day) or at once for a permanent refusal, the email moves to the
 * dead-letter list `mail:failed` with its error and is logged, for the operator.
 */
import type { Store } from '../store.ts';
import { recipientProblem } from './address.ts';
import { EMAILS, type EmailData, type EmailName, isEmailName } from './catalog.ts';
import type { EmailBundle } from './content.ts';
import { type MailKeys, mailKeys } from './keys.ts';
import { MailError, type Mailer, type MailRecipient } from './port.ts';
import { renderEmail } from './templates.ts';

/** How long a key is remembered: longer than a yearly period, so a reminder keyed by it is never repeated. */
export const ONCE_TTL_SECONDS = 400 * 24 * 3600;
export const FIRST_RETRY_MS = 60_000;
export const MAX_RETRY_MS = 3_600_000;
/** 1+2+4+8+16+32 minutes, then hourly: the 30th try comes about 24 h after the first. */
export const MAX_TRIES = 30;
/** A claimed email is out of the others' reach this long; a drain that dies mid-way frees it then. */
export const LEASE_MS = 10 * 60_000;
/** The dead-letter list keeps the newest this many. */
export const FAILED_KEPT = 1000;

export interface QueuedEmail<N extends EmailName = EmailName> {
  /** What the email is about, e.g. `evt_1Q…:welcome` or `renewal:sub_123:1767225600`. */
  key: string;
  to: string | MailRecipient;
  template: N;
  data: EmailData<N>;
}

interface Job {
  key: string;
  to: string | MailRecipient;
  template: string;
  data: Record<string, string>;
  queuedAt: number;
  tries: number;
  lastError?: string;
}

export interface FailedEmail {
  key: string;
  to: string | MailRecipient;
  template: string;
  /** ms since the epoch. */
  at: number;
  tries: number;
  error: string;
}

export type EnqueueOutcome = 'queued' | 'duplicate' | 'refused' | 'failed';

/**
 * Lua for a caller's own script: `enqueue_mail(once, queue, jobs, failed, key, jobJson, due, ttl,
 * refusal)` queues the email unless its key was seen (returns 1, or 0 for a repeat). With a refusal
 * (an unsafe address) the key is remembered too and the email goes straight to `failed`.
 */
export const MAIL_ENQUEUE_LUA = `
local function enqueue_mail(once, queue, jobs, failed, key, job, due, ttl, refusal)
  if not redis.call('SET', once, 'queued', 'NX', 'EX', ttl) then return 0 end
  if refusal ~= '' then
    redis.call('RPUSH', failed, refusal)
    redis.call('LTRIM', failed, -${FAILED_KEPT}, -1)
    return 2
  end
  redis.call('HSET', jobs, key, job)
  redis.call('ZADD', queue, due, key)
  return 1
end`;

// KEYS: once, queue, jobs, failed. ARGV: key, job, due, ttl, refusal.
const ENQUEUE = `${MAIL_ENQUEUE_LUA}
return enqueue_mail(KEYS[1], KEYS[2], KEYS[3], KEYS[4], ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5])`;

/** One eval a caller adds to its pipeline or transaction: `pipe.eval(call.script, call.keys, call.args)`. */
export interface EvalCall {
  script: string;
  keys: string[];
  args: string[];
}

const KEY = /^[\x21-\x7e]{1,200}$/;

/**
 * The queuing of one email as an eval for the caller's own pipeline (one round trip with its
 * writes); read its reply with enqueueOutcome. Throws only for a key that is not one (a bug of the
 * caller, found by its tests): printable ASCII without spaces, at most 200 characters.
 */
export function enqueueEmailCall<N extends EmailName>(
  email: QueuedEmail<N>,
  now: number,
  keys: MailKeys = mailKeys(),
): EvalCall {
  if (!KEY.test(email.key))
    throw new Error(`An email key must be 1-200 printable characters: ${JSON.stringify(email.key)}`);
  const refusal = emailProblem(email);
  const job: Job = {
    key: email.key,
    to: email.to,
    template: email.template,
    data: email.data,
    queuedAt: now,
    tries: 0,
  };
  const failed: FailedEmail | null = refusal
    ? {
        key: email.key,
        to: email.to,
        template: email.template,
        at: now,
        tries: 0,
        error: `Refused: ${refusal}`,
      }
    : null;
  return {
    script: ENQUEUE,
    keys: [keys.once(email.key), keys.queue, keys.jobs, keys.failed],
    args: [
      email.key,
      JSON.stringify(job),
      String(now),
      String(ONCE_TTL_SECONDS),
      failed ? JSON.stringify(failed) : '',
    ],
  };
}

/** The reply of an enqueueEmailCall eval (from a pipeline's results, in its position). */
export function enqueueOutcome(reply: unknown): EnqueueOutcome {
  const n = Number(reply);
  return n === 1 ? 'queued' : n === 0 ? 'duplicate' : n === 2 ? 'refused' : 'failed';
}

/**
 * Queues an email once per key, in one round trip. Never throws: a store failure is logged and
 * answered 'failed' (the caller's own work goes on; its event, delivered again, queues it then).
 */
export async function enqueueEmail<N extends EmailName>(
  store: Store,
  email: QueuedEmail<N>,
  now: number = Date.now(),
  keys: MailKeys = mailKeys(),
): Promise<EnqueueOutcome> {
  try {
    const call = enqueueEmailCall(email, now, keys);
    const outcome = enqueueOutcome(await store.eval(call.script, call.keys, call.args));
    if (outcome === 'refused')
      console.error(`[mail] ${email.template} ${email.key} refused: ${emailProblem(email)}`);
    return outcome;
  } catch (error) {
    console.error(`[mail] ${email.template} ${email.key} could not be queued: ${errorText(error)}`);
    return 'failed';
  }
}

/** Why an email cannot be sent at all, or null: an unsafe recipient, or data not matching its template. */
function emailProblem(email: { to: string | MailRecipient; template: string; data: unknown }): string | null {
  const recipient = recipientProblem(email.to);
  if (recipient) return recipient;
  if (!isEmailName(email.template)) return `no email is called ${email.template}`;
  const data = (email.data ?? {}) as Record<string, unknown>;
  const missing = EMAILS[email.template].filter((key) => typeof data[key] !== 'string');
  return missing.length > 0 ? `the data lacks ${missing.join(', ')}` : null;
}

// KEYS: queue, jobs. ARGV: now, how many, lease end. → key, job, key, job… (the claimed, now leased).
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

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
