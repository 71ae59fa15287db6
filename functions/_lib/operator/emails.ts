import type { Caller } from '../auth/verify.ts';
import type { ApiResponse } from '../contract/index.ts';
import type { UndeliverableEmail } from '../contract/operator.ts';
import type { Deps } from '../deps.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { type MailKeys, mailKeys } from '../mail/keys.ts';
import type { MailRecipient } from '../mail/port.ts';
import { emailProblem, type FailedEmail, type Job, ONCE_TTL_SECONDS } from '../mail/queue.ts';
import { parseJson } from '../store.ts';
import type { AuditEntry } from './audit.ts';
import { opsKeys } from './keys.ts';

/**
 * The operator's view of the mail queue (docs/operator.md "Undeliverable email"): the emails given
 * up on (`mail:failed`, docs/mail.md) with the member each was for, what waits in the queue, and
 * sending one again. Reads name their keys; nothing is scanned.
 */

/** The list shows the newest this many (the dead-letter list keeps 1,000; `total` says how many). */
export const EMAILS_SHOWN = 100;

// The recipient's member: the member index maps lower-case emails to subjects. Lua's lower() is
// ASCII only, so an address with upper-case letters outside ASCII finds no member (shown unlinked).
const MEMBER_OF_LUA = `
local function member_of(emails, to)
  if type(to) == 'table' then to = to.address end
  if type(to) ~= 'string' then return '' end
  return redis.call('HGET', emails, string.lower(string.match(to, '^%s*(.-)%s*$'))) or ''
end`;

// KEYS: failed, queue, jobs, the member index's emails. ARGV: how many.
// → { total, waiting, next key, its due, its job, then entry, member … (newest first) }.
const READ = `${MEMBER_OF_LUA}
local total = redis.call('LLEN', KEYS[1])
local items = redis.call('LRANGE', KEYS[1], -tonumber(ARGV[1]), -1)
local first = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
local job = ''
if first[1] then job = redis.call('HGET', KEYS[3], first[1]) or '' end
local out = { total, redis.call('ZCARD', KEYS[2]), first[1] or '', first[2] or '', job }
for i = #items, 1, -1 do
  local ok, entry = pcall(cjson.decode, items[i])
  out[#out + 1] = items[i]
  out[#out + 1] = (ok and type(entry) == 'table') and member_of(KEYS[4], entry.to) or ''
end
return out`;

/** The undeliverable emails, newest first, and the queue: one round trip. */
export async function readUndeliverable(
  deps: Pick<Deps, 'store'>,
  keys: MailKeys = mailKeys(),
): Promise<ApiResponse<'operator/emails'>> {
  const reply = (await deps.store.eval(
    READ,
    [keys.failed, keys.queue, keys.jobs, opsKeys.email],
    [String(EMAILS_SHOWN)],
  )) as unknown[];
  const emails: UndeliverableEmail[] = [];
  for (let i = 5; i + 1 < reply.length; i += 2) {
    const entry = parseJson<FailedEmail>(reply[i]);
    if (entry) emails.push(toRow(entry, String(reply[i + 1] ?? '')));
  }
  const nextKey = String(reply[2] ?? '');
  const job = parseJson<Job>(reply[4]);
  return {
    emails,
    total: Number(reply[0]) || 0,
    queue: {
      waiting: Number(reply[1]) || 0,
      next: nextKey
        ? {
            key: nextKey,
            template: job?.template ?? '',
            due: Number(reply[3]) || 0,
            queuedAt: Number(job?.queuedAt) || 0,
            tries: Number(job?.tries) || 0,
            lastError: job?.lastError ?? null,
          }
        : null,
    },
  };
}

const address = (to: string | MailRecipient | undefined): string =>
  typeof to === 'string' ? to : typeof to?.address === 'string' ? to.address : '';

/** Why an entry cannot be queued again as it is, or null. */
function retryProblem(entry: FailedEmail): string | null {
  if (!entry.data || typeof entry.data !== 'object')
    return "its content was not kept (it failed before emails kept theirs), so it can't be sent again";
  const problem = emailProblem({ to: entry.to, template: entry.template, data: entry.data });
  return problem ? `it can't be sent as it is: ${problem}` : null;
}

