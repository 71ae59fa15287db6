import type { Config } from '@netlify/functions';
import { listPlaylists } from './_lib/catalog/catalog.ts';
import { api } from './_lib/contract/index.ts';
import { defineEndpoint } from './_lib/http/handler.ts';

// Playlist names are library metadata, not member content: visitors see the playlist header too.
export default defineEndpoint(api.playlists, {
  access: 'public',
  run: async (_input, deps) => ({ playlists: await listPlaylists(deps) }),
});

export const config: Config = { path: '/api/playlists' };
