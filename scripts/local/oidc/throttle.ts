// Wrong passwords, as Auth0's brute-force protection answers them in production: after `maxFailures`
// wrong passwords for one account from one client address within `windowS`, that address's sign-ins
// to that account are refused, right password or not, until the window has passed. Keyed by the pair,
// so a stranger guessing from elsewhere cannot lock the owner out. A correct sign-in clears the count.
// The sign-up page's own counts (signup-throttle.ts) travel with it: the pages take one throttle.
import { createHash } from 'node:crypto';
import { normalizeEmail } from '../../../functions/_lib/account/rules.ts';
import { hashEntries, type Store } from '../../../functions/_lib/store.ts';
import type { ThrottlePolicy } from './options.ts';
import {
  DEFAULT_SIGN_UP_POLICY,
  type SignUpPolicy,
  type SignUpThrottle,
  signUpThrottle,
} from './signup-throttle.ts';

export const DEFAULT_THROTTLE: ThrottlePolicy = { maxFailures: 5, windowS: 15 * 60 };

export interface SignInThrottle {
  /** Seconds to wait before this address may try this account again, or 0. */
  waitFor(email: string, address: string): Promise<number>;
  failed(email: string, address: string): Promise<void>;
  succeeded(email: string, address: string): Promise<void>;
  /** Sign-up attempts, per email and per client address. */
  signUps: SignUpThrottle;
}

// One round trip: a new window starts at the first failure after the last one ended.
const COUNT_FAILURE = `
local since = tonumber(redis.call('HGET', KEYS[1], 'since'))
local now = tonumber(ARGV[1])
if not since or now - since >= tonumber(ARGV[2]) * 1000 then
  redis.call('HSET', KEYS[1], 'count', 1, 'since', now)
else
  redis.call('HINCRBY', KEYS[1], 'count', 1)
end
redis.call('EXPIRE', KEYS[1], ARGV[2])
return 1`;

export function signInThrottle(
  store: Store,
  { maxFailures, windowS }: ThrottlePolicy = DEFAULT_THROTTLE,
  now: () => number = Date.now,
  signUps: SignUpPolicy = DEFAULT_SIGN_UP_POLICY,
): SignInThrottle {
  // Hashed: the key names neither the address nor the email in the store.
  const key = (email: string, address: string) =>
    `idp:signin-failures:${createHash('sha256')
      .update(`${normalizeEmail(email)}\n${address}`)
      .digest('hex')}`;

  return {
    async waitFor(email, address) {
      const failures = new Map(await hashEntries(store, key(email, address)));
      const since = Number(failures.get('since'));
      if (Number(failures.get('count')) < maxFailures || !Number.isFinite(since)) return 0;
      const left = since + windowS * 1000 - now();
      return left > 0 ? Math.ceil(left / 1000) : 0;
    },
    async failed(email, address) {
      await store.eval(COUNT_FAILURE, [key(email, address)], [String(now()), String(windowS)]);
    },
    async succeeded(email, address) {
      await store.del(key(email, address));
    },
    signUps: signUpThrottle(store, signUps, now),
  };
}
