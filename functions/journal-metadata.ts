import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { readNote } from './_lib/journal/notes.ts';

// docs/product.md §7: one note with its body.
export default defineEndpoint(api['journal/metadata'], {
  access: 'member',
  membership: 'in-first-pipeline',
  run: (input, _deps, { gate }) => readNote(gate, input.note_id),
});

export const config: Config = { path: '/api/journal/metadata' };
