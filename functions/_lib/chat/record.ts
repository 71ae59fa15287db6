import type { Store } from '../store.ts';
import { parseJson } from '../store.ts';
import { chatKeys } from './keys.ts';
import type { Invite } from './port.ts';

/**
 * What we keep about a member's chat access (one JSON value, written after the community answered).
 * While access is not revoked the member holds the username's claim (chat:owner) and the account's
 * (chat:account); both are let go when the membership ends (turn.ts, access.ts).
 */
export interface ChatRecord {
  /** The chat username the member gave last (normalized), theirs alone while access is not revoked. */
  username: string;
  /** The invite issued last, while it may still be live. */
  invite: Invite | null;
  /** True once access was taken away for an ended membership, until it is given back. */
  revoked: boolean;
  /**
   * The community account the member role went to (Discord's user id), found by the username and
   * bound to this member; null until an account by that name is found in the community. Kept after
   * an end so a renewal gives the role back to the same account, if no other member has bound it since.
   */
  account: string | null;
  /**
   * True while an operator has taken access away (docs/operator.md "Actions"): `revoked` stays
   * true whatever the membership does, and no invite is issued, until an operator restores it.
   */
  suspended?: boolean;
}

/** Records written before accounts were kept have none: the account is then found by the username. */
export function parseChatRecord(raw: unknown): ChatRecord | null {
  const record = parseJson<ChatRecord>(raw);
  return record ? { ...record, account: record.account ?? null } : null;
}

export async function readChatRecord(store: Store, sub: string): Promise<ChatRecord | null> {
  return parseChatRecord(await store.get<string>(chatKeys.member(sub)));
}
