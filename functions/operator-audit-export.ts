import type { Config } from '@netlify/functions';
import { OPERATOR_READ } from './_lib/auth/claims.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { exportAudit } from './_lib/operator/audit.ts';

// The audit log as CSV, streamed page by page (at most 100,000 rows, then a line saying so).
export default defineEndpoint(api['operator/audit/export'], {
  access: 'operator',
  permission: OPERATOR_READ,
  rateLimit: 'export',
  download: { contentType: 'text/csv; charset=utf-8', filename: 'audit-log.csv' },
  run: (input, deps, { request }) => exportAudit(deps.store, request, input.member),
});

export const config: Config = { path: '/api/operator/audit/export' };
