/**
 * "Delete my account" (docs/security.md, "Your data"). The member is the token's subject and proves
 * it is them with their password; then, in this order, each step safe to run again:
 * 1. a deletion marker (`account:deleting:{digest}`, 4 days: longer than any access token lives and
 *    than Stripe retries an event), so a retry after the identity is gone needs no password the
 *    provider can no longer check;
 * 2. the subscription ends now at the card provider and the ended state is stored: from here on every
 *    member call is refused by the membership gate, so nothing new is written for the member;
 * 3. chat access is taken away (the same path as a membership that ended);
 * 4. the identity is deleted (sign-ins end with it; the email may sign up again as a new account),
 *    and the card provider's records of the member keep the money only, naming a pseudonym
 *    (`deleted:{digest}`) with no email or card (local billing's, in our store; Stripe keeps its own);
 * 5. every key of the member goes in one pipeline: the `u:{sub}:*` namespace and every key naming the
 *    sub (one SCAN), and the entries elsewhere (customer → member, chat claims, certificates' public
 *    records, the operator's indexes and search terms, queued mail to the member, the recent churn
 *    reasons); the course counters keep their counts with a digest in place of the sub; the global
 *    audit log's entries about the member, and the ledger's, name the pseudonym instead of the sub,
 *    the payment customer id, the chat username and account, and one `account.deleted` entry is added;
 * 6. a second sweep removes what a call admitted before step 2 wrote after step 5 (the search
 *    terms and the provider's records too: they live in keys that do not name the sub), and the
 *    open email-change links;
 * 7. the member's access tokens end (auth/valid-after.ts): the deleted account's token gets 401.
 * A failure anywhere answers 500 and leaves the rest to the member's retry, which finishes the job.
 */
import { endAccessTokens } from '../auth/valid-after.ts';
import type { Caller } from '../auth/verify.ts';
import { customerOfKey } from '../billing/billing.ts';
import type { BillingPorts } from '../billing/billing-ports.ts';
import {
  COMPLIMENTARY_PREFIX,
  customerOwnerKey,
  type Membership,
  membershipKey,
  parseMembership,
} from '../billing/membership.ts';
import { saveMembership } from '../billing/membership-write.ts';
import { BillingRefusedError } from '../billing/port.ts';
import { followMembership } from '../chat/access.ts';
import type { ChatPorts } from '../chat/chat-ports.ts';
import { chatKeys } from '../chat/keys.ts';
import { parseChatRecord } from '../chat/record.ts';
import { courseLibrary } from '../courses/library.ts';
import {
  certificateImageKey,
  certificateKey,
  courseStatsKeys,
  progressKeys,
} from '../courses/progress-keys.ts';
import type { Deps } from '../deps.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { logWarning } from '../http/log.ts';
import { TooManyAttemptsError, UnknownUserError } from '../identity/admin.ts';
import type { IdentityPorts } from '../identity/identity-ports.ts';
import { ledgerKeys } from '../ledger/keys.ts';
import { mailKeys } from '../mail/keys.ts';
import { marketKeys } from '../market/keys.ts';
import { memberFields, opsKeys } from '../operator/keys.ts';
import { dropSearchCall, dropSearchTerms } from '../operator/search-index.ts';
import { flatEntries, parseJson, type Store } from '../store.ts';
import { DELETING_TTL_S, deletingKey, pseudonymOf, subDigest } from './deleted-marker.ts';
import { dropEmailLinks } from './email-change.ts';

export type DeletionDeps = Pick<Deps, 'store' | 'now'> &
  Pick<BillingPorts, 'billing'> &
  ChatPorts &
  IdentityPorts;

const wrongPassword = () => new HttpError(403, 'That is not your password');
/**
 * Keys looked at per SCAN call: the walk's round trips are most of a deletion's time (npm run bench,
 * 350,000 keys: 1.9 s at 1,000 a call, 0.9 s at 10,000, 0.75 s at 50,000), and each call still holds
 * Redis for about a millisecond only.
 */
const SCAN_COUNT = 10_000;
const DELETE_CHUNK = 500;

/** Deletes the caller's account; see the file's comment for the steps. */
export async function deleteAccount(
  deps: DeletionDeps,
  caller: Caller,
  input: { password: string },
): Promise<{ deleted: true }> {
  const { store } = deps;
  const { sub } = caller;
  if (!input.password) throw badRequest('Enter your password to delete your account');
  await checkPassword(deps, sub, input.password);
  await store.set(deletingKey(sub), '1', { ex: DELETING_TTL_S });

  await endMembership(deps, sub);
  await revokeChat(deps, sub);
  await deps.identityAdmin.deleteUser(sub);
  const customers = await customersOf(store, sub);
  await forgetAtProvider(deps, sub, customers);
  await eraseKeys(deps, caller);
  // A call admitted before the membership ended may have written after the sweep: once more (a
  // card update too, which writes the customer's card at the provider).
  await deleteAll(store, await keysNaming(store, sub));
  await dropSearchTerms(store, sub);
  await forgetAtProvider(deps, sub, customers);
  await dropEmailLinks(store, sub);
  // Last, so a retry with the same token can still finish the job: from here the token is refused.
  await endAccessTokens(store, sub, deps.now());
  return { deleted: true };
}

