import type { Config } from '@netlify/functions';
import { listArticlesFor } from './_lib/articles/articles.ts';
import { articleLibrary } from './_lib/articles/library.ts';
import { requireMembership } from './_lib/billing/membership.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';

// Members only (an active membership, else 403 { redirect: true }): every article with its body.
// Visitors get the free ones from /api/articles/free.
export default defineEndpoint({
  method: api.articles.method,
  access: 'user',
  input: api.articles.request,
  run: async (_input, deps, { caller }) => {
    await requireMembership(deps, caller);
    return { articles: listArticlesFor(articleLibrary, caller) };
  },
});

export const config: Config = { path: '/api/articles' };
