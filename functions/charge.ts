import type { Config } from '@netlify/functions';
import { charge } from './_lib/billing/billing.ts';
import { api } from './_lib/contract.ts';
import { defineEndpoint } from './_lib/http/handler.ts';

export default defineEndpoint({
  method: api.charge.method,
  access: 'user',
  rateLimit: 'payment',
  input: api.charge.request,
  run: (input, deps, { caller }) => charge(deps, caller, input),
});

export const config: Config = { path: '/api/charge' };
