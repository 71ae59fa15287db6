import type { Caller } from '../auth/verify.ts';
import type { ApiRequest, ApiResponse } from '../contract/index.ts';
import type { Deps } from '../deps.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { logWarning } from '../http/log.ts';
import { lockOptions, lockToken, releaseLock } from '../store-lock.ts';
import type { ChatPorts } from './chat-ports.ts';
import { chatKeys } from './keys.ts';
import { type Chat, type ChatMember, ChatUnavailableError, type Invite } from './port.ts';
import { parseChatRecord, writeChatRecord } from './record.ts';
import { normalizeUsername, usernameError } from './rules.ts';

type InviteDeps = Pick<Deps, 'store' | 'now'> & ChatPorts;

// A request makes up to four community calls (each up to two tries, a rate-limit wait and timeouts);
// the lock outlives them, and a holder whose lock expired never releases another's (store-lock.ts).
const LOCK_MS = 90_000;

/** The community's refusal, as the member should read it (SPEC §8: the server's string is shown). */
export async function chatCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ChatUnavailableError) throw new HttpError(error.status, error.message);
    throw error;
  }
}

/**
 * SPEC §7 user/discord: the member's invite to the private chat (SPEC §2 /chat, /account). One live
 * invite per member: asking again gives the same link until it is used or expires. The username is
 * kept with the member (it is whose role is taken away when the membership ends). The record is
 * written only after the community answered, so a failure leaves it as it was.
 */
export async function requestInvite(
  deps: InviteDeps,
  caller: Caller,
  input: ApiRequest<'user/discord'>,
): Promise<ApiResponse<'user/discord'>> {
  const problem = usernameError(input.discord);
  if (problem) throw badRequest(problem);
  const member: ChatMember = { sub: caller.sub, username: normalizeUsername(input.discord) };
  const { store } = deps;
  // The lock and the stored record in one round trip (the record is used only if the lock is ours).
  const token = lockToken();
  const [locked, raw] = await store
    .pipeline()
    .set(chatKeys.lock(caller.sub), token, lockOptions(LOCK_MS))
    .get(chatKeys.member(caller.sub))
    .exec<[string | null, string | null]>();
  if (locked === null) throw new HttpError(409, 'Your invite is already being prepared.');
  try {
    const chat = await deps.chat();
    const record = parseChatRecord(raw);
    const sameUsername = record?.username === member.username;
    if (record && !sameUsername && !record.revoked) {
      // One membership, one community account: a new username takes the role (and any outstanding
      // invite) away from the last one first, or every username asked for would keep the role.
      await chatCall(() => chat.revokeAccess({ sub: caller.sub, username: record.username }, record.invite));
    }
    let invite = sameUsername ? await liveInvite(chat, record?.invite ?? null, deps.now()) : null;
    if (!invite) {
      invite = await chatCall(() => chat.createInvite(member));
      // The last invite was used (or never issued): the member may be in the community already.
      await giveRoleIfJoined(chat, member);
    }
    await writeChatRecord(store, caller.sub, { username: member.username, invite, revoked: false });
    return { invite: invite.url, expiresAt: invite.expiresAt, username: member.username };
  } finally {
    await releaseLock(store, chatKeys.lock(caller.sub), token);
  }
}

async function liveInvite(chat: Chat, invite: Invite | null, now: number): Promise<Invite | null> {
  if (!invite || invite.expiresAt <= now) return null;
  return (await chatCall(() => chat.inviteIsLive(invite))) ? invite : null;
}

/**
 * An invite lets someone in; the member role is what opens the members' channels. A member whose
 * username is already in the community (they joined with an earlier invite) gets the role now.
 * Best effort: the invite is what was asked for, so a failure here is logged, not fatal.
 */
async function giveRoleIfJoined(chat: Chat, member: ChatMember): Promise<void> {
  await chat.grantAccess(member).catch((error: unknown) => {
    logWarning('could not give the member role', error);
  });
}
