/**
 * A member's own Massive key as it is stored (MASSIVE_KEY_SOURCE=member; docs/market-data.md, "Whose
 * key"): HASH `u:{sub}:market-key` with the key sealed (key-cipher.ts), its last 4 characters (to
 * show which key is saved without opening it) and the calls a minute their plan allows.
 */
import { flatEntries } from '../store.ts';
import type { KeyCipher } from './key-cipher.ts';
import { DEFAULT_MEMBER_RATE, MAX_MEMBER_RATE } from './member-key-rules.ts';

export interface SavedKey {
  apiKey: string;
  last4: string;
  perMinute: number;
}

/** The fields to HSET for `apiKey`: never the key itself, only its sealed form. */
export function keyFields(cipher: KeyCipher, sub: string, apiKey: string, perMinute: number) {
  return { sealed: cipher.seal(apiKey, sub), last4: apiKey.slice(-4), perMinute: String(perMinute) };
}

/**
 * The saved key from its HGETALL reply, or null when there is none, or when it does not open (sealed
 * with another MARKET_KEY_SECRET, or changed in the store): such a key is as good as none, and the
 * member saves it again.
 */
export function readSavedKey(reply: unknown, cipher: KeyCipher, sub: string): SavedKey | null {
  const fields = Object.fromEntries(flatEntries(reply));
  if (!fields.sealed) return null;
  const apiKey = cipher.open(fields.sealed, sub);
  if (apiKey === null) return null;
  const perMinute = Number(fields.perMinute);
  return {
    apiKey,
    last4: apiKey.slice(-4),
    perMinute:
      Number.isInteger(perMinute) && perMinute >= 1 && perMinute <= MAX_MEMBER_RATE
        ? perMinute
        : DEFAULT_MEMBER_RATE,
  };
}
