import type { Config } from '@netlify/functions';
import { deleteAccount } from './_lib/account/deletion.ts';
import { getBillingPorts } from './_lib/billing/billing-ports.ts';
import { getChatPorts } from './_lib/chat/chat-ports.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { getIdentityPorts } from './_lib/identity/identity-ports.ts';

// "Delete my account": the password, then the subscription, chat access, the identity and every key
// of the member, in that order (account/deletion.ts). Its own budget of 5 tries in 10 minutes (each
// checks the password); wrong passwords also meet the provider's own brute-force protection (a 429).
export default defineEndpoint(api['account/delete'], {
  access: 'user',
  rateLimit: 'accountDeletion',
  run: (input, deps, { caller }) =>
    deleteAccount({ ...deps, ...getBillingPorts(), ...getChatPorts(), ...getIdentityPorts() }, caller, input),
});

export const config: Config = { path: '/api/account/delete' };
