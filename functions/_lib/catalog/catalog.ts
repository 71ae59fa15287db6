import type { Playlist, Tag } from '../contract/index.ts';
import type { Deps } from '../deps.ts';
import { hashEntries } from '../store.ts';

/** Shared library metadata: tag names and playlists, owned by content/ and written by the seeder. */
export const catalogKeys = {
  tags: 'catalog:tags', // hash canonical → display name
  playlists: 'catalog:playlists', // hash id → JSON { title, position }
} as const;

export interface PlaylistEntry extends Playlist {
  position: number;
}

export async function listTags({ store }: Pick<Deps, 'store'>): Promise<Tag[]> {
  return (await hashEntries(store, catalogKeys.tags))
    .map(([canonical, tag]) => ({ canonical, tag }))
    .sort((a, b) => a.tag.localeCompare(b.tag, 'en'));
}

export async function listPlaylists({ store }: Pick<Deps, 'store'>): Promise<Playlist[]> {
  return (await hashEntries(store, catalogKeys.playlists))
    .map(([id, value]) => ({ id, ...(JSON.parse(value) as Omit<PlaylistEntry, 'id'>) }))
    .sort((a, b) => a.position - b.position)
    .map(({ id, title }) => ({ id, title }));
}

/** Replaces the catalog atomically (one MULTI round trip), so re-running is harmless. */
export async function replaceCatalog(
  { store }: Pick<Deps, 'store'>,
  catalog: { tags: Tag[]; playlists: PlaylistEntry[] },
): Promise<void> {
  const tx = store.multi();
  tx.del(catalogKeys.tags, catalogKeys.playlists);
  if (catalog.tags.length > 0) {
    tx.hset(catalogKeys.tags, Object.fromEntries(catalog.tags.map((t) => [t.canonical, t.tag])));
  }
  if (catalog.playlists.length > 0) {
    const entries = catalog.playlists.map((p) => [
      p.id,
      JSON.stringify({ title: p.title, position: p.position }),
    ]);
    tx.hset(catalogKeys.playlists, Object.fromEntries(entries));
  }
  await tx.exec();
}
