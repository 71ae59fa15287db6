import { z } from 'zod';
import type { ContractEntry } from './shared.ts';

/** Calls about the site itself: where the browser signs in, and whether the store answers. */
export const siteApi = {
  // Where the browser signs in (docs/product.md §4 Authentication); read at run time, so one build serves any tenant.
  appconfig: {
    method: 'GET',
    request: z.object({}),
    response: z.object({
      auth: z.object({ domain: z.string(), clientId: z.string(), audience: z.string() }),
      billing: z.object({ publishableKey: z.string().nullable() }),
      /** README "Affiliates": the affiliate service's tracking script loads on /payment when set. */
      affiliate: z.object({ rewardfulKey: z.string().nullable() }),
      /** docs/market-data.md "Whose key": `member` when each member saves their own Massive key on /account. */
      marketData: z.object({ keys: z.enum(['operator', 'member']) }),
    }),
  },
  health: {
    method: 'GET',
    request: z.object({}),
    response: z.object({ status: z.enum(['ok', 'degraded']), store: z.enum(['ok', 'unreachable']) }),
  },
} as const satisfies Record<string, ContractEntry>;
