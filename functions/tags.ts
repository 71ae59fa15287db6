import type { Config } from '@netlify/functions';
import { listTags } from './_lib/catalog/catalog.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';

// Tag names are library metadata, not member content: visitors see the filter menu too.
export default defineEndpoint(api.tags, {
  access: 'public',
  run: async (_input, deps) => ({ tags: await listTags(deps) }),
});

export const config: Config = { path: '/api/tags' };
