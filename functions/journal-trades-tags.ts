import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { readTripTags } from './_lib/trade-store/trip-tags.ts';

// Beyond the brief: the member's setup and mistake tags and what they noted on each round trip.
export default defineEndpoint(api['journal/trades/tags'], {
  access: 'member',
  membership: 'in-first-pipeline',
  run: (_input, _deps, { gate }) => readTripTags(gate),
});

export const config: Config = { path: '/api/journal/trades/tags' };
