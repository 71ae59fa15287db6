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
    const answer = await charge({ ...deps, ...getBillingPorts(), ...getIdentityPorts() }, caller, input);
    // A member who paid again after their membership ended gets the chat's member role back
    // (locally there is no webhook to do it; with Stripe the webhook would too). Never throws.
    await followMembership({ ...deps, ...getChatPorts() }, caller.sub);
    return answer;
  },
});

export const config: Config = { path: '/api/charge' };
