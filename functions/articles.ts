import type { Config } from '@netlify/functions';
import { listArticlesFor } from './_lib/articles/articles.ts';
import { articleLibrary } from './_lib/articles/library.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';

// Members only (an active membership, else 403 { redirect: true }): every article with its body.
// Visitors get the free ones from /api/articles/free.
export default defineEndpoint(api.articles, {
  access: 'member',
  membership: 'before-run',
  run: (_input, _deps, { caller }) => ({ articles: listArticlesFor(articleLibrary, caller) }),
});

export const config: Config = { path: '/api/articles' };