/** The password, or an identity already deleted by an earlier attempt of this deletion. */
async function checkPassword(deps: DeletionDeps, sub: string, password: string): Promise<void> {
  try {
    if (!(await deps.identityAdmin.verifyPassword(sub, password))) throw wrongPassword();
  } catch (error) {
    if (error instanceof UnknownUserError) {
      if (await deps.store.exists(deletingKey(sub))) return;
      throw notFound('No User Found');
    }
    if (error instanceof TooManyAttemptsError)
      throw new HttpError(429, 'Too many wrong passwords. For your security, try again later.');
    throw error;
  }
}

/**
 * The subscription ends now at the provider (a complimentary one has nothing there) and the ended
 * state is stored with its audit entry and the day's counts, without the "membership ended" email.
 */
async function endMembership(deps: DeletionDeps, sub: string): Promise<void> {
  const { store } = deps;
  const stored = parseMembership(await store.get<string>(membershipKey(sub)));
  if (!stored || stored.status === 'canceled' || stored.status === 'incomplete_expired') return;
  const at = deps.now();
  let ended: Membership = {
    ...stored,
    status: 'canceled',
    currentPeriodEnd: Math.min(stored.currentPeriodEnd, at),
    asOf: at,
  };
  if (!stored.subscriptionId.startsWith(COMPLIMENTARY_PREFIX)) {
    const billing = await deps.billing();
    try {
      // Keyed by the subscription: a retry asks the provider once, however often it is sent.
      ended = await billing.cancelNow(stored, `account-delete:${sub}:${stored.subscriptionId}`);
    } catch (error) {
      // The provider has no such subscription to end (gone, or ended already): nothing there can
      // charge the member, so the deletion goes on. Anything else (the provider down) fails it.
      if (!(error instanceof BillingRefusedError)) throw error;
      logWarning('account deletion: the provider refused to cancel the subscription', error);
    }
  }
  // `emails: false`: a deleted member is not told their membership ended (billing.ts's option).
  const index: Parameters<typeof saveMembership>[3] & { emails?: boolean } = { at, emails: false };
  await saveMembership(store, sub, ended, index);
}

/** The member's payment customers: the one the charge made, and the one the membership names. */
async function customersOf(store: Store, sub: string): Promise<string[]> {
  const [known, raw] = await store
    .pipeline()
    .get(customerOfKey(sub))
    .get(membershipKey(sub))
    .exec<[string | null, string | null]>();
  const ids = [known, parseMembership(raw)?.customerId].filter((id): id is string => !!id);
  return [...new Set(ids)];
}

/**
 * What the card provider keeps of the member's customers keeps the money only, naming the
 * pseudonym (Billing.forgetMember: local billing's records are in our store). Before the sweep,
 * which takes the customer ids with it, so a retry after a failure here finds them again.
 */
async function forgetAtProvider(deps: DeletionDeps, sub: string, customerIds: string[]): Promise<void> {
  if (customerIds.length === 0) return;
  await (await deps.billing()).forgetMember({ sub, customerIds }, pseudonymOf(sub));
}

/** Chat access follows the ended membership; a role still held fails the deletion (retried). */
async function revokeChat(deps: DeletionDeps, sub: string): Promise<void> {
  await followMembership(deps, sub);
  const record = parseChatRecord(await deps.store.get<string>(chatKeys.member(sub)));
  if (record && !record.revoked) throw new Error('chat access could not be taken away; try again');
}

/** The keys whose name holds the sub as a whole segment (`u:{sub}:…`, `billing:member:{sub}`, …). */
async function keysNaming(store: Store, sub: string): Promise<string[]> {
  const pattern = `*${sub.replace(/[*?[\]\\]/g, '\\$&')}*`;
  const found = new Set<string>();
  let cursor = '0';
  do {
    const [next, keys] = await store.scan(cursor, { match: pattern, count: SCAN_COUNT });
    cursor = String(next);
    for (const key of keys) if (namesSub(key, sub)) found.add(key);
  } while (cursor !== '0');
  return [...found];
}

/** `a:{sub}:b` or `a:{sub}`, never `a:{sub}x` (another sub that begins like this one). */
function namesSub(key: string, sub: string): boolean {
  for (let at = key.indexOf(sub); at >= 0; at = key.indexOf(sub, at + 1)) {
    const before = at === 0 ? ':' : key[at - 1];
    const after = key[at + sub.length] ?? ':';
    if (before === ':' && after === ':') return true;
  }
  return false;
}

