import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { editTag } from './_lib/trade-store/trip-tags.ts';

// Beyond the brief: rename (or merge) a setup or mistake tag on every round trip at once.
export default defineEndpoint(api['journal/trades/tags/rename'], {
  access: 'member',
  membership: 'in-first-pipeline',
  rateLimit: 'trades',
  run: (input, deps, { gate }) => editTag(deps, gate, input),
});

export const config: Config = { path: '/api/journal/trades/tags/rename' };
