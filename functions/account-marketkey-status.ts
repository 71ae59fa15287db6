import type { Config } from '@netlify/functions';
import { marketKeyStatus } from './_lib/account/market-key.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { getMarketSource } from './_lib/market/market-source.ts';

// /account's "Market data": whose key fetches the member's bars, and the last 4 of theirs if saved.
export default defineEndpoint(api['account/marketkey/status'], {
  access: 'user',
  run: (_input, deps, { caller }) => marketKeyStatus(deps, getMarketSource(), caller),
});

export const config: Config = { path: '/api/account/marketkey/status' };
