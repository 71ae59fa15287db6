import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { listActions } from './_lib/trade-store/actions.ts';

// Beyond the brief: the member's splits and symbol changes, which the page's round trips apply.
export default defineEndpoint(api['journal/trades/actions'], {
  access: 'member',
  membership: 'in-first-pipeline',
  run: (_input, _deps, { gate }) => listActions(gate),
});

export const config: Config = { path: '/api/journal/trades/actions' };
