import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { listNotes } from './_lib/journal/notes.ts';

// docs/product.md §7: the member's notes, 99 a page, newest saved first (beyond it: those saved in a window).
export default defineEndpoint(api['journal/notes'], {
  access: 'member',
  membership: 'in-first-pipeline',
  run: (input, deps, { gate }) => listNotes(deps, gate, input.page, { from: input.from, to: input.to }),
});

export const config: Config = { path: '/api/journal/notes' };
