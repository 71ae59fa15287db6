import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { continueWatching } from './_lib/library/progress.ts';

// The dashboard's 'Continue watching': the member's started, unfinished videos.
export default defineEndpoint({
  method: api['videos/continue'].method,
  access: 'user',
  input: api['videos/continue'].request,
  run: (_input, deps, { caller }) => continueWatching(deps, caller),
});

export const config: Config = { path: '/api/videos/continue' };
