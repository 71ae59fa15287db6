import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { listExcursions } from './_lib/review/trip-excursions.ts';

// Beyond the brief: the MAE/MFE of the member's round trips, measured in the background (market-sync.ts).
export default defineEndpoint(api['journal/trades/excursions'], {
  access: 'member',
  membership: 'in-first-pipeline',
  run: (_input, _deps, { gate }) => listExcursions(gate),
});

export const config: Config = { path: '/api/journal/trades/excursions' };
