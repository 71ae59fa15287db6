import type { Config } from '@netlify/functions';
import { getChatPorts } from './_lib/chat/chat-ports.ts';
import { requestInvite } from './_lib/chat/invites.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';

export default defineEndpoint(api['user/discord'], {
  access: 'member',
  membership: 'before-run',
  rateLimit: 'account',
  run: (input, deps, { caller }) => requestInvite({ ...deps, ...getChatPorts() }, caller, input),
});

export const config: Config = { path: '/api/user/discord' };
