import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { saveProgress } from './_lib/library/progress.ts';

// Resume watching: the member's position in a video, under their own key (the token says whose).
export default defineEndpoint(api['videos/progress'], {
  access: 'member',
  membership: 'in-first-pipeline',
  rateLimit: 'progress',
  run: (input, deps, { gate }) => saveProgress(deps, gate, input),
});

export const config: Config = { path: '/api/videos/progress' };