async function deleteAll(store: Store, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const pipe = store.pipeline();
  for (let at = 0; at < keys.length; at += DELETE_CHUNK) pipe.del(...keys.slice(at, at + DELETE_CHUNK));
  await pipe.exec();
}

// KEYS: keys to delete only while they hold the sub (customer → member, chat claims). ARGV: sub.
const DEL_IF_OWNED = `for _, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then redis.call('DEL', key) end
end
return 1`;

// KEYS: the course counters' sets, then their ZSETs (ARGV[3] of them). ARGV: sub, digest, the
// number of ZSETs. A member counted keeps being counted, under the digest: the figures stay.
const SWAP_COUNTED = `local zsets = tonumber(ARGV[3])
for i, key in ipairs(KEYS) do
  if i > #KEYS - zsets then
    local score = redis.call('ZSCORE', key, ARGV[1])
    if score then
      redis.call('ZREM', key, ARGV[1])
      redis.call('ZADD', key, 'GT', score, ARGV[2])
    end
  elseif redis.call('SREM', key, ARGV[1]) == 1 then
    redis.call('SADD', key, ARGV[2])
  end
end
return 1`;

// KEYS: ops:email, ops:members, ops:churn-recent, mail jobs, mail queue, mail dead letters, the
// MAE/MFE queue. ARGV: sub, then the member's email addresses (lower case). The console's lookups,
// the recent reasons given (their free text is the member's), every queued or given-up email to the
// member and their place in the MAE/MFE queue (market/sync-queue.ts) go.
const DROP_INDEXED = `local function is_member(to)
  if type(to) == 'table' then to = to.address end
  if type(to) ~= 'string' then return false end
  to = string.lower(to)
  for i = 2, #ARGV do
    if to == ARGV[i] then return true end
  end
  return false
end
for i = 2, #ARGV do
  if redis.call('HGET', KEYS[1], ARGV[i]) == ARGV[1] then redis.call('HDEL', KEYS[1], ARGV[i]) end
end
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[7], ARGV[1])
for _, entry in ipairs(redis.call('LRANGE', KEYS[3], 0, -1)) do
  local ok, decoded = pcall(cjson.decode, entry)
  if ok and type(decoded) == 'table' and decoded.sub == ARGV[1] then redis.call('LREM', KEYS[3], 0, entry) end
end
local jobs = redis.call('HGETALL', KEYS[4])
for j = 1, #jobs, 2 do
  local ok, job = pcall(cjson.decode, jobs[j + 1])
  if ok and type(job) == 'table' and is_member(job.to) then
    redis.call('HDEL', KEYS[4], jobs[j])
    redis.call('ZREM', KEYS[5], jobs[j])
  end
end
for _, entry in ipairs(redis.call('LRANGE', KEYS[6], 0, -1)) do
  local ok, failed = pcall(cjson.decode, entry)
  if ok and type(failed) == 'table' and is_member(failed.to) then redis.call('LREM', KEYS[6], 0, entry) end
end
return 1`;

/**
 * What names the member in a record an audit entry carries, besides the sub: the payment customer
 * id (the provider's customer holds their email and card), the chat username and the Discord
 * account. Their string values become the pseudonym. Entries hold no email of the member: the
 * only address in one is the acting operator's.
 */
const NAMING_FIELDS = ['customerId', 'username', 'account'];

// KEYS: the global audit log, the member's own, the ledger's entries. ARGV: the member field as
// written ('"member":' .. the sub's JSON), its replacement, the pseudonym's JSON, the account.deleted
// entry, then NAMING_FIELDS. The member's entries in the global log keep their place (an entry's id
// is its position), their dates and amounts, but name only the pseudonym (the money an entry
// carries names the member too); the ledger's entries of the charges they carry keep their amounts
// and name the pseudonym; then the closing entry is appended. The text is rewritten in place, never
// decoded and encoded again, so nothing else in an entry changes. A value with a quote or a
// backslash escaped in it (none of these fields can hold one) is left alone rather than cut.
const CLOSE_AUDIT = `local function anonymous(text)
  local out, from = {}, 1
  while true do
    local s, e = string.find(text, ARGV[1], from, true)
    if not s then break end
    out[#out + 1] = string.sub(text, from, s - 1) .. ARGV[2]
    from = e + 1
  end
  out[#out + 1] = string.sub(text, from)
  text = table.concat(out)
  for i = 5, #ARGV do
    local named = '"' .. ARGV[i] .. '":'
    text = string.gsub(text, named .. '"[^"\\\\]*"', function() return named .. ARGV[3] end)
  end
  return text
end
for _, entry in ipairs(redis.call('LRANGE', KEYS[2], 0, -1)) do
  local at = redis.call('LPOS', KEYS[1], entry)
  if at then redis.call('LSET', KEYS[1], at, anonymous(entry)) end
  local ok, decoded = pcall(cjson.decode, entry)
  if ok and type(decoded) == 'table' and type(decoded.charge) == 'table' and decoded.charge.id then
    local money = redis.call('HGET', KEYS[3], decoded.charge.id)
    if money then redis.call('HSET', KEYS[3], decoded.charge.id, anonymous(money)) end
  end
end
redis.call('RPUSH', KEYS[1], ARGV[4])
return 1`;

