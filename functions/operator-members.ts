import type { Config } from '@netlify/functions';
import { OPERATOR_READ } from './_lib/auth/claims.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { listMembers } from './_lib/operator/members.ts';

export default defineEndpoint(api['operator/members'], {
  access: 'operator',
  permission: OPERATOR_READ,
  rateLimit: 'search',
  run: (input, deps) => listMembers(deps, input),
});

export const config: Config = { path: '/api/operator/members' };
