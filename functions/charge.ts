import type { Config } from '@netlify/functions';
import { charge } from './_lib/billing/billing.ts';
import { getBillingPorts } from './_lib/billing/billing-ports.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { getIdentityPorts } from './_lib/identity/identity-ports.ts';

export default defineEndpoint(api.charge, {
  access: 'user',
  rateLimit: 'payment',
  run: (input, deps, { caller }) =>
    charge({ ...deps, ...getBillingPorts(), ...getIdentityPorts() }, caller, input),
});

export const config: Config = { path: '/api/charge' };
