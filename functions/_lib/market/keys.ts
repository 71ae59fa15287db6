/**
 * Where one cache of bars and its provider-call budget live (bars-cache.ts, rate-limiter.ts): the
 * shared one (`marketKeys`), or, in member mode, a member's own (`memberMarketKeys`).
 */
export interface BarsKeys {
  bars(resolution: string, symbol: string, day: string): string;
  unknown(symbol: string): string;
  rate(minute: number): string;
}

/**
 * Where market data lives in Redis (docs/market-data.md, docs/store.md): shared by every member, as
 * the bars of a symbol's day are the same for all of them.
 */
export const marketKeys = {
  /**
   * STRING JSON Bar[] of a finished market day, no TTL (immutable); today's as JSON
   * `{ until, bars }` with a 60 s TTL, and so an empty day of the last three, for an hour.
   */
  bars: (resolution: string, symbol: string, day: string) => `market:bars:${resolution}:${symbol}:${day}`,
  /** STRING "1" for a day: the provider does not know the symbol. */
  unknown: (symbol: string) => `market:unknown:${symbol}`,
  /**
   * ZSET member sub → when (ms) their trips' MAE/MFE are due to be measured again (market-sync.ts):
   * added (NX, due now) by every write that changes round trips, moved later by a rate limit.
   */
  queue: 'market:queue',
  /** STRING counter of provider calls in one clock minute (epoch minute), kept two minutes. */
  rate: (minute: number) => `market:rate:${minute}`,
} as const satisfies BarsKeys & { queue: string };

/**
 * A member's own market data (MASSIVE_KEY_SOURCE=member): their key, and the bars fetched with it,
 * which their personal-use licence lets only them see, so they are never put in the shared cache.
 * Same lifetimes as the shared keys; all go with the account (`u:{sub}:`).
 */
export const memberMarketKeys = (sub: string) =>
  ({
    /** HASH `sealed` (key-cipher.ts: the key, AES-256-GCM), `last4`, `perMinute`. */
    key: `u:${sub}:market-key`,
    bars: (resolution: string, symbol: string, day: string) => `u:${sub}:bars:${resolution}:${symbol}:${day}`,
    unknown: (symbol: string) => `u:${sub}:market-unknown:${symbol}`,
    rate: (minute: number) => `u:${sub}:market-rate:${minute}`,
  }) as const satisfies BarsKeys & { key: string };
