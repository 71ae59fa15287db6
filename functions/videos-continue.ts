import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { continueWatching } from './_lib/library/progress.ts';

// The dashboard's 'Continue watching': the member's started, unfinished videos.
export default defineEndpoint(api['videos/continue'], {
  access: 'member',
  membership: 'in-first-pipeline',
  run: (_input, deps, { gate }) => continueWatching(deps, gate),
});

export const config: Config = { path: '/api/videos/continue' };
