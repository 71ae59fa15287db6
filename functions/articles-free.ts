import type { Config } from '@netlify/functions';
import { listFreeArticles } from './_lib/articles/articles.ts';
import { articleLibrary } from './_lib/articles/library.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';

// Free articles are public: their bodies are on the static pages too. Member-only ones are left out.
// The bundle is fixed for a deploy, so the list is made once per instance.
const freeArticles = listFreeArticles(articleLibrary);

export default defineEndpoint(api['articles/free'], {
  access: 'public',
  run: () => ({ articles: freeArticles }),
});

export const config: Config = { path: '/api/articles/free' };
