import type { Config } from '@netlify/functions';
import { charge } from './_lib/billing/billing.ts';
import { getBillingPorts } from './_lib/billing/billing-ports.ts';
import { followMembership } from './_lib/chat/access.ts';
import { getChatPorts } from './_lib/chat/chat-ports.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { getIdentityPorts } from './_lib/identity/identity-ports.ts';

export default defineEndpoint(api.charge, {
  access: 'user',
  rateLimit: 'payment',
  run: async (input, deps, { caller }) => {
    const billing = getBillingPorts();
    const answer = await charge({ ...deps, ...billing, ...getIdentityPorts() }, caller, input);
    // A member who paid again after their membership ended gets the chat's member role back. With
    // Stripe the webhook does it, so the payment's answer never waits on the community; local
    // billing has no webhook. Never throws.
    if (billing.billingConfig.kind === 'local')
      await followMembership({ ...deps, ...getChatPorts() }, caller.sub);
    return answer;
  },
});

export const config: Config = { path: '/api/charge' };
