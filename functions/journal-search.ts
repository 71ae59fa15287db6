import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { searchNotes } from './_lib/journal/notes.ts';

// Beyond the brief: search over the member's own notes, titles and text.
export default defineEndpoint(api['journal/search'], {
  access: 'member',
  membership: 'in-first-pipeline',
  rateLimit: 'search',
  run: (input, deps, { gate }) => searchNotes(deps, gate, input.query),
});

export const config: Config = { path: '/api/journal/search' };
