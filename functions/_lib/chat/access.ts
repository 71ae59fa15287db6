import { hasAccess, membershipKey, parseMembership } from '../billing/membership.ts';
import type { Deps } from '../deps.ts';
import { logWarning } from '../http/log.ts';
import { releaseLock } from '../store-lock.ts';
import type { ChatPorts } from './chat-ports.ts';
import { accountKey, accountOf } from './claims.ts';
import { chatKeys } from './keys.ts';
import { type ChatRecord, parseChatRecord } from './record.ts';
import { beginFollowTurn, type Change, finishTurn, type Turn } from './turn.ts';

type AccessDeps = Pick<Deps, 'store' | 'now'> & ChatPorts;

// A membership that keeps changing while it is followed is left to the next billing change.
const MAX_FOLLOWS = 3;

/**
 * Community access follows the membership: when billing has changed a member's subscription (the
 * Stripe webhook, a new charge; locally also the invite page, which notices a lapsed period), this
 * takes the member role away from a member without access, and gives it back on renewal. Only
 * members who asked for an invite have anything to follow, and only what they hold is touched.
 *
 * Never throws: a chat failure must not break billing (a webhook that failed would be retried by
 * Stripe and re-applied, but the membership itself is already stored). The failure is logged and
 * the record left as it was, so the next billing change tries again. When an invite request holds
 * the member, it is left to that request, which follows the change before it lets go (turn.ts).
 */
export async function followMembership(deps: AccessDeps, sub: string): Promise<void> {
  try {
    // Most billing changes change nothing here: one round trip, no lock.
    const [membership, raw] = await deps.store
      .pipeline()
      .get(membershipKey(sub))
      .get(chatKeys.member(sub))
      .exec<[string | null, string | null]>();
    if (!needsFollowing(deps, parseChatRecord(raw), membership)) return;
    const turn = await beginFollowTurn(deps.store, sub);
    if (!turn) return;
    await endTurn(deps, turn, await follow(deps, turn, turn.record, turn.membership));
  } catch (error) {
    logWarning('could not bring chat access in line with the membership', error);
  }
}

// Access an operator took away stays away whatever billing does (record.ts `suspended`).
function needsFollowing(deps: Pick<Deps, 'now'>, record: ChatRecord | null, membership: string | null) {
  return (
    record !== null &&
    !record.suspended &&
    hasAccess(parseMembership(membership), deps.now()) === record.revoked
  );
}

/**
 * Ends a turn with its change, following the membership as long as it changed during the turn (at
 * most a few times; then the lock is let go and the next billing change tries again).
 */
export async function endTurn(deps: AccessDeps, turn: Turn, change: Change): Promise<void> {
  let seen = turn.membership;
  let record = change.write ?? turn.record;
  for (let round = 0; ; round++) {
    const finished = await finishTurn(deps.store, turn, change, seen);
    if (finished.released) return;
    if (round === MAX_FOLLOWS) {
      await releaseLock(deps.store, chatKeys.lock(turn.sub), turn.token);
      logWarning('chat access', 'the membership kept changing; left to the next billing change');
      return;
    }
    seen = finished.membership;
    turn.claims.taken.length = 0;
    change = await follow(deps, turn, record, seen);
    record = change.write ?? record;
  }
}

/**
 * The change that brings the record in line with the membership, made under the member's lock.
 * An end takes the role from the member's own account and lets go of the username and the account,
 * so the name's real owner can claim it later; a renewal claims them again (a name another member
 * holds by then gets no role back). Never throws: a failure is logged and lets go of what it took.
 */
async function follow(
  deps: AccessDeps,
  turn: Turn,
  record: ChatRecord | null,
  membership: string | null,
): Promise<Change> {
  const { claims } = turn;
  if (!record || !needsFollowing(deps, record, membership)) return { write: null, release: [] };
  try {
    const chat = await deps.chat();
    if (record.revoked) {
      if (!(await claims.name(record.username))) {
        logWarning('chat access', 'the username is now linked to another member; no role given back');
        return { write: null, release: [...claims.taken] };
      }
      const account =
        record.account && (await claims.account(chat, record.account))
          ? record.account
          : await accountOf(chat, claims, record.username);
      if (account) await chat.grantAccess(account);
      return { write: { ...record, revoked: false, account }, release: [] };
    }
    const account = record.account ?? (await accountOf(chat, claims, record.username));
    await chat.revokeAccess(account, record.invite);
    return {
      write: { ...record, invite: null, revoked: true, account },
      release: [chatKeys.owner(record.username), ...(account ? [accountKey(chat, account)] : [])],
    };
  } catch (error) {
    logWarning('could not bring chat access in line with the membership', error);
    return { write: null, release: [...claims.taken] };
  }
}
