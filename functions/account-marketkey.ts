import type { Config } from '@netlify/functions';
import { saveMarketKey } from './_lib/account/market-key.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { getMarketSource } from './_lib/market/market-source.ts';

// Member mode (docs/market-data.md, "Whose key"): the member's own Massive key, checked with the
// provider before it is saved (sealed), or removed. Signed in is enough: it is an account setting.
export default defineEndpoint(api['account/marketkey'], {
  access: 'user',
  rateLimit: 'marketKey',
  run: (input, deps, { caller }) => saveMarketKey(deps, getMarketSource(), caller, input),
});

export const config: Config = { path: '/api/account/marketkey' };
