import type { Config } from '@netlify/functions';
import { toggleAutopay } from './_lib/billing/billing.ts';
import { getBillingPorts } from './_lib/billing/billing-ports.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';

export default defineEndpoint({
  method: api['subscription/toggle'].method,
  access: 'user',
  input: api['subscription/toggle'].request,
  run: (input, deps, { caller }) => toggleAutopay({ ...deps, ...getBillingPorts() }, caller, input.renew),
});

export const config: Config = { path: '/api/subscription/toggle' };
