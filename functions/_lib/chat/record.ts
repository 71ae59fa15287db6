import type { Store } from '../store.ts';
import { parseJson } from '../store.ts';
import { chatKeys } from './keys.ts';
import type { Invite } from './port.ts';

/** What we keep about a member's chat access (one JSON value, written after the community answered). */
export interface ChatRecord {
  /** The chat username the member gave last (lower-cased): whose role to take away or give back. */
  username: string;
  /** The invite issued last, while it may still be live. */
  invite: Invite | null;
  /** True once access was taken away for an ended membership, until it is given back. */
  revoked: boolean;
}

export const parseChatRecord = (raw: unknown): ChatRecord | null => parseJson<ChatRecord>(raw);

export async function readChatRecord(store: Store, sub: string): Promise<ChatRecord | null> {
  return parseChatRecord(await store.get<string>(chatKeys.member(sub)));
}

export async function writeChatRecord(store: Store, sub: string, record: ChatRecord): Promise<void> {
  await store.set(chatKeys.member(sub), JSON.stringify(record));
}
