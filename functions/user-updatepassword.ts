import type { Config } from '@netlify/functions';
import { changePassword } from './_lib/account/account.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { getIdentityPorts } from './_lib/identity/identity-ports.ts';

export default defineEndpoint(api['user/updatepassword'], {
  access: 'user',
  rateLimit: 'account',
  run: (input, deps, { caller }) => changePassword({ ...getIdentityPorts(), ...deps }, caller, input),
});

export const config: Config = { path: '/api/user/updatepassword' };
