import { membershipKey } from '../billing/membership.ts';
import { HttpError } from '../http/errors.ts';
import { SEARCH_INDEX_LUA, searchIndexKeys, searchUpdateJson } from '../operator/search-index.ts';
import { nameTerms } from '../operator/search-terms.ts';
import type { Store } from '../store.ts';
import { lockOptions, lockToken } from '../store-lock.ts';
import { type Claims, claimsFor, TAKEN_MESSAGE } from './claims.ts';
import { chatKeys } from './keys.ts';
import { type ChatRecord, parseChatRecord } from './record.ts';

/**
 * A turn: one request's (or one billing change's) hold on a member's chat state, under the
 * member's lock. It starts by reading the record and the membership under the lock, and ends by
 * writing the record and letting go of the claims it no longer names in one script. The lock is let
 * go only while the membership is still as read: a billing change that found the lock taken leaves
 * the member to the holder, who sees the change as it ends and follows it (access.ts endTurn).
 */
export interface Turn {
  sub: string;
  token: string;
  record: ChatRecord | null;
  /** The membership as stored when the turn began (raw JSON), or null. */
  membership: string | null;
  claims: Claims;
}

/** What a turn leaves behind: the record to write (null: as it was), and the claims to let go of. */
export interface Change {
  write: ChatRecord | null;
  release: string[];
}

// A request makes up to six calls to the community (each up to two 8 s tries and a 5 s rate-limit
// wait: 126 s at worst); the lock outlives them, and a holder whose lock expired never releases
// another's (store-lock.ts).
const LOCK_MS = 150_000;

const busy = () => new HttpError(409, 'Your invite is already being prepared.');
const taken = () => new HttpError(409, TAKEN_MESSAGE);

// The lock, then the username's claim (refused, lock and all, when another member holds it), then
// the reads: of two members asking for one name at once exactly one holds it.
const BEGIN_INVITE = `if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return {'busy'} end
local owner = redis.call('GET', KEYS[2])
if owner and owner ~= ARGV[3] then
  redis.call('DEL', KEYS[1])
  return {'taken'}
end
local claimed = 0
if not owner then
  redis.call('SET', KEYS[2], ARGV[3])
  claimed = 1
end
return {'ok', claimed, redis.call('GET', KEYS[3]) or '', redis.call('GET', KEYS[4]) or ''}`;

/** An invite request's turn, holding the username asked for. 409 when busy or the name is another's. */
export async function beginInviteTurn(store: Store, sub: string, username: string): Promise<Turn> {
  const token = lockToken();
  const owner = chatKeys.owner(username);
  const reply = (await store.eval(
    BEGIN_INVITE,
    [chatKeys.lock(sub), owner, chatKeys.member(sub), membershipKey(sub)],
    [token, String(LOCK_MS), sub],
  )) as [string, number?, string?, string?];
  if (reply[0] === 'busy') throw busy();
  if (reply[0] === 'taken') throw taken();
  const [, claimed, record, membership] = reply;
  return {
    sub,
    token,
    record: parseChatRecord(record),
    membership: membership || null,
    claims: claimsFor(store, sub, Number(claimed) === 1 ? [owner] : []),
  };
}

/** A billing change's turn; null when a request holds the member (it follows the change as it ends). */
export async function beginFollowTurn(store: Store, sub: string): Promise<Turn | null> {
  const token = lockToken();
  const [locked, membership, record] = await store
    .pipeline()
    .set(chatKeys.lock(sub), token, lockOptions(LOCK_MS))
    .get(membershipKey(sub))
    .get(chatKeys.member(sub))
    .exec<[string | null, string | null, string | null]>();
  if (locked === null) return null;
  return { sub, token, record: parseChatRecord(record), membership, claims: claimsFor(store, sub) };
}

// KEYS: record, lock, membership, the search index (2 keys), claims to let go of. ARGV: record
// JSON ('' keeps it), sub, token, the membership as read ('' for none), the search terms of the
// record's username. Answers {1} once the lock is let go, else {0, membership}. The operator's
// search finds the member by the username the record holds, written with it.
const FINISH = `${SEARCH_INDEX_LUA}
if ARGV[1] ~= '' then
  redis.call('SET', KEYS[1], ARGV[1])
  search_update(KEYS[4], KEYS[5], ARGV[2], ARGV[5], false)
end
for i = 6, #KEYS do
  if redis.call('GET', KEYS[i]) == ARGV[2] then redis.call('DEL', KEYS[i]) end
end
local membership = redis.call('GET', KEYS[3]) or ''
if membership ~= ARGV[4] then return {0, membership} end
if redis.call('GET', KEYS[2]) == ARGV[3] then redis.call('DEL', KEYS[2]) end
return {1}`;

/**
 * Writes the change and lets go of the lock, unless the membership changed during the turn: then
 * the lock is kept and the membership as it is now is returned, for the holder to follow.
 */
export async function finishTurn(store: Store, turn: Turn, change: Change, seen: string | null) {
  const { sub } = turn;
  const reply = (await store.eval(
    FINISH,
    [
      chatKeys.member(sub),
      chatKeys.lock(sub),
      membershipKey(sub),
      ...searchIndexKeys(),
      ...new Set(change.release),
    ],
    [
      change.write ? JSON.stringify(change.write) : '',
      sub,
      turn.token,
      seen ?? '',
      searchUpdateJson({ chat: nameTerms(change.write?.username) }),
    ],
  )) as [number, string?];
  return Number(reply[0]) === 1
    ? { released: true as const }
    : { released: false as const, membership: reply[1] || null };
}
