import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { replaceCatalog } from '../functions/_lib/catalog/catalog.ts';
import { catalogContent } from '../functions/_lib/catalog/content.ts';
import { loadStoreConfig } from '../functions/_lib/config.ts';
import { createStore, type Store } from '../functions/_lib/store.ts';

const root = new URL('..', import.meta.url);
const STAMP_KEY = 'meta:seed:catalog';

/**
 * Loads the editor-owned library metadata from content/ into the store. Idempotent: the
 * catalog is replaced atomically, and skipped when the content has not changed since last time.
 */
export async function seedStore(store: Store, { force = false } = {}): Promise<'seeded' | 'unchanged'> {
  const raw = await readFile(new URL('content/seed/catalog.json', root), 'utf8');
  const digest = createHash('sha256').update(raw).digest('hex');
  if (!force && (await store.get<string>(STAMP_KEY)) === digest) return 'unchanged';
  const parsed = catalogContent.safeParse(JSON.parse(raw));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`content/seed/catalog.json is invalid: ${problems}`);
  }
  const { tags, playlists } = parsed.data;
  await replaceCatalog({ store }, { tags, playlists: playlists.map((p, position) => ({ ...p, position })) });
  await store.set(STAMP_KEY, digest);
  return 'seeded';
}

// `npm run content:seed` against the configured store (UPSTASH_REDIS_REST_URL/TOKEN).
if (import.meta.main) {
  const store = createStore(loadStoreConfig());
  console.log(`catalog: ${await seedStore(store, { force: process.argv.includes('--force') })}`);
}
