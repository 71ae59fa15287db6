import type { Config } from '@netlify/functions';
import { upgradeToYearly } from './_lib/billing/billing.ts';
import { getBillingPorts } from './_lib/billing/billing-ports.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';

export default defineEndpoint({
  method: api['subscription/upgrade'].method,
  access: 'user',
  input: api['subscription/upgrade'].request,
  run: (_input, deps, { caller }) => upgradeToYearly({ ...deps, ...getBillingPorts() }, caller),
});

export const config: Config = { path: '/api/subscription/upgrade' };
