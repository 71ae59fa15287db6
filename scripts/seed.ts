import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { replaceCatalog } from '../functions/_lib/catalog/catalog.ts';
import { type CatalogContent, catalogContent } from '../functions/_lib/catalog/content.ts';
import { loadStoreConfig } from '../functions/_lib/config.ts';
import { libraryFromContent } from '../functions/_lib/library/content.ts';
import { type Library, replaceLibrary } from '../functions/_lib/library/write.ts';
import { createStore, type Store } from '../functions/_lib/store.ts';

const root = new URL('..', import.meta.url);
const CATALOG_STAMP = 'meta:seed:catalog';
const LIBRARY_STAMP = 'meta:seed:library';
const HOST_STAMP = 'host:';
const CATALOG_FILE = 'content/seed/catalog.json';
const LIBRARY_FILES = {
  videos: 'content/library/videos.json',
  audio: 'content/library/audio.json',
  stream: 'content/library/stream.json',
} as const;

type Outcome = 'seeded' | 'unchanged';

/**
 * Loads the editor-owned content from content/ into the store: the catalog (playlists, tags) and
 * the library (videos, audio, the live stream). Idempotent: each part is replaced as a whole, and
 * skipped when its files have not changed since last time (a digest is kept in the store).
 */
export async function seedStore(store: Store, { force = false } = {}): Promise<Outcome> {
  const catalog = await seedCatalog(store, { force });
  const library = await seedLibrary(store, { force });
  return catalog === 'seeded' || library === 'seeded' ? 'seeded' : 'unchanged';
}

export async function seedCatalog(store: Store, { force = false } = {}): Promise<Outcome> {
  const raw = await readText(CATALOG_FILE);
  const digest = sha256(raw);
  if (!force && (await store.get<string>(CATALOG_STAMP)) === digest) return 'unchanged';
  await writeCatalog(store, parseCatalog(raw));
  await store.set(CATALOG_STAMP, digest);
  return 'seeded';
}

/** The library from content/library/ (tag names come from the catalog, so it is part of the digest). */
export async function seedLibrary(store: Store, { force = false } = {}): Promise<Outcome> {
  const texts = await Promise.all([CATALOG_FILE, ...Object.values(LIBRARY_FILES)].map(readText));
  const digest = sha256(texts.join('\0'));
  const stamp = await store.get<string>(LIBRARY_STAMP);
  // A library synced from the video host is kept: only `--force` puts the sample library back.
  if (!force && (stamp === digest || stamp?.startsWith(HOST_STAMP))) return 'unchanged';
  await replaceLibrary({ store }, await contentLibrary());
  await store.set(LIBRARY_STAMP, digest);
  return 'seeded';
}

export async function readCatalog(): Promise<CatalogContent> {
  return parseCatalog(await readText(CATALOG_FILE));
}

export async function contentLibrary(): Promise<Library> {
  const [catalog, videos, audio, stream] = await Promise.all([
    readCatalog(),
    ...Object.values(LIBRARY_FILES).map(async (file) => JSON.parse(await readText(file)) as unknown),
  ]);
  return libraryFromContent({ videos, audio, stream }, catalog as CatalogContent);
}

export async function writeCatalog(store: Store, catalog: CatalogContent): Promise<void> {
  const { tags, playlists } = catalog;
  await replaceCatalog(
    { store },
    { tags, playlists: playlists.map((p, position) => ({ id: p.id, title: p.title, position })) },
  );
}

/** After a sync from the video host: later content seeds (npm start) leave that library alone. */
export async function markLibraryFromHost(store: Store, host: string): Promise<void> {
  await store.set(LIBRARY_STAMP, `${HOST_STAMP}${host}`);
}

function parseCatalog(raw: string): CatalogContent {
  const parsed = catalogContent.safeParse(JSON.parse(raw));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`${CATALOG_FILE} is invalid: ${problems}`);
  }
  return parsed.data;
}

function readText(file: string): Promise<string> {
  return readFile(new URL(file, root), 'utf8');
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

// `npm run content:seed` against the configured store (UPSTASH_REDIS_REST_URL/TOKEN).
if (import.meta.main) {
  const store = createStore(loadStoreConfig());
  const force = process.argv.includes('--force');
  console.log(`catalog: ${await seedCatalog(store, { force })}`);
  console.log(`library: ${await seedLibrary(store, { force })}`);
}
