import type { Config } from '@netlify/functions';
import { signOutEverywhere } from './_lib/account/account.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { getIdentityPorts } from './_lib/identity/identity-ports.ts';

// "Sign out everywhere" on /account: every refresh token, provider session and access token of the caller ends.
export default defineEndpoint(api['user/signout'], {
  access: 'user',
  rateLimit: 'signOut',
  run: (_input, deps, { caller }) => signOutEverywhere({ ...getIdentityPorts(), ...deps }, caller),
});

export const config: Config = { path: '/api/user/signout' };
