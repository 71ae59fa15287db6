import type { Config } from '@netlify/functions';
import { subscriptionStatus } from './_lib/billing/billing.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';

export default defineEndpoint(api['subscription/status'], {
  access: 'user',
  run: (_input, deps, { caller }) => subscriptionStatus(deps, caller),
});

export const config: Config = { path: '/api/subscription/status' };
