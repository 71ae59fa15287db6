import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { listTrades } from './_lib/trade-store/trades.ts';

// docs/product.md §7: the member's trades, newest executed first, filtered and paged.
export default defineEndpoint(api['journal/trades'], {
  access: 'member',
  membership: 'in-first-pipeline',
  run: (input, deps, { gate }) => listTrades(deps, gate, input.filter ?? {}, input.page),
});

export const config: Config = { path: '/api/journal/trades' };
