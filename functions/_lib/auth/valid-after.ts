/**
 * When a member's sign-ins end (a password or email change, "sign out everywhere", the account's
 * deletion), the refresh tokens go at the provider, but an access token already issued is a signed
 * statement that no provider can take back: it would keep working until it expires. So the store
 * keeps, per member, the second from which tokens count ("valid after"); a token issued before it
 * is refused with 401 and the member app signs in again (docs/identity.md).
 *
 * Read with the membership (one MGET: billing/gate.ts) on member calls, beside the rate limit on
 * the other signed-in calls (http/handler.ts): never a round trip of its own.
 */
import { subDigest } from '../account/deleted-marker.ts';
import { unauthorized } from '../http/errors.ts';
import type { Store } from '../store.ts';
import type { Caller } from './verify.ts';

/** Keyed by the sub's digest: a deleted member's key names no one (docs/security.md "Your data"). */
export const validAfterKey = (sub: string) => `auth:valid-after:${subDigest(sub)}`;

/**
 * Kept longer than any access token lives (1 hour locally, the API's setting at Auth0; at most a
 * day, docs/identity.md): after that every older token has expired anyway, and the key goes.
 */
export const VALID_AFTER_TTL_S = 2 * 24 * 3600;

/**
 * The stored value for a change at `now` (ms): the whole second it falls in. Tokens carry `iat` in
 * whole seconds, so a token issued later in the same second (the member signing in again at once)
 * still counts; one issued in an earlier second does not.
 */
export const validAfterValue = (now: number) => String(Math.floor(now / 1000));

/** Ends every access token of `sub` issued before `now` (ms). */
export async function endAccessTokens(store: Pick<Store, 'set'>, sub: string, now: number): Promise<void> {
  await store.set(validAfterKey(sub), validAfterValue(now), { ex: VALID_AFTER_TTL_S });
}

/**
 * Refuses a token issued before the member's stored time (`raw`, as read from the store) with the
 * same 401 as any other bad token. A caller without `issuedAt` (built by hand) counts as oldest.
 */
export function assertTokenCurrent(caller: Caller, raw: unknown): void {
  if (raw === null || raw === undefined) return;
  const after = Number(raw);
  if (Number.isFinite(after) && (caller.issuedAt ?? 0) < after) throw unauthorized();
}

/** For calls without a membership read: the stored time alone, judged. */
export async function requireTokenCurrent(store: Pick<Store, 'get'>, caller: Caller): Promise<void> {
  assertTokenCurrent(caller, await store.get(validAfterKey(caller.sub)));
}
