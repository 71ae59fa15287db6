import type { Config } from '@netlify/functions';
import { toggleAutopay } from './_lib/billing/billing.ts';
import { getBillingPorts } from './_lib/billing/billing-ports.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';

export default defineEndpoint(api['subscription/toggle'], {
  access: 'member',
  membership: 'before-run',
  rateLimit: 'subscription',
  run: (input, deps, { caller, membership }) =>
    toggleAutopay({ ...deps, ...getBillingPorts() }, caller, membership, input.renew, input.reason),
});

export const config: Config = { path: '/api/subscription/toggle' };
