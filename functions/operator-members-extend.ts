import type { Config } from '@netlify/functions';
import { OPERATOR_WRITE } from './_lib/auth/claims.ts';
import { getBillingPorts } from './_lib/billing/billing-ports.ts';
import { getChatPorts } from './_lib/chat/chat-ports.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { extendMember } from './_lib/operator/actions-billing.ts';

export default defineEndpoint(api['operator/members/extend'], {
  access: 'operator',
  permission: OPERATOR_WRITE,
  rateLimit: 'operatorAction',
  run: (input, deps, { caller }) =>
    extendMember({ ...deps, ...getBillingPorts(), ...getChatPorts() }, caller, input),
});

export const config: Config = { path: '/api/operator/members/extend' };
