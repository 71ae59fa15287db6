import type { Config } from '@netlify/functions';
import { updateCard } from './_lib/billing/billing.ts';
import { getBillingPorts } from './_lib/billing/billing-ports.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';

export default defineEndpoint(api['user/updatecard'], {
  access: 'user',
  rateLimit: 'payment',
  run: (input, deps, { caller }) => updateCard({ ...deps, ...getBillingPorts() }, caller, input.token),
});

export const config: Config = { path: '/api/user/updatecard' };
