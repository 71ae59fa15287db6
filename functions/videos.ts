import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { listVideos } from './_lib/library/videos.ts';

// Visitors get the 25 latest without player ids; members (active membership) up to 100 a list.
export default defineEndpoint({
  method: api.videos.method,
  access: 'visitor-or-user',
  input: api.videos.request,
  run: (input, deps, { caller }) => listVideos(deps, caller, input),
});

export const config: Config = { path: '/api/videos' };
