import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { badRequest } from './_lib/http/errors.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { deleteCategory, putCategory } from './_lib/journal/categories.ts';

// docs/product.md §7: create or rename `{ category_id, category }`, or delete `{ category_id, delete: 'true' }`
// (the category leaves its notes too). Answers the member's categories after the change.
export default defineEndpoint(api['journal/categories/update'], {
  access: 'member',
  membership: 'in-first-pipeline',
  rateLimit: 'journal',
  run: (input, deps, { gate }) => {
    if (input.delete) return deleteCategory(deps, gate, input.category_id);
    if (input.category === undefined) throw badRequest('category: give the category a name, or delete: true');
    return putCategory(deps, gate, input.category_id, input.category);
  },
});

export const config: Config = { path: '/api/journal/categories/update' };
