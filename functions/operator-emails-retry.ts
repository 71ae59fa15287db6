import type { Config } from '@netlify/functions';
import { OPERATOR_WRITE } from './_lib/auth/claims.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { retryUndeliverable } from './_lib/operator/emails.ts';

export default defineEndpoint(api['operator/emails/retry'], {
  access: 'operator',
  permission: OPERATOR_WRITE,
  rateLimit: 'operatorAction',
  run: (input, deps, { caller }) => retryUndeliverable(deps, caller, input.key),
});

export const config: Config = { path: '/api/operator/emails/retry' };
