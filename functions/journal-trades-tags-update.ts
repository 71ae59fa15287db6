import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { tagTrips } from './_lib/trade-store/trip-tags.ts';

// Beyond the brief: tag round trips (and set their planned risk) in bulk, all or nothing.
export default defineEndpoint(api['journal/trades/tags/update'], {
  access: 'member',
  membership: 'in-first-pipeline',
  rateLimit: 'trades',
  run: (input, deps, { gate }) => tagTrips(deps, gate, input),
});

export const config: Config = { path: '/api/journal/trades/tags/update' };
