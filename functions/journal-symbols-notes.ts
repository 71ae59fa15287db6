import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { symbolNotes } from './_lib/journal/symbols.ts';

// docs/product.md §7: the notes that mention one symbol.
export default defineEndpoint(api['journal/symbols/notes'], {
  access: 'member',
  membership: 'in-first-pipeline',
  run: (input, deps, { gate }) => symbolNotes(deps, gate, input.symbol),
});

export const config: Config = { path: '/api/journal/symbols/notes' };
