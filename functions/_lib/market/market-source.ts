/**
 * Whose key fetches a member's bars, and into which cache (docs/market-data.md, "Whose key"):
 * - operator mode (the default): the operator's MASSIVE_API_KEY behind the shared rate limit, bars in
 *   the shared cache (`market:*`), the same port for everybody;
 * - member mode (MASSIVE_KEY_SOURCE=member): a port per member on the key they saved, their own call
 *   budget (their plan's `perMinute`) and their own cache under `u:{sub}:`, as bars bought on a
 *   personal-use plan may be shown to that member only.
 */
import { getConfig, getDeps } from '../deps.ts';
import type { Store } from '../store.ts';
import type { MarketData } from './bars.ts';
import { createKeyCipher, type KeyCipher } from './key-cipher.ts';
import { type BarsKeys, marketKeys, memberMarketKeys } from './keys.ts';
import { createMarketData } from './market-ports.ts';
import { type CallPermit, createMassiveMarketData, type KeyCheck } from './massive.ts';
import { readSavedKey } from './member-key.ts';
import { createProviderRateLimit } from './rate-limiter.ts';
import type { MarketConfig } from './settings.ts';

/** One member's way to bars: the port to ask and the cache (and call budget) it goes through. */
export interface MemberMarket {
  market: MarketData;
  keys: BarsKeys;
}

interface Source {
  /**
   * Member `sub`'s port and cache. Operator mode: the shared ones, without a store read. Member mode:
   * one HGETALL of their saved key; null when they saved none (the review asks them to).
   */
  forMember(sub: string): Promise<MemberMarket | null>;
}

export type MarketSource =
  | (Source & { mode: 'operator' })
  | (Source & {
      mode: 'member';
      cipher: KeyCipher;
      /**
       * One call with a key not saved yet: does the provider take it? Not counted in any budget: a
       * refused key must leave nothing behind, and the endpoint's own rate limit bounds the calls.
       */
      checkKey(apiKey: string): Promise<KeyCheck>;
    });

let cached: MarketSource | undefined;

/** The functions' source (the review, the background job, the key endpoints), built once per instance. */
export function getMarketSource(): MarketSource {
  cached ??= createMarketSource(getConfig().market, getDeps().store);
  return cached;
}

export function createMarketSource(
  config: MarketConfig,
  store: Store,
  now: () => number = Date.now,
): MarketSource {
  const members = config.members;
  if (!members) {
    const shared: MemberMarket = { market: createMarketData(config, store, now), keys: marketKeys };
    return { mode: 'operator', forMember: async () => shared };
  }
  const cipher = createKeyCipher(members.secret);
  const client = (apiKey: string, permit?: CallPermit) =>
    createMassiveMarketData({
      apiKey,
      apiBase: members.apiBase,
      synthetic: members.synthetic,
      ...(permit ? { permit } : {}),
    });
  return {
    mode: 'member',
    cipher,
    checkKey: (apiKey) => client(apiKey).checkKey(),
    async forMember(sub) {
      const keys = memberMarketKeys(sub);
      const saved = readSavedKey(await store.hgetall(keys.key), cipher, sub);
      if (!saved) return null;
      // Their own budget: their plan's calls a minute, counted under their namespace.
      const permit = createProviderRateLimit(store, saved.perMinute, now, keys);
      return { market: client(saved.apiKey, permit), keys };
    },
  };
}
