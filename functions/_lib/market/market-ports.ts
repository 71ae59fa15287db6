/**
 * The market-data port on the operator's key (MASSIVE_API_KEY), behind the shared rate limiter. The
 * functions reach it through market-source.ts (which also serves member mode); tests build it here.
 */

import type { Store } from '../store.ts';
import type { MarketData } from './bars.ts';
import { createMassiveMarketData } from './massive.ts';
import { createProviderRateLimit } from './rate-limiter.ts';
import type { MarketConfig } from './settings.ts';

export const NOT_CONFIGURED_MESSAGE =
  'Market data is not configured: set MASSIVE_API_KEY (docs/market-data.md) to show price bars.';

/** Massive behind the shared rate limiter, or, without a key, a port that says so on every call. */
export function createMarketData(
  config: MarketConfig,
  store: Store,
  now: () => number = Date.now,
): MarketData {
  if (config.kind === 'none') return notConfigured;
  return createMassiveMarketData({
    apiKey: config.apiKey,
    apiBase: config.apiBase,
    synthetic: config.synthetic,
    permit: createProviderRateLimit(store, config.ratePerMinute, now),
  });
}

const notConfigured: MarketData = {
  synthetic: false,
  fetchBars: async () => ({ kind: 'unavailable', reason: 'not-authorized', message: NOT_CONFIGURED_MESSAGE }),
};