function toRow(entry: FailedEmail, member: string): UndeliverableEmail {
  return {
    at: Number(entry.at) || 0,
    template: String(entry.template ?? ''),
    key: String(entry.key ?? ''),
    tries: Number(entry.tries) || 0,
    error: String(entry.error ?? ''),
    to: address(entry.to),
    member: member || null,
    retryable: retryProblem(entry) === null,
  };
}

// KEYS: failed, the member index's emails. ARGV: the email's key.
// → { the newest entry with that key as stored, its member } or {} when none.
const FIND = `${MEMBER_OF_LUA}
local items = redis.call('LRANGE', KEYS[1], 0, -1)
for i = #items, 1, -1 do
  local ok, entry = pcall(cjson.decode, items[i])
  if ok and type(entry) == 'table' and entry.key == ARGV[1] then
    return { items[i], member_of(KEYS[2], entry.to) }
  end
end
return {}`;

// KEYS: failed, queue, jobs, once, the audit log, the member's. ARGV: the entry as stored, its key,
// the job, now, the key's TTL, the audit entry, '1' when it has a member.
// → 1 queued; 0 the entry is gone (sent again by someone else, or trimmed); 2 the key is queued.
// Removing the very entry read (LREM of its text) is what makes two retries at once queue it once.
const RETRY = `
if redis.call('HEXISTS', KEYS[3], ARGV[2]) == 1 then return 2 end
if redis.call('LREM', KEYS[1], 1, ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[3], ARGV[2], ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[2])
redis.call('SET', KEYS[4], 'queued', 'EX', ARGV[5])
redis.call('RPUSH', KEYS[5], ARGV[6])
if ARGV[7] == '1' then redis.call('RPUSH', KEYS[6], ARGV[6]) end
return 1`;

const alreadyQueued = (key: string) =>
  new HttpError(409, `The email '${key}' is queued again already: the next drain sends it`);

/**
 * Queues an undeliverable email again, due now with a fresh set of tries, and records it in the
 * audit log (`operator.email-retry`, for the recipient's member) in the same script. Two round
 * trips: finding the entry (and its member), then the script. Unknown key → 404; an email that can
 * never go (its content was not kept, an unsafe address) → 409 saying why.
 */
export async function retryUndeliverable(
  deps: Pick<Deps, 'store' | 'now'>,
  caller: Caller,
  key: string,
  keys: MailKeys = mailKeys(),
): Promise<ApiResponse<'operator/emails/retry'>> {
  const found = (await deps.store.eval(FIND, [keys.failed, opsKeys.email], [key])) as unknown[];
  const raw = typeof found[0] === 'string' ? found[0] : null;
  const entry = parseJson<FailedEmail>(raw);
  if (!raw || !entry) {
    if ((await deps.store.hexists(keys.jobs, key)) === 1) throw alreadyQueued(key);
    throw notFound(`No undeliverable email with the key '${key}'`);
  }
  const problem = retryProblem(entry);
  if (problem) throw new HttpError(409, `The email '${key}' cannot be queued again: ${problem}`);
  const member = String(found[1] ?? '');
  const now = deps.now();
  const job: Job = {
    key,
    to: entry.to,
    template: entry.template,
    data: entry.data ?? {},
    queuedAt: now,
    tries: 0,
  };
  // Who asked and which email: the address and the email's content stay out of the log.
  const audit: AuditEntry = {
    at: now,
    actor: { sub: caller.sub, email: caller.email },
    action: 'operator.email-retry',
    member,
    before: { key, template: entry.template, failedAt: entry.at, tries: entry.tries, error: entry.error },
    after: { key, template: entry.template, due: now, tries: 0 },
  };
  const outcome = Number(
    await deps.store.eval(
      RETRY,
      [
        keys.failed,
        keys.queue,
        keys.jobs,
        keys.once(key),
        opsKeys.audit,
        member ? opsKeys.memberAudit(member) : opsKeys.audit,
      ],
      [
        raw,
        key,
        JSON.stringify(job),
        String(now),
        String(ONCE_TTL_SECONDS),
        JSON.stringify(audit),
        member ? '1' : '',
      ],
    ),
  );
  if (outcome === 2) throw alreadyQueued(key);
  if (outcome !== 1) throw notFound(`No undeliverable email with the key '${key}'`);
  return { key, due: now };
}
