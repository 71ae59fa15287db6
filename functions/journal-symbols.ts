import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { listSymbols } from './_lib/journal/symbols.ts';

// docs/product.md §7: the symbols the member's notes mention, with their note ids.
export default defineEndpoint(api['journal/symbols'], {
  access: 'member',
  membership: 'in-first-pipeline',
  run: (_input, deps, { gate }) => listSymbols(deps, gate),
});

export const config: Config = { path: '/api/journal/symbols' };
