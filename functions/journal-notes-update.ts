import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { saveNote } from './_lib/journal/save.ts';

// docs/product.md §7: create or replace a note; 409 with the stored version when it changed elsewhere.
export default defineEndpoint(api['journal/notes/update'], {
  access: 'member',
  membership: 'in-first-pipeline',
  rateLimit: 'journal',
  run: (input, deps, { gate }) => saveNote(deps, gate, input),
});

export const config: Config = { path: '/api/journal/notes/update' };
