import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { getMarketSource } from './_lib/market/market-source.ts';
import { reviewTrip } from './_lib/review/trip-review.ts';

// Beyond the brief (docs/trades.md, "Trade review"): one closed round trip on its price chart, with
// its MAE/MFE and the rules of the lessons the member finished.
export default defineEndpoint(api['trades/review'], {
  access: 'member',
  membership: 'in-first-pipeline',
  run: (input, deps, { gate }) => reviewTrip(deps, gate, getMarketSource(), input),
});

export const config: Config = { path: '/api/trades/review' };