/** Step 5: one read pipeline (what points elsewhere), then one pipeline that removes it all. */
async function eraseKeys(deps: DeletionDeps, caller: Caller): Promise<void> {
  const { store } = deps;
  const { sub } = caller;
  const digest = subDigest(sub);
  const pseudonym = pseudonymOf(sub);
  const [named, [customerId, rawMembership, opsEmail, rawChat, certificates]] = await Promise.all([
    keysNaming(store, sub),
    store
      .pipeline()
      .get(customerOfKey(sub))
      .get(membershipKey(sub))
      .hget(opsKeys.member(sub), memberFields.email)
      .get(chatKeys.member(sub))
      .hgetall(progressKeys.certificates(sub))
      .exec<[string | null, string | null, string | null, string | null, unknown]>(),
  ]);
  const membership = parseMembership(rawMembership);
  const chat = parseChatRecord(rawChat);
  const owned = [
    ...new Set([customerId, membership?.customerId].filter((id): id is string => !!id).map(customerOwnerKey)),
  ];
  if (chat) {
    owned.push(chatKeys.owner(chat.username));
    if (chat.account) owned.push(chatKeys.account((await deps.chat()).kind, chat.account));
  }
  const certificateIds = flatEntries(certificates).flatMap(([, json]) => {
    const id = parseJson<{ id?: unknown }>(json)?.id;
    return typeof id === 'string' ? [certificateKey(id), certificateImageKey(id)] : [];
  });
  const emails = [
    ...new Set([caller.email, opsEmail].filter((e): e is string => !!e).map((e) => e.toLowerCase())),
  ];
  const { sets, zsets } = courseCounters();
  const mail = mailKeys();
  const closing = JSON.stringify({
    at: deps.now(),
    actor: { sub: 'member', email: null },
    action: 'account.deleted',
    member: pseudonym,
    before: null,
    after: null,
  });

  const pipe = store.pipeline();
  // The audit first: it reads the member's own list, which goes below.
  pipe.eval(
    CLOSE_AUDIT,
    [opsKeys.audit, opsKeys.memberAudit(sub), ledgerKeys.entries],
    [
      `"member":${JSON.stringify(sub)}`,
      `"member":${JSON.stringify(pseudonym)}`,
      JSON.stringify(pseudonym),
      closing,
      ...NAMING_FIELDS,
    ],
  );
  if (owned.length) pipe.eval(DEL_IF_OWNED, owned, [sub]);
  pipe.eval(SWAP_COUNTED, [...sets, ...zsets], [sub, digest, String(zsets.length)]);
  pipe.eval(
    DROP_INDEXED,
    [
      opsKeys.email,
      opsKeys.members,
      opsKeys.churnRecent,
      mail.jobs,
      mail.queue,
      mail.failed,
      marketKeys.queue,
    ],
    [sub, ...emails],
  );
  // The console's search: every term the member was found by (their email, names, customer id).
  const search = dropSearchCall(sub);
  pipe.eval(search.script, search.keys, search.args);
  const keys = [...new Set([...named, ...certificateIds])];
  for (let at = 0; at < keys.length; at += DELETE_CHUNK) pipe.del(...keys.slice(at, at + DELETE_CHUNK));
  await pipe.exec();
}

/** Every course counter (progress-keys.ts), from the courses shipped with the functions. */
function courseCounters(): { sets: string[]; zsets: string[] } {
  const sets: string[] = [];
  const zsets: string[] = [];
  for (const course of courseLibrary) {
    sets.push(courseStatsKeys.started(course.slug), courseStatsKeys.completed(course.slug));
    zsets.push(courseStatsKeys.furthest(course.slug));
    for (const module of course.modules) {
      sets.push(
        courseStatsKeys.checkAttempted(course.slug, module.id),
        courseStatsKeys.checkPassed(course.slug, module.id),
      );
      for (const lesson of module.lessons)
        sets.push(
          courseStatsKeys.lessonStarted(course.slug, lesson.id),
          courseStatsKeys.lessonCompleted(course.slug, lesson.id),
        );
    }
  }
  return { sets, zsets };
}
