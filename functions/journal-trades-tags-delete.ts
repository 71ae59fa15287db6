import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { editTag } from './_lib/trade-store/trip-tags.ts';

// Beyond the brief: delete a tag from the member's list and from every round trip.
export default defineEndpoint(api['journal/trades/tags/delete'], {
  access: 'member',
  membership: 'in-first-pipeline',
  rateLimit: 'trades',
  run: (input, deps, { gate }) => editTag(deps, gate, { tag_id: input.tag_id }),
});

export const config: Config = { path: '/api/journal/trades/tags/delete' };
