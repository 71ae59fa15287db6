import type { Ratelimit } from '@upstash/ratelimit';
import type { Store } from '../store.ts';
import { HttpError } from './errors.ts';

/**
 * Rate limits (docs/security.md) on the endpoints worth abusing: guessing promo codes, testing stolen
 * cards, hammering account changes. Sliding windows in the store (one script call), keyed by the
 * caller's subject, or by client IP for public endpoints.
 */
export const rateLimitPolicies = {
  /** Public promo check: by IP. */
  promo: { limit: 20, window: '1 m', by: 'ip' },
  /** Charges and card updates: card testing is the abuse to stop. */
  payment: { limit: 10, window: '10 m', by: 'caller' },
  /** Autopay switches and plan upgrades: each is a call to the payment provider. */
  subscription: { limit: 20, window: '10 m', by: 'caller' },
  /** /account's billing details: each asks the payment provider; a visit, a change and the upgrade dialog ask once each. */
  billingDetails: { limit: 60, window: '10 m', by: 'caller' },
  /** Account deletion: each try checks the password, so it gets a guesser's budget, not a shopper's. */
  accountDeletion: { limit: 5, window: '10 m', by: 'caller' },
  /**
   * The operator's actions on members and their email (free days, comp, cancel, autopay, chat,
   * resend): each calls the payment or chat provider; an operator working a support queue does a
   * few a minute, and a leaked operator token should not get to hammer the providers for free.
   */
  operatorAction: { limit: 60, window: '10 m', by: 'caller' },
  /** Email and password changes, chat invites (each creates an invite at Discord). */
  account: { limit: 10, window: '10 m', by: 'caller' },
  /** A member's own Massive key saved: each is checked with one call to the provider, on their plan's budget. */
  marketKey: { limit: 10, window: '10 m', by: 'caller' },
  /** "Sign out everywhere": each ends every sign-in at the identity provider. */
  signOut: { limit: 10, window: '10 m', by: 'caller' },
  /** Playback position saves: the player saves at most every 10 s, so 3 a second is abuse. */
  progress: { limit: 60, window: '1 m', by: 'caller' },
  /** Journal writes (note saves and deletes, category changes): a person saves far less than once a second. */
  journal: { limit: 60, window: '1 m', by: 'caller' },
  /** Journal searches: each reads every note's text; the app asks once a typing pause, so 2 a second is a script. */
  search: { limit: 120, window: '1 m', by: 'caller' },
  /** Journal export pages (25 notes with their bodies each): the largest journal is 40 pages. */
  export: { limit: 100, window: '10 m', by: 'caller' },
  /** Trade writes and import batches: a 100,000-execution file is 100 batches; edits come in bursts. */
  trades: { limit: 300, window: '1 m', by: 'caller' },
  /**
   * A certificate's public page and image, by IP: a page a person opens (and a social site's preview
   * fetches once); a script requesting it in a loop is refused before the store is read.
   */
  certificates: { limit: 60, window: '1 m', by: 'ip' },
  /** Email links (change, restore), by IP: a token cannot be guessed, but each use calls the identity provider. */
  emailLinks: { limit: 10, window: '10 m', by: 'ip' },
  /** Knowledge-check answers: a person answers a check in minutes, and a failed one waits anyway. */
  courses: { limit: 20, window: '10 m', by: 'caller' },
} as const;

export type RateLimitPolicy = keyof typeof rateLimitPolicies;
export type RateLimit = (policy: RateLimitPolicy, identifier: string) => Promise<void>;

export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, `Too many attempts. Try again in ${retryAfterSeconds} seconds.`, {
    'Retry-After': String(retryAfterSeconds),
  });

/** The limits a rate limiter enforces: `rateLimitPolicies`, or others of the same shape (load tests). */
export type RateLimitPolicies = {
  readonly [P in RateLimitPolicy]: {
    readonly limit: number;
    readonly window: Duration;
    readonly by: 'ip' | 'caller';
  };
};
type Duration = (typeof rateLimitPolicies)[RateLimitPolicy]['window'];

export function createRateLimit(
  store: Store,
  now: () => number = Date.now,
  policies: RateLimitPolicies = rateLimitPolicies,
): RateLimit {
  const limiters = new Map<RateLimitPolicy, Ratelimit>();
  // Loaded on first use: most functions never limit, and cold starts should not pay for it.
  const limiter = async (policy: RateLimitPolicy) => {
    let found = limiters.get(policy);
    if (!found) {
      const { Ratelimit } = await import('@upstash/ratelimit');
      const { limit, window } = policies[policy];
      found = new Ratelimit({
        redis: store,
        limiter: Ratelimit.slidingWindow(limit, window),
        prefix: `ratelimit:${policy}`,
        analytics: false,
      });
      limiters.set(policy, found);
    }
    return found;
  };
  return async (policy, identifier) => {
    const { success, reset } = await (await limiter(policy)).limit(identifier);
    if (!success) throw tooManyRequests(Math.max(1, Math.ceil((reset - now()) / 1000)));
  };
}
