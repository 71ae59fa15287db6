import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { categoryNotes } from './_lib/journal/categories.ts';

// docs/product.md §7: the notes in one category.
export default defineEndpoint(api['journal/categories/notes'], {
  access: 'member',
  membership: 'in-first-pipeline',
  run: (input, deps, { gate }) => categoryNotes(deps, gate, input.category_id),
});

export const config: Config = { path: '/api/journal/categories/notes' };
