import { loadStoreConfig } from '../functions/_lib/config.ts';
import { type SyncSource, syncSourceFromEnv } from '../functions/_lib/library/sync-config.ts';
import { fetchVimeoVideos } from '../functions/_lib/library/vimeo.ts';
import { replaceLibrary } from '../functions/_lib/library/write.ts';
import { createStore, type Store } from '../functions/_lib/store.ts';
import {
  contentLibrary,
  markLibraryFromHost,
  readCatalog,
  seedCatalog,
  seedLibrary,
  writeCatalog,
} from './seed.ts';

/**
 * `npm run content:sync`: the catalog from content/, and the library from the video host when one is
 * configured (VIMEO_ACCESS_TOKEN), else from content/library/. Audio and the live stream always come
 * from content/library/. Safe to run again at any time: each run replaces the library as a whole.
 */
export async function syncContent(store: Store, source: SyncSource): Promise<string[]> {
  if (source.kind === 'content') {
    return [
      `catalog: ${await seedCatalog(store, { force: true })}`,
      `library: ${await seedLibrary(store, { force: true })} (from content/library)`,
    ];
  }
  const catalog = await readCatalog();
  const [videos, fromContent] = await Promise.all([
    fetchVimeoVideos(source.vimeo, catalog),
    contentLibrary(),
  ]);
  // Tags used on Vimeo join the filter menu; names from content/seed/catalog.json win.
  const known = new Set(catalog.tags.map((t) => t.canonical));
  const extra = new Map(
    videos
      .flatMap((v) => v.tags)
      .filter((t) => !known.has(t.canonical))
      .map((t) => [t.canonical, t]),
  );
  await writeCatalog(store, { ...catalog, tags: [...catalog.tags, ...extra.values()] });
  const result = await replaceLibrary({ store }, { ...fromContent, videos });
  // A later content seed (npm start) must not put the sample library back over this one.
  await markLibraryFromHost(store, 'vimeo');
  return [
    `catalog: ${catalog.playlists.length} playlists, ${catalog.tags.length + extra.size} tags`,
    `library: ${result.videos} videos from Vimeo (${result.removed} removed), ${result.audio} audio tracks`,
  ];
}

if (import.meta.main) {
  const store = createStore(loadStoreConfig());
  for (const line of await syncContent(store, syncSourceFromEnv())) console.log(line);
}
