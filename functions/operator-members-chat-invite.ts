import type { Config } from '@netlify/functions';
import { OPERATOR_WRITE } from './_lib/auth/claims.ts';
import { getBillingPorts } from './_lib/billing/billing-ports.ts';
import { getChatPorts } from './_lib/chat/chat-ports.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { resendChatInvite } from './_lib/operator/actions-chat.ts';

export default defineEndpoint(api['operator/members/chat/invite'], {
  access: 'operator',
  permission: OPERATOR_WRITE,
  rateLimit: 'operatorAction',
  run: (input, deps, { caller }) =>
    resendChatInvite({ ...deps, ...getBillingPorts(), ...getChatPorts() }, caller, input),
});

export const config: Config = { path: '/api/operator/members/chat/invite' };
