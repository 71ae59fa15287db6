import type { Config } from '@netlify/functions';
import { verifyPayment } from './_lib/billing/billing.ts';
import { getBillingPorts } from './_lib/billing/billing-ports.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';

export default defineEndpoint(api['payment/verify'], {
  access: 'user',
  run: (input, deps, { caller }) => verifyPayment({ ...deps, ...getBillingPorts() }, caller, input),
});

export const config: Config = { path: '/api/payment/verify' };
