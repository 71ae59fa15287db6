import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { liveStream } from './_lib/library/media.ts';

// The live event's embed is member content: it is never in the site's public files.
export default defineEndpoint(api.stream, {
  access: 'member',
  membership: 'in-first-pipeline',
  run: (_input, _deps, { gate }) => liveStream(gate),
});

export const config: Config = { path: '/api/stream' };
