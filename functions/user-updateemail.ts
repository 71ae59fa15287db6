import type { Config } from '@netlify/functions';
import { changeEmail } from './_lib/account/account.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { getIdentityPorts } from './_lib/identity/identity-ports.ts';

export default defineEndpoint(api['user/updateemail'], {
  access: 'user',
  rateLimit: 'account',
  run: (input, deps, { caller }) => changeEmail({ ...getIdentityPorts(), store: deps.store }, caller, input),
});

export const config: Config = { path: '/api/user/updateemail' };
