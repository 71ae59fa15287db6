import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { tripRules } from './_lib/review/trip-rules.ts';

// Beyond the brief (docs/trades.md, "Rules by week"): the course's rules checked on every closed trade.
export default defineEndpoint(api['journal/trades/rules'], {
  access: 'member',
  membership: 'in-first-pipeline',
  run: (input, deps, { gate }) => tripRules(deps, gate, input.answers),
});

export const config: Config = { path: '/api/journal/trades/rules' };
