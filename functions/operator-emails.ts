import type { Config } from '@netlify/functions';
import { OPERATOR_READ } from './_lib/auth/claims.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { readUndeliverable } from './_lib/operator/emails.ts';

export default defineEndpoint(api['operator/emails'], {
  access: 'operator',
  permission: OPERATOR_READ,
  rateLimit: 'search',
  run: (_input, deps) => readUndeliverable(deps),
});

export const config: Config = { path: '/api/operator/emails' };
