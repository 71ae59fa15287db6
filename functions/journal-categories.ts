import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { listCategories } from './_lib/journal/categories.ts';

// docs/product.md §7: the member's categories.
export default defineEndpoint(api['journal/categories'], {
  access: 'member',
  membership: 'in-first-pipeline',
  run: (_input, _deps, { gate }) => listCategories(gate),
});

export const config: Config = { path: '/api/journal/categories' };
