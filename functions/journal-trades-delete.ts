import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { deleteTrade } from './_lib/trade-store/trades.ts';

// docs/product.md §7: delete a trade (an imported one may then be imported again).
export default defineEndpoint(api['journal/trades/delete'], {
  access: 'member',
  membership: 'in-first-pipeline',
  rateLimit: 'trades',
  run: (input, deps, { gate }) => deleteTrade(deps, gate, input.trade_id),
});

export const config: Config = { path: '/api/journal/trades/delete' };
