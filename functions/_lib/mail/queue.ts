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
import { errorText } from './error-text.ts';
import { type MailKeys, mailKeys } from './keys.ts';
import type { MailRecipient } from './port.ts';

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

export interface Job {
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
  /** The email's placeholders, kept so the operator can send it again (absent on older entries). */
  data?: Record<string, string>;
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
        data: email.data,
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
export function emailProblem(email: {
  to: string | MailRecipient;
  template: string;
  data: unknown;
}): string | null {
  const recipient = recipientProblem(email.to);
  if (recipient) return recipient;
  if (!isEmailName(email.template)) return `no email is called ${email.template}`;
  const data = (email.data ?? {}) as Record<string, unknown>;
  const missing = EMAILS[email.template].filter((key) => typeof data[key] !== 'string');
  return missing.length > 0 ? `the data lacks ${missing.join(', ')}` : null;
}

// KEYS: queue, jobs. ARGV: now, how many, lease end. → key, job, key, job… (the claimed, now leased).
