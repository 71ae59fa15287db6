import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { liveStream } from './_lib/library/media.ts';

// The live event's embed is member content: it is never in the site's public files.
export default defineEndpoint({
  method: api.stream.method,
  access: 'user',
  input: api.stream.request,
  run: (_input, deps, { caller }) => liveStream(deps, caller),
});

export const config: Config = { path: '/api/stream' };
