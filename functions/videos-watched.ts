import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { watchedVideos } from './_lib/courses/member-progress.ts';
import { defineEndpoint } from './_lib/http/handler.ts';

// The videos the member has watched (90 % of each, judged on the server): the library's checks.
export default defineEndpoint(api['videos/watched'], {
  access: 'member',
  membership: 'in-first-pipeline',
  run: (_input, _deps, { gate }) => watchedVideos(gate),
});

export const config: Config = { path: '/api/videos/watched' };
