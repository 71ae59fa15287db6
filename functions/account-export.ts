import type { Config } from '@netlify/functions';
import { exportFileName, exportMemberData } from './_lib/account/export.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';

// "Download my data": the caller's own data as one JSON file, streamed as it is read. Signed in is
// enough: a member whose subscription ended may still take their data with them.
export default defineEndpoint(api['account/export'], {
  access: 'user',
  rateLimit: 'export',
  download: {
    contentType: 'application/json; charset=utf-8',
    filename: exportFileName,
  },
  run: (_input, deps, { caller, request }) => exportMemberData(deps, caller, request),
});

export const config: Config = { path: '/api/account/export' };
