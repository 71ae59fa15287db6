import type { Caller } from '../auth/verify.ts';
import { hasAccess, membershipKey, parseMembership } from '../billing/membership.ts';
import { followMembership } from '../chat/access.ts';
import { accountKey, accountOf } from '../chat/claims.ts';
import { chatCall, requestInvite } from '../chat/invites.ts';
import { chatKeys } from '../chat/keys.ts';
import { type ChatRecord, parseChatRecord, readChatRecord } from '../chat/record.ts';
import { beginFollowTurn, type Turn } from '../chat/turn.ts';
import type { ApiRequest, ApiResponse } from '../contract/index.ts';
import { HttpError } from '../http/errors.ts';
import { type ActionDeps, operatorEntry, readMemberRow, resolveMember } from './actions.ts';
import { AUDIT_APPEND_LUA, appendAudit } from './audit.ts';
import { opsKeys } from './keys.ts';

/**
 * The operator's chat actions (docs/operator.md "Actions"). Revoking takes the member role from
 * the member's account (and any outstanding invite) through the chat port and marks the record
 * `suspended`: billing changes then leave it alone (access.ts) and the member gets no new invite
 * (invites.ts) until an operator restores it. The member keeps the username's and the account's
 * claims meanwhile, so no other member can point a role at that account. Restoring gives the role
 * back when the membership gives access (else access comes back with the membership, as after an
 * end). Each runs as a chat turn (the member's chat lock, turn.ts) and ends with one script: the
 * record, the claims let go, the audit entry and the lock. A community failure writes nothing.
 */
type Acted = ApiResponse<'operator/members/chat'>;

const busy = () => new HttpError(409, "The member's chat access is being changed. Try again in a moment.");

// KEYS: record, lock, ops:audit, ops:audit:{sub}, claims to let go of… ARGV: record JSON, sub, lock
// token, the audit entry.
const FINISH = `${AUDIT_APPEND_LUA}
redis.call('SET', KEYS[1], ARGV[1])
for i = 5, #KEYS do
  if redis.call('GET', KEYS[i]) == ARGV[2] then redis.call('DEL', KEYS[i]) end
end
audit(KEYS[3], KEYS[4], ARGV[4])
if redis.call('GET', KEYS[2]) == ARGV[3] then redis.call('DEL', KEYS[2]) end
return 1`;

export async function setChatAccess(
  deps: ActionDeps,
  caller: Caller,
  input: ApiRequest<'operator/members/chat'>,
): Promise<Acted> {
  const sub = await resolveMember(deps.store, input);
  const turn = await beginFollowTurn(deps.store, sub);
  if (!turn) throw busy();
  let finished = false;
  try {
    const { record } = turn;
    if (!record) throw new HttpError(409, 'The member has not asked for chat access.');
    const change =
      input.access === 'revoke' ? await revoke(deps, turn, record) : await restore(deps, turn, record);
    const at = deps.now();
    const entry = operatorEntry(caller, `chat-${input.access}`, sub, at, record, change.write);
    await deps.store.eval(
      FINISH,
      [chatKeys.member(sub), chatKeys.lock(sub), opsKeys.audit, opsKeys.memberAudit(sub), ...change.release],
      [JSON.stringify(change.write), sub, turn.token, JSON.stringify(entry)],
    );
    finished = true;
  } finally {
    // Refused or failed: the claims this turn took are let go, the record stays as it was.
    if (!finished) await letGo(deps, turn);
  }
  // A billing change that found the lock taken left the member to us: follow it now.
  await followMembership(deps, sub);
  return { member: await readMemberRow(deps, sub) };
}

// KEYS: the lock, claims to let go of… ARGV: sub, lock token.
const LET_GO = `for i = 2, #KEYS do
  if redis.call('GET', KEYS[i]) == ARGV[1] then redis.call('DEL', KEYS[i]) end
end
if redis.call('GET', KEYS[1]) == ARGV[2] then redis.call('DEL', KEYS[1]) end
return 1`;

