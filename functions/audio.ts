import type { Config } from '@netlify/functions';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';
import { listAudio } from './_lib/library/media.ts';

// Podcast episodes are member content (docs/product.md §2 /audio): visitors get the landing text instead.
export default defineEndpoint(api.audio, {
  access: 'member',
  membership: 'in-first-pipeline',
  run: (_input, _deps, { gate }) => listAudio(gate),
});

export const config: Config = { path: '/api/audio' };
