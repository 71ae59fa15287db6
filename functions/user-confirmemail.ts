import type { Config } from '@netlify/functions';
import { confirmEmailLink } from './_lib/account/email-change.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { getIdentityPorts } from './_lib/identity/identity-ports.ts';

// Public: an email link is opened on any device, signed in or not; its single-use token is the proof.
export default defineEndpoint(api['user/confirmemail'], {
  access: 'public',
  rateLimit: 'emailLinks',
  run: (input, deps) => confirmEmailLink({ ...getIdentityPorts(), ...deps }, input),
});

export const config: Config = { path: '/api/user/confirmemail' };
