import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { saveFlatSellAnswers } from './_lib/trade-store/flat-sell-answers.ts';

// Beyond the brief (docs/trades.md, "Sales with nothing held"): the member's answers kept on the server.
export default defineEndpoint(api['journal/trades/answers'], {
  access: 'member',
  membership: 'in-first-pipeline',
  rateLimit: 'trades',
  run: (input, deps, { gate }) => saveFlatSellAnswers(deps, gate, input.answers),
});

export const config: Config = { path: '/api/journal/trades/answers' };
