import type { Config } from '@netlify/functions';
import { requestEmailChange } from './_lib/account/email-change.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { getIdentityPorts } from './_lib/identity/identity-ports.ts';

// The email changes only once the member follows the link mailed to the new address.
export default defineEndpoint(api['user/updateemail'], {
  access: 'user',
  rateLimit: 'account',
  run: (input, deps, { caller }) => requestEmailChange({ ...getIdentityPorts(), ...deps }, caller, input),
});

export const config: Config = { path: '/api/user/updateemail' };
