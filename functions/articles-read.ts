import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { markArticleRead } from './_lib/courses/member-progress.ts';
import { defineEndpoint } from './_lib/http/handler.ts';

// An article read to its end or marked read: a course lesson it is counts as done (docs/courses.md).
export default defineEndpoint(api['articles/read'], {
  access: 'member',
  membership: 'in-first-pipeline',
  rateLimit: 'progress',
  run: (input, deps, { gate }) => markArticleRead(deps, gate, input),
});

export const config: Config = { path: '/api/articles/read' };
