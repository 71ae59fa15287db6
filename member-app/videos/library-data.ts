import { callApi } from '../api/client.ts';

/** Playlists and tags for the library header and filter menu, fetched in parallel. */
export async function loadLibraryMeta() {
  const [{ playlists }, { tags }] = await Promise.all([callApi('playlists'), callApi('tags')]);
  return { playlists, tags };
}

// Library metadata changes only when content is synced: keep it for the whole visit.
export const libraryMetaStaleTime = 10 * 60_000;
