import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { editActions } from './_lib/trade-store/actions.ts';

// Beyond the brief: add and delete splits and symbol changes, all or nothing.
export default defineEndpoint(api['journal/trades/actions/update'], {
  access: 'member',
  membership: 'in-first-pipeline',
  rateLimit: 'trades',
  run: (input, deps, { gate }) => editActions(deps, gate, input),
});

export const config: Config = { path: '/api/journal/trades/actions/update' };