/** Ends a turn that changed nothing: the claims it took let go, then the lock. */
async function letGo(deps: ActionDeps, turn: Turn): Promise<void> {
  await deps.store.eval(LET_GO, [chatKeys.lock(turn.sub), ...turn.claims.taken], [turn.sub, turn.token]);
}

async function revoke(deps: ActionDeps, turn: Turn, record: ChatRecord) {
  if (record.suspended) throw new HttpError(409, "The member's chat access is already revoked.");
  const chat = await deps.chat();
  // Ended with the membership: the role is gone and the claims let go; only the hold is added.
  if (record.revoked) return { write: { ...record, suspended: true }, release: [] };
  const account = record.account ?? (await chatCall(() => accountOf(chat, turn.claims, record.username)));
  await chatCall(() => chat.revokeAccess(account, record.invite));
  return {
    write: { ...record, invite: null, revoked: true, suspended: true, account } satisfies ChatRecord,
    release: [] as string[],
  };
}

async function restore(deps: ActionDeps, turn: Turn, record: ChatRecord) {
  if (!record.suspended)
    throw new HttpError(
      409,
      record.revoked
        ? 'Chat access follows the membership: it comes back when the member has access again.'
        : 'The member has chat access.',
    );
  const { suspended: _, ...rest } = record;
  const chat = await deps.chat();
  if (!hasAccess(parseMembership(turn.membership), deps.now())) {
    // No access: as after an end, the name and the account are let go until the membership is back.
    const release = [
      chatKeys.owner(record.username),
      ...(record.account ? [accountKey(chat, record.account)] : []),
    ];
    return { write: { ...rest, revoked: true } satisfies ChatRecord, release };
  }
  const { claims } = turn;
  if (!(await claims.name(record.username)))
    throw new HttpError(
      409,
      'The username is now linked to another member: the member asks for a new invite.',
    );
  const account =
    record.account && (await claims.account(chat, record.account))
      ? record.account
      : await chatCall(() => accountOf(chat, claims, record.username));
  if (account) await chatCall(() => chat.grantAccess(account));
  return { write: { ...rest, revoked: false, account } satisfies ChatRecord, release: [] as string[] };
}

/**
 * The member's invite again, for the operator to pass on: as the member's own request
 * (invites.ts), for the username they gave — their live invite, or a new one once it was used or
 * expired. The operator's entry is appended once the invite is recorded.
 */
export async function resendChatInvite(
  deps: ActionDeps,
  caller: Caller,
  input: ApiRequest<'operator/members/chat/invite'>,
): Promise<ApiResponse<'operator/members/chat/invite'>> {
  const sub = await resolveMember(deps.store, input);
  const [raw, membership] = await deps.store
    .pipeline()
    .get(chatKeys.member(sub))
    .get(membershipKey(sub))
    .exec<[string | null, string | null]>();
  const record = parseChatRecord(raw);
  if (!record)
    throw new HttpError(409, 'The member has not asked for chat access: there is no username to invite.');
  if (record.suspended) throw new HttpError(409, "The member's chat access is revoked: restore it first.");
  if (!hasAccess(parseMembership(membership), deps.now()))
    throw new HttpError(409, 'The member has no membership giving access.');
  let invite: ApiResponse<'user/discord'>;
  try {
    invite = await requestInvite(deps, { sub, email: null, customerId: null }, { discord: record.username });
  } catch (error) {
    // The membership ended, or access was revoked, since the read above: nothing was issued.
    if (error instanceof HttpError && error.status === 403)
      throw new HttpError(409, 'The member no longer has chat access. Look again.');
    throw error;
  }
  const after = await readChatRecord(deps.store, sub);
  await appendAudit(deps.store, operatorEntry(caller, 'chat-invite', sub, deps.now(), record, after));
  return { member: await readMemberRow(deps, sub), invite: invite.invite, expiresAt: invite.expiresAt };
}
