import { randomBytes } from 'node:crypto';
import type { Store } from './store.ts';

/**
 * A short per-member lock in the store (SET NX PX). Each holder takes it with its own random token
 * and releases it only while the token is still its own, so a holder whose lock expired mid-call
 * never deletes the lock someone else has taken since.
 */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

export const lockToken = (): string => randomBytes(12).toString('base64url');

/** SET arguments that take the lock for `ms` if it is free (add to a pipeline or send alone). */
export const lockOptions = (ms: number) => ({ nx: true as const, px: ms });

export async function releaseLock(store: Store, key: string, token: string): Promise<void> {
  await store.eval(RELEASE, [key], [token]);
}

/** Runs `work` holding the lock; throws `busy()` when another holder has it. */
export async function withLock<T>(
  store: Store,
  key: string,
  ms: number,
  busy: () => Error,
  work: () => Promise<T>,
): Promise<T> {
  const token = lockToken();
  if ((await store.set(key, token, lockOptions(ms))) === null) throw busy();
  try {
    return await work();
  } finally {
    await releaseLock(store, key, token);
  }
}
