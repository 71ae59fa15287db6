import { beforeAll, describe, expect, it } from 'vitest';
import content from '../../content/seed/catalog.json' with { type: 'json' };
import { listPlaylists, listTags, replaceCatalog } from '../../functions/_lib/catalog/catalog.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import playlists from '../../functions/playlists.ts';
import tags from '../../functions/tags.ts';
import { seedCatalog } from '../../scripts/seed.ts';
import { post } from '../support/requests.ts';

// This is the only test file that writes the shared catalog keys (tests in a file run in order).
beforeAll(async () => {
  await replaceCatalog(getDeps(), {
    tags: [
      { canonical: 'level-2', tag: 'Level 2' },
      { canonical: 'dilution', tag: 'Dilution' },
      { canonical: 'sec', tag: 'SEC Filings ✓' },
    ],
    playlists: [
      { id: 'essentials', title: 'Essentials', position: 0 },
      { id: 'dd', title: 'DD', position: 1 },
      { id: 'frontload_friday', title: 'Frontload Friday', position: 2 },
    ],
  });
});

describe('POST /api/tags', () => {
  it('lists every tag from Redis, sorted by name', async () => {
    const response = await tags(post('/api/tags'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      tags: [
        { canonical: 'dilution', tag: 'Dilution' },
        { canonical: 'level-2', tag: 'Level 2' },
        { canonical: 'sec', tag: 'SEC Filings ✓' },
      ],
    });
  });

  it('ignores the custID the member app adds to every body', async () => {
    const response = await tags(post('/api/tags', { custID: 'cus_someone_else' }));
    expect(response.status).toBe(200);
    expect((await response.json()).tags).toHaveLength(3);
  });
});

describe('POST /api/playlists', () => {
  it('lists playlists in their editorial order', async () => {
    const response = await playlists(post('/api/playlists', {}));
    expect(await response.json()).toEqual({
      playlists: [
        { id: 'essentials', title: 'Essentials' },
        { id: 'dd', title: 'DD' },
        { id: 'frontload_friday', title: 'Frontload Friday' },
      ],
    });
  });

  it('sees a re-seeded catalog at once (no stale cache in the function)', async () => {
    await replaceCatalog(getDeps(), {
      tags: [{ canonical: 'level-2', tag: 'Level 2' }],
      playlists: [{ id: 'dd', title: 'Due Diligence', position: 0 }],
    });
    const response = await playlists(post('/api/playlists'));
    expect(await response.json()).toEqual({ playlists: [{ id: 'dd', title: 'Due Diligence' }] });
    const tagResponse = await tags(post('/api/tags'));
    expect(await tagResponse.json()).toEqual({ tags: [{ canonical: 'level-2', tag: 'Level 2' }] });
  });
});

describe('seeding the store from content/', () => {
  it('loads the catalog once and is a no-op while content is unchanged', async () => {
    const deps = getDeps();
    await deps.store.del('meta:seed:catalog');
    expect(await seedCatalog(deps.store)).toBe('seeded');
    expect(await seedCatalog(deps.store)).toBe('unchanged');
    expect((await listPlaylists(deps)).map((p) => p.id)).toEqual(content.playlists.map((p) => p.id));
    expect((await listTags(deps)).map((t) => t.canonical).sort()).toEqual(
      content.tags.map((t) => t.canonical).sort(),
    );
    expect(await seedCatalog(deps.store, { force: true })).toBe('seeded');
  });
});
