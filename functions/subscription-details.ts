import type { Config } from '@netlify/functions';
import { subscriptionDetails } from './_lib/billing/billing.ts';
import { getBillingPorts } from './_lib/billing/billing-ports.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';

// Open to a signed-in user (as user/updatecard): a member whose payment failed still sees the card.
// Each answer asks the card provider, so it has a limit of its own (apart from the switches').
export default defineEndpoint(api['subscription/details'], {
  access: 'user',
  rateLimit: 'billingDetails',
  run: (_input, deps, { caller }) => subscriptionDetails({ ...deps, ...getBillingPorts() }, caller),
});

export const config: Config = { path: '/api/subscription/details' };
