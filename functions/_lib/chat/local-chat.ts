import { randomBytes } from 'node:crypto';
import { parseJson, type Store } from '../store.ts';
import { chatKeys } from './keys.ts';
import type { Chat, Invite } from './port.ts';

/**
 * The local stand-in for Discord (the embedded default: `npm start`, tests): single-use invite links
 * to a page of the local stack (scripts/local/chat-invites.ts) that says which member and username
 * the invite was issued to and marks it used. Joining puts the username in the local community with
 * the member role; revoking takes the role away and any invite still outstanding. State in the store.
 */
export const LOCAL_INVITE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
// Kept a week past expiry, so an old link still says "expired" rather than "unknown".
const KEEP_S = Math.ceil(LOCAL_INVITE_MAX_AGE_MS / 1000) + 7 * 24 * 60 * 60;

export interface LocalInvite {
  code: string;
  sub: string;
  username: string;
  createdAt: number;
  expiresAt: number;
}

interface LocalCommunityUser {
  sub: string;
  role: boolean;
}

export const localInviteUrl = (base: string, code: string) => `${base.replace(/\/+$/, '')}/invite/${code}`;

export function createLocalChat(store: Store, inviteBase: string, now: () => number = Date.now): Chat {
  // The local community's accounts are its usernames (they never change there).
  async function setRole(account: string, role: boolean): Promise<boolean> {
    const key = chatKeys.localUser(account);
    const user = parseJson<LocalCommunityUser>(await store.get<string>(key));
    if (!user) return false;
    await store.set(key, JSON.stringify({ ...user, role }));
    return true;
  }

  return {
    kind: 'local',

    async createInvite(member): Promise<Invite> {
      const code = randomBytes(6).toString('base64url');
      const createdAt = now();
      const invite: LocalInvite = {
        code,
        sub: member.sub,
        username: member.username,
        createdAt,
        expiresAt: createdAt + LOCAL_INVITE_MAX_AGE_MS,
      };
      await store.set(chatKeys.localInvite(code), JSON.stringify(invite), { ex: KEEP_S });
      return { code, url: localInviteUrl(inviteBase, code), expiresAt: invite.expiresAt };
    },

    async inviteIsLive(invite) {
      const [raw, state] = await store.mget<[string | null, string | null]>(
        chatKeys.localInvite(invite.code),
        chatKeys.localInviteState(invite.code),
      );
      const stored = parseJson<LocalInvite>(raw);
      return Boolean(stored && !state && stored.expiresAt > now());
    },

    async findAccount(username) {
      return (await store.exists(chatKeys.localUser(username))) ? username : null;
    },

    grantAccess: (account) => setRole(account, true),

    async revokeAccess(account, invite) {
      if (invite) {
        await store.set(chatKeys.localInviteState(invite.code), `revoked:${now()}`, { nx: true, ex: KEEP_S });
      }
      return account !== null && setRole(account, false);
    },
  };
}

/** The invite behind a local link, whatever its state; null for an unknown code. */
export async function readLocalInvite(store: Store, code: string): Promise<LocalInvite | null> {
  if (!/^[\w-]{1,64}$/.test(code)) return null;
  return parseJson<LocalInvite>(await store.get<string>(chatKeys.localInvite(code)));
}

export type OpenedInvite =
  | { state: 'unknown' }
  | { state: 'joined' | 'used' | 'revoked' | 'expired'; invite: LocalInvite };

/**
 * Opening a local invite link (the local community's join page): the first opening of a live invite
 * joins its username to the community with the member role; any later one finds it used.
 */
export async function openLocalInvite(store: Store, code: string, now: number): Promise<OpenedInvite> {
  if (!/^[\w-]{1,64}$/.test(code)) return { state: 'unknown' };
  const [raw, state] = await store.mget<[string | null, string | null]>(
    chatKeys.localInvite(code),
    chatKeys.localInviteState(code),
  );
  const invite = parseJson<LocalInvite>(raw);
  if (!invite) return { state: 'unknown' };
  const settled = (value: string | null) =>
    value?.startsWith('revoked') ? ('revoked' as const) : value ? ('used' as const) : null;
  const before = settled(state);
  if (before) return { state: before, invite };
  if (invite.expiresAt <= now) return { state: 'expired', invite };
  // First opening wins, also against a revocation at the same moment.
  const won = await store.set(chatKeys.localInviteState(code), `used:${now}`, { nx: true, ex: KEEP_S });
  if (won === null)
    return { state: settled(await store.get<string>(chatKeys.localInviteState(code))) ?? 'used', invite };
  const user: LocalCommunityUser = { sub: invite.sub, role: true };
  await store.set(chatKeys.localUser(invite.username), JSON.stringify(user));
  return { state: 'joined', invite };
}
