import type { Config } from '@netlify/functions';
import { upgradeToYearly } from './_lib/billing/billing.ts';
import { getBillingPorts } from './_lib/billing/billing-ports.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';

export default defineEndpoint(api['subscription/upgrade'], {
  access: 'member',
  membership: 'before-run',
  rateLimit: 'subscription',
  run: (_input, deps, { caller, membership }) =>
    upgradeToYearly({ ...deps, ...getBillingPorts() }, caller, membership),
});

export const config: Config = { path: '/api/subscription/upgrade' };
