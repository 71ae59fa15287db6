import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { listVideos } from './_lib/library/videos.ts';

// Visitors get the 25 latest without player ids; members (active membership) up to 100 a list.
export default defineEndpoint(api.videos, {
  access: 'visitor-or-user',
  run: (input, deps, { gate }) => listVideos(deps, gate, input),
});

export const config: Config = { path: '/api/videos' };
