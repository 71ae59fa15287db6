import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { saveTrade } from './_lib/trade-store/trades.ts';

// docs/product.md §7: create or edit a trade, checked with the form's rules and messages.
export default defineEndpoint(api['journal/trades/update'], {
  access: 'member',
  membership: 'in-first-pipeline',
  rateLimit: 'trades',
  run: (input, deps, { gate }) => saveTrade(deps, gate, input),
});

export const config: Config = { path: '/api/journal/trades/update' };
