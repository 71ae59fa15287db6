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

const RETRY_MS = 25;

/**
 * Runs `work` holding the lock; throws `busy()` when another holder has it, at once or, with
 * `waitMs`, when it is still taken after waiting that long (changes then go one after the other).
 */
export async function withLock<T>(
  store: Store,
  key: string,
  ms: number,
  busy: () => Error,
  work: () => Promise<T>,
  waitMs = 0,
): Promise<T> {
  const token = lockToken();
  const until = Date.now() + waitMs;
  while ((await store.set(key, token, lockOptions(ms))) === null) {
    if (Date.now() >= until) throw busy();
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
  try {
    return await work();
  } finally {
    await releaseLock(store, key, token);
  }
}
