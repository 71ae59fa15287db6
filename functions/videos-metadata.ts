import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { videoMetadata } from './_lib/library/videos.ts';

// Everyone may read a video's card, description and chapters; the player id is for members only.
export default defineEndpoint(api['videos/metadata'], {
  access: 'visitor-or-user',
  run: (input, deps, { gate }) => videoMetadata(deps, gate, input.nodeId),
});

export const config: Config = { path: '/api/videos/metadata' };
