import type { Store } from '../store.ts';
import { chatKeys } from './keys.ts';
import type { Chat } from './port.ts';

/**
 * Claims tie a chat username, and the community account behind it, to one member (chat:owner,
 * chat:account → sub): a member's requests and billing changes only ever give or take the role of
 * what that member holds. A claim is taken in one step (the check and the SET in one script), so of
 * two members asking for the same name at once exactly one gets it.
 */
const CLAIM = `local owner = redis.call('GET', KEYS[1])
if owner and owner ~= ARGV[1] then return 0 end
if owner then return 1 end
redis.call('SET', KEYS[1], ARGV[1])
return 2`;

/** What the member sees when a username (or the account now behind it) is another member's. */
export const TAKEN_MESSAGE = 'That username is linked to another member. If it is yours, contact support.';

/** A member's claims during one turn; `taken` lists the new ones, let go again if the turn fails. */
export interface Claims {
  readonly taken: string[];
  /** The username for this member, or already theirs; false when another member holds it. */
  name(username: string): Promise<boolean>;
  /** The community account for this member, or already theirs; false when another member holds it. */
  account(chat: Chat, id: string): Promise<boolean>;
}

export function claimsFor(store: Store, sub: string, taken: string[] = []): Claims {
  const claim = async (key: string) => {
    const outcome = Number(await store.eval(CLAIM, [key], [sub]));
    if (outcome === 2) taken.push(key);
    return outcome !== 0;
  };
  return {
    taken,
    name: (username) => claim(chatKeys.owner(username)),
    account: (chat, id) => claim(chatKeys.account(chat.kind, id)),
  };
}

/** The store key of an account's claim (to let go of it). */
export const accountKey = (chat: Chat, id: string) => chatKeys.account(chat.kind, id);

/**
 * The account behind a username the member holds, bound to them; null when the name is another
 * member's, no account by it is in the community, or that account is bound to another member.
 * For a record that names no account yet: one written before accounts were kept, or a member who
 * joined with an invite after asking for it.
 */
export async function accountOf(chat: Chat, claims: Claims, username: string): Promise<string | null> {
  if (!(await claims.name(username))) return null;
  const account = await chat.findAccount(username);
  return account && (await claims.account(chat, account)) ? account : null;
}
