import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { deleteNote } from './_lib/journal/notes.ts';

// docs/product.md §7: delete a note with its symbol and category entries.
export default defineEndpoint(api['journal/notes/delete'], {
  access: 'member',
  membership: 'in-first-pipeline',
  rateLimit: 'journal',
  run: (input, deps, { gate }) => deleteNote(deps, gate, input.note_id),
});

export const config: Config = { path: '/api/journal/notes/delete' };
