import type { Caller } from '../auth/verify.ts';
import { hasAccess, parseMembership } from '../billing/membership.ts';
import type { ApiRequest, ApiResponse } from '../contract/index.ts';
import type { Deps } from '../deps.ts';
import { badRequest, HttpError, membershipRequired } from '../http/errors.ts';
import { logWarning } from '../http/log.ts';
import { endTurn } from './access.ts';
import type { ChatPorts } from './chat-ports.ts';
import { accountKey, accountOf, TAKEN_MESSAGE } from './claims.ts';
import { chatKeys } from './keys.ts';
import { type Chat, type ChatMember, ChatUnavailableError, type Invite } from './port.ts';
import { normalizeUsername, usernameError } from './rules.ts';
import { beginInviteTurn, type Change, type Turn } from './turn.ts';

type InviteDeps = Pick<Deps, 'store' | 'now'> & ChatPorts;

/** What a member whose chat access an operator took away reads when asking for an invite. */
export const CHAT_SUSPENDED_MESSAGE = 'Your chat access has been suspended. Contact support.';

/** The community's refusal, as the member should read it (docs/product.md §8: the server's string is shown). */
export async function chatCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ChatUnavailableError) throw new HttpError(error.status, error.message);
    throw error;
  }
}

/**
 * docs/product.md §7 user/discord: the member's invite to the private chat (docs/product.md §2 /chat, /account). One live
 * invite per member: asking again gives the same link until it is used or expires. The username is
 * the member's alone from the first request (another member asking for it gets 409), and so is the
 * community account behind it once found: the role is only ever given to, or taken from, what the
 * member holds. The record is written only after the community answered, so a failure leaves it as
 * it was and lets go of any claim it took.
 */
export async function requestInvite(
  deps: InviteDeps,
  caller: Caller,
  input: ApiRequest<'user/discord'>,
): Promise<ApiResponse<'user/discord'>> {
  const problem = usernameError(input.discord);
  if (problem) throw badRequest(problem);
  const member: ChatMember = { sub: caller.sub, username: normalizeUsername(input.discord) };
  const turn = await beginInviteTurn(deps.store, caller.sub, member.username);
  // Until the community has answered: the record as it was, and every claim this request takes
  // (the list itself, so claims taken later are let go too) let go again.
  let change: Change = { write: null, release: turn.claims.taken };
  try {
    // The membership may have ended since the endpoint checked it; the turn read it under the lock.
    if (!hasAccess(parseMembership(turn.membership), deps.now())) throw membershipRequired();
    // Taken away by an operator (record.ts `suspended`): no new invite until they restore it.
    if (turn.record?.suspended) throw new HttpError(403, CHAT_SUSPENDED_MESSAGE);
    const issued = await issue(deps, turn, member);
    change = issued.change;
    const { invite } = issued;
    return { invite: invite.url, expiresAt: invite.expiresAt, username: member.username };
  } finally {
    await endTurn(deps, turn, change);
  }
}

async function issue(deps: InviteDeps, turn: Turn, member: ChatMember) {
  const { record, claims } = turn;
  const { username } = member;
  const chat = await deps.chat();
  // What holds the role now (an ended member's claims were let go with it).
  const current = record && !record.revoked ? record : null;
  const same = current?.username === username;
  const live = same ? await liveInvite(chat, current.invite, deps.now()) : null;
  if (same && live) return { invite: live, change: { write: current, release: [] } };

  // The account that has the username now gets the role, unless another member's role is on it.
  const found = await findAccount(chat, username);
  if (found && !(await claims.account(chat, found))) throw new HttpError(409, TAKEN_MESSAGE);
  const account = found ?? (same ? current.account : null);

  // One membership, one community account: a new account (or username) takes the role, and any
  // outstanding invite, away from the member's last one first. Only the member's own is touched.
  const release: string[] = [];
  if (current) {
    const renamed = !same;
    // A record from before accounts were kept names none: it is looked up by the name, if the name is theirs.
    const previous =
      current.account ?? (renamed ? await chatCall(() => accountOf(chat, claims, current.username)) : null);
    const dropAccount = previous !== null && previous !== account ? previous : null;
    const dropInvite = renamed ? current.invite : null;
    if (dropAccount || dropInvite) await chatCall(() => chat.revokeAccess(dropAccount, dropInvite));
    if (renamed) release.push(chatKeys.owner(current.username));
    if (dropAccount) release.push(accountKey(chat, dropAccount));
  }
  const invite = await chatCall(() => chat.createInvite(member));
  // The last invite was used (or never issued): the member may be in the community already.
  if (found) await giveRole(chat, found);
  return { invite, change: { write: { username, invite, revoked: false, account }, release } };
}

async function liveInvite(chat: Chat, invite: Invite | null, now: number): Promise<Invite | null> {
  if (!invite || invite.expiresAt <= now) return null;
  return (await chatCall(() => chat.inviteIsLive(invite))) ? invite : null;
}

/**
 * Whose account the username is in the community now. Best effort: the invite is what was asked for,
 * so a failure here is logged and no role is given (the next request looks again).
 */
async function findAccount(chat: Chat, username: string): Promise<string | null> {
  return chat.findAccount(username).catch((error: unknown) => {
    logWarning('could not look the username up in the community', error);
    return null;
  });
}

/**
 * An invite lets someone in; the member role is what opens the members' channels. A member whose
 * account is already in the community (they joined with an earlier invite) gets the role now.
 * Best effort, as above.
 */
async function giveRole(chat: Chat, account: string): Promise<void> {
  await chat.grantAccess(account).catch((error: unknown) => {
    logWarning('could not give the member role', error);
  });
}
