import type { Config } from '@netlify/functions';
import { checkPromo } from './_lib/billing/billing.ts';
import { getBillingPorts } from './_lib/billing/billing-ports.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';

// Public (docs/security.md): checking a code reveals only its discount, which the code's holder may know.
export default defineEndpoint(api.promo, {
  access: 'public',
  rateLimit: 'promo',
  run: (input) => checkPromo(getBillingPorts(), input.promo),
});

export const config: Config = { path: '/api/promo' };
