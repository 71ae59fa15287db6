// Sign-ups, as Auth0's suspicious-IP throttling counts them in production: every sign-up that passes the
// form's own checks counts against its email address and against the client address it came from,
// whether the address has an account or not, so a refusal here says nothing about the address.
// - per email (5 in 15 minutes): the sign-up page also signs in an address's owner who gives its
//   password (interactions.ts), so it must be no better a place to guess passwords than /u/login,
//   whose pause has the same numbers (throttle.ts); 5 tries leave room for typos.
// - per client (20 an hour): bounds how many addresses one client can try (each new one gets an
//   account, each known one a refusal), while a household or an office behind one address signing
//   up together stays well under.
// Fixed windows from the first attempt; a refused attempt counts but never extends its window.
import { createHash } from 'node:crypto';
import { normalizeEmail } from '../../../functions/_lib/account/rules.ts';
import type { Store } from '../../../functions/_lib/store.ts';

export interface SignUpLimit {
  max: number;
  windowS: number;
}

export interface SignUpPolicy {
  perEmail: SignUpLimit;
  perClient: SignUpLimit;
}

export const DEFAULT_SIGN_UP_POLICY: SignUpPolicy = {
  perEmail: { max: 5, windowS: 15 * 60 },
  perClient: { max: 20, windowS: 60 * 60 },
};

export interface SignUpThrottle {
  /** Counts one sign-up of this email from this client address: seconds to wait first, or 0. */
  attempt(email: string, address: string): Promise<number>;
}

// KEYS: one count per limit. ARGV: now (ms), then each key's window (s).
// → for each key, its count and the start of its window (ms), in one round trip.
const COUNT_ATTEMPT = `
local now = tonumber(ARGV[1])
local result = {}
for i, key in ipairs(KEYS) do
  local window = tonumber(ARGV[i + 1])
  local since = tonumber(redis.call('HGET', key, 'since'))
  local count
  if not since or now - since >= window * 1000 then
    since = now
    count = 1
    redis.call('HSET', key, 'count', 1, 'since', now)
  else
    count = redis.call('HINCRBY', key, 'count', 1)
  end
  redis.call('EXPIRE', key, window)
  table.insert(result, count)
  table.insert(result, since)
end
return result`;

// Hashed: the keys name neither the email nor the client address in the store.
const digest = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * `kind` names the counts: sign-ups, and password reset requests (password-reset.ts), which are
 * counted the same way but apart, so neither uses up the other's allowance.
 */
export function signUpThrottle(
  store: Store,
  { perEmail, perClient }: SignUpPolicy = DEFAULT_SIGN_UP_POLICY,
  now: () => number = Date.now,
  kind: 'signup' | 'reset' = 'signup',
): SignUpThrottle {
  return {
    async attempt(email, address) {
      const keys = [
        `idp:${kind}-email:${digest(normalizeEmail(email))}`,
        `idp:${kind}-client:${digest(address)}`,
      ];
      const at = now();
      const limits = [perEmail, perClient];
      const reply = await store.eval(
        COUNT_ATTEMPT,
        keys,
        [at, ...limits.map((limit) => limit.windowS)].map(String),
      );
      const counts = (reply as unknown[]).map(Number);
      let wait = 0;
      limits.forEach(({ max, windowS }, i) => {
        const [count = 0, since = at] = counts.slice(i * 2, i * 2 + 2);
        if (count > max) wait = Math.max(wait, Math.ceil((since + windowS * 1000 - at) / 1000));
      });
      return wait;
    },
  };
}
