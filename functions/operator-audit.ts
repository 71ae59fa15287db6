import type { Config } from '@netlify/functions';
import { OPERATOR_READ } from './_lib/auth/claims.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { readAudit, withMemberEmails } from './_lib/operator/audit.ts';

export default defineEndpoint(api['operator/audit'], {
  access: 'operator',
  permission: OPERATOR_READ,
  rateLimit: 'search',
  run: async (input, deps) => {
    const page = await readAudit(deps.store, {
      member: input.member,
      cursor: input.cursor ? Number(input.cursor) : null,
    });
    return {
      entries: await withMemberEmails(deps.store, page.entries),
      next: page.next === null ? null : String(page.next),
    };
  },
});

export const config: Config = { path: '/api/operator/audit' };
