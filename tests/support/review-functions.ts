import { afterAll, beforeAll } from 'vitest';
import { createStore, type Store } from '../../functions/_lib/store.ts';
import { type MarketStandIn, startMarketStandIn } from '../../scripts/local/market-data.ts';

export type Handler = (request: Request) => Promise<Response>;
export type Call = (
  fn: Handler,
  path: string,
  body: unknown,
) => Promise<{ status: number; body: Record<string, unknown> }>;

export interface ReviewFunctions {
  standIn: MarketStandIn;
  store: Store;
  review: Handler;
  rules: Handler;
  answers: Handler;
  importTrades: Handler;
  trades: Handler;
  tagsUpdate: Handler;
  memberCaller: (store: Store) => Promise<{ sub: string; call: Call }>;
}

/**
 * The trade review's functions for the calling test file, with the market-data stand-in answering
 * Massive's API on the test store: started before its tests (the functions read their settings once,
 * so the stand-in's address is set before they load), stopped after them. Read it inside tests.
 */
export function reviewFunctions(): () => ReviewFunctions {
  let loaded: ReviewFunctions | undefined;
  beforeAll(async () => {
    const store = createStore({
      url: process.env.UPSTASH_REDIS_REST_URL ?? '',
      token: process.env.UPSTASH_REDIS_REST_TOKEN ?? '',
    });
    const standIn = await startMarketStandIn({ store });
    process.env.MASSIVE_API_KEY = standIn.apiKey;
    process.env.MASSIVE_API_URL = standIn.url;
    process.env.MASSIVE_RATE_PER_MINUTE = '1000';
    loaded = {
      standIn,
      store,
      review: (await import('../../functions/trades-review.ts')).default,
      rules: (await import('../../functions/journal-trades-rules.ts')).default,
      answers: (await import('../../functions/journal-trades-answers.ts')).default,
      importTrades: (await import('../../functions/journal-trades-import.ts')).default,
      trades: (await import('../../functions/journal-trades.ts')).default,
      tagsUpdate: (await import('../../functions/journal-trades-tags-update.ts')).default,
      memberCaller: (await import('./members.ts')).memberCaller as ReviewFunctions['memberCaller'],
    };
  });
  afterAll(async () => {
    await loaded?.standIn.close();
  });
  return () => {
    if (!loaded) throw new Error('The review functions load in beforeAll');
    return loaded;
  };
}
