import { beforeAll, describe, expect, it } from 'vitest';
import content from '../../content/library/videos.json' with { type: 'json' };
import type { Video, VideoGroups } from '../../functions/_lib/contract/index.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import { libraryKeys } from '../../functions/_lib/library/keys.ts';
import type { StoredDetail, StoredVideo } from '../../functions/_lib/library/records.ts';
import { type Library, replaceLibrary } from '../../functions/_lib/library/write.ts';
import audio from '../../functions/audio.ts';
import stream from '../../functions/stream.ts';
import videos from '../../functions/videos.ts';
import videosContinue from '../../functions/videos-continue.ts';
import metadata from '../../functions/videos-metadata.ts';
import progress from '../../functions/videos-progress.ts';
import { seedLibrary } from '../../scripts/seed.ts';
import { activeMembership, signedIn } from '../support/members.ts';
import { post } from '../support/requests.ts';

// The only test file that writes the shared library keys (videos:*, video:*, audio:latest,
// media:stream): its tests run in order, on the fixture below, then on the content/ library.
const { store } = getDeps();

const TAGS = ['level-2', 'dilution', 'filings', 'scanners'];
const T0 = Date.UTC(2025, 0, 1);
type Fixture = StoredVideo & StoredDetail;

/** 130 videos; four pairs share a timestamp (the sync must break the ties). */
function fixture(): Fixture[] {
  return Array.from({ length: 130 }, (_, i) => {
    const tags = [TAGS[i % 4] as string, ...(i % 10 === 0 ? ['scanners'] : [])];
    return {
      id: `f${String(i).padStart(3, '0')}`,
      title: `${i % 3 === 0 ? 'Level 2 Tape Reading' : i % 3 === 1 ? 'Dilution Déjà Vu' : 'Filing Friday'} #${i}`,
      thumbnail: `/samples/thumbs/${TAGS[i % 4]}.svg`,
      timestamp: T0 - (i % 32 === 5 ? i - 1 : i) * 60_000,
      duration: 600 + i,
      uri: `/videos/${900_000 + i}`,
      tags: [...new Set(tags)].map((canonical) => ({ canonical, tag: canonical.toUpperCase() })),
      playlists: [
        ...(i % 2 === 0 ? ['essentials'] : []),
        ...(i % 5 === 0 ? ['dd'] : []),
        ...(i % 7 === 0 ? ['frontload_friday'] : []),
      ],
      description: `About video ${i}`,
      chapters:
        i === 0
          ? [
              { title: 'Start', startTime: 0 },
              { title: 'Middle', startTime: 300 },
            ]
          : [],
    };
  });
}

const library: Library = {
  videos: fixture(),
  audio: Array.from({ length: 30 }, (_, i) => ({
    track_id: `ep${i}`,
    title: `Episode ${i}`,
    timestamp: T0 - i * 86_400_000,
    uri: '/samples/audio/episode.webm',
  })),
  stream: { title: 'Live', embed: 'https://vimeo.com/event/123/embed' },
};

/** The stored order (newest first) after the sync, and each video's stored timestamp. */
let ordered: Array<{ id: string; timestamp: number; tags: string[]; playlists: string[]; title: string }> =
  [];

beforeAll(async () => {
  await replaceLibrary({ store }, library);
  const ids = (await store.zrange(libraryKeys.latest, 0, -1, { rev: true, withScores: true })) as string[];
  const byId = new Map(library.videos.map((v) => [v.id, v]));
  ordered = [];
  for (let i = 0; i < ids.length; i += 2) {
    const v = byId.get(ids[i] as string) as Fixture;
    ordered.push({
      id: v.id,
      timestamp: Number(ids[i + 1]),
      tags: v.tags.map((t) => t.canonical),
      playlists: v.playlists,
      title: v.title,
    });
  }
});

async function call(handler: (r: Request) => Promise<Response>, path: string, body: unknown, headers = {}) {
  const response = await handler(post(path, body, headers));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const list = (body: unknown, headers = {}) =>
  call(videos, '/api/videos', body, headers) as Promise<{ status: number; body: VideoGroups }>;
const ids = (videos: Video[] | undefined) => (videos ?? []).map((v) => v.id);

const member = () => signedIn(store, activeMembership());

describe('the sync', () => {
  it('stores every video once, newest first, with unique timestamps', () => {
    expect(ordered).toHaveLength(130);
    expect(new Set(ordered.map((v) => v.timestamp)).size).toBe(130);
    for (let i = 1; i < ordered.length; i++) {
      expect((ordered[i] as { timestamp: number }).timestamp).toBeLessThan(
        (ordered[i - 1] as { timestamp: number }).timestamp,
      );
    }
  });

  it('is idempotent, and removes videos that left the library', async () => {
    const smaller = { ...library, videos: library.videos.slice(0, 128) };
    expect(await replaceLibrary({ store }, smaller)).toMatchObject({ videos: 128, removed: 2 });
    expect(await store.exists(libraryKeys.video('f129'), libraryKeys.detail('f129'))).toBe(0);
    expect(await replaceLibrary({ store }, library)).toMatchObject({ videos: 130, removed: 0 });
    expect(await replaceLibrary({ store }, library)).toMatchObject({ videos: 130, removed: 0 });
    expect(await store.zcard(libraryKeys.latest)).toBe(130);
    expect(await store.zcard(libraryKeys.tag('dilution'))).toBe(
      ordered.filter((v) => v.tags.includes('dilution')).length,
    );
  });
});

describe('POST /api/videos for a visitor', () => {
  it('answers the 25 latest without player ids, whatever maxResults asks', async () => {
    const { status, body } = await list({ maxResults: 100 });
    expect(status).toBe(200);
    expect(ids(body.latest)).toEqual(ordered.slice(0, 25).map((v) => v.id));
    expect(body.latest?.[0]).toEqual({
      id: 'f000',
      vid_id: 'vid_f000',
      title: 'Level 2 Tape Reading #0',
      thumbnail: '/samples/thumbs/level-2.svg',
      timestamp: expect.any(Number),
      duration: 600,
      tags: [
        { canonical: 'level-2', tag: 'LEVEL-2' },
        { canonical: 'scanners', tag: 'SCANNERS' },
      ],
    });
  });

  it('filters only within the 25 latest, and pages end there', async () => {
    const window = ordered.slice(0, 25);
    const { body } = await list({ playlist: 'essentials' });
    expect(ids(body.essentials)).toEqual(
      window.filter((v) => v.playlists.includes('essentials')).map((v) => v.id),
    );
    const last = window[24] as { timestamp: number };
    expect((await list({ more: last.timestamp })).body).toEqual({ latest: [] });
    const tagged = await list({ tags: ['dilution'], search: 'déjà' });
    expect(ids(tagged.body.latest)).toEqual(
      window.filter((v) => v.tags.includes('dilution') && v.title.includes('Déjà')).map((v) => v.id),
    );
  });

  const requests: unknown[] = [
    {},
    { maxResults: 1000 },
    { playlist: 'dd' },
    { playlist: 'frontload_friday', maxResults: 3 },
    { search: 'level' },
    { tags: ['scanners', 'filings'] },
    { more: T0 - 5 * 60_000 },
    { more: String(T0 - 5 * 60_000), tags: ['level-2'], search: 'tape', playlist: 'essentials' },
  ];
  it.each(requests)('never sends a player id: %j', async (request) => {
    const { status, body } = await list(request);
    expect(status).toBe(200);
    const text = JSON.stringify(body);
    expect(text).not.toContain('"uri"');
    expect(text).not.toContain('/videos/9');
  });

  it.each(['f000', 'vid_f000', 'f077', 'f129'])(
    'metadata of %s: card, description, chapters, no player id',
    async (nodeId) => {
      const { status, body } = await call(metadata, '/api/videos/metadata', { nodeId });
      expect(status).toBe(200);
      expect(body.id).toBe(nodeId.replace('vid_', ''));
      expect(body.description).toBe(`About video ${Number(nodeId.slice(-3))}`);
      expect(JSON.stringify(body)).not.toMatch(/"uri"|\/videos\/9|"position"/);
    },
  );

  it('a token that does not verify is refused, not treated as a visitor', async () => {
    const { status } = await list({}, { authorization: 'Bearer abc.def.ghi' });
    expect(status).toBe(401);
  });
});

describe('POST /api/videos for a member', () => {
  it('answers latest, essentials and dd, 100 each at most, with player ids', async () => {
    const { headers } = await member();
    const { status, body } = await list({ maxResults: 100 }, headers);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['dd', 'essentials', 'latest']);
    expect(ids(body.latest)).toEqual(ordered.slice(0, 100).map((v) => v.id));
    expect(ids(body.essentials)).toEqual(
      ordered.filter((v) => v.playlists.includes('essentials')).map((v) => v.id),
    );
    expect(ids(body.dd)).toEqual(ordered.filter((v) => v.playlists.includes('dd')).map((v) => v.id));
    expect(body.latest?.[0]?.uri).toBe('/videos/900000');
  });

  it.each([
    [undefined, 100],
    [1000, 100],
    [101, 100],
    [7, 7],
    ['12', 12],
  ])('maxResults %j gives %i', async (maxResults, expected) => {
    const { headers } = await member();
    const { body } = await list({ maxResults, playlist: 'latest' }, headers);
    expect(body.latest).toHaveLength(expected);
  });

  it('frontload_friday comes when asked for', async () => {
    const { headers } = await member();
    const { body } = await list({ maxResults: 100, playlist: 'frontload_friday' }, headers);
    expect(Object.keys(body)).toEqual(['frontload_friday']);
    expect(ids(body.frontload_friday)).toEqual(
      ordered.filter((v) => v.playlists.includes('frontload_friday')).map((v) => v.id),
    );
  });

  type Case = {
    name: string;
    query: Record<string, unknown>;
    group: string;
    keep: (v: (typeof ordered)[number]) => boolean;
  };
  const cases: Case[] = [
    { name: 'latest', query: {}, group: 'latest', keep: () => true },
    {
      name: 'a playlist',
      query: { playlist: 'essentials' },
      group: 'essentials',
      keep: (v) => v.playlists.includes('essentials'),
    },
    {
      name: 'one tag',
      query: { tags: ['dilution'] },
      group: 'latest',
      keep: (v) => v.tags.includes('dilution'),
    },
    {
      name: 'two tags (either)',
      query: { tags: ['level-2', 'scanners'] },
      group: 'latest',
      keep: (v) => v.tags.includes('level-2') || v.tags.includes('scanners'),
    },
    {
      name: 'tags within a playlist',
      query: { tags: ['filings', 'scanners'], playlist: 'essentials' },
      group: 'essentials',
      keep: (v) =>
        v.playlists.includes('essentials') && (v.tags.includes('filings') || v.tags.includes('scanners')),
    },
    {
      name: 'a search',
      query: { search: '  DEJA vu ' },
      group: 'latest',
      keep: (v) => v.title.includes('Déjà Vu'),
    },
    {
      name: 'a search and a tag',
      query: { search: 'tape', tags: ['scanners'] },
      group: 'latest',
      keep: (v) => v.title.includes('Tape') && v.tags.includes('scanners'),
    },
    {
      name: 'a search, tags and a playlist',
      query: { search: 'friday', tags: ['dilution', 'filings'], playlist: 'dd' },
      group: 'dd',
      keep: (v) =>
        v.title.includes('Friday') &&
        v.playlists.includes('dd') &&
        (v.tags.includes('dilution') || v.tags.includes('filings')),
    },
  ];

  it.each(cases)(
    'paging with more through $name never repeats or skips a video',
    async ({ query, group, keep }) => {
      const { headers } = await member();
      const expected = ordered.filter(keep).map((v) => v.id);
      expect(expected.length).toBeGreaterThan(3);
      const seen: string[] = [];
      let more: number | undefined;
      for (let page = 0; page < 50; page++) {
        const { status, body } = await list(
          { ...query, maxResults: 9, ...(more === undefined ? {} : { more }) },
          headers,
        );
        expect(status).toBe(200);
        const batch = body[group] ?? [];
        if (batch.length === 0) break;
        expect(batch.length).toBeLessThanOrEqual(9);
        seen.push(...ids(batch));
        more = batch.at(-1)?.timestamp;
      }
      expect(seen).toEqual(expected);
    },
  );

  it('an empty search clears the filter; an unknown playlist or tag is an empty list', async () => {
    const { headers } = await member();
    expect(Object.keys((await list({ search: '' }, headers)).body).sort()).toEqual([
      'dd',
      'essentials',
      'latest',
    ]);
    expect((await list({ playlist: 'nope' }, headers)).body).toEqual({ nope: [] });
    expect((await list({ tags: ['no-such-tag'] }, headers)).body).toEqual({ latest: [] });
  });

  it('leaves no scratch keys behind after a tag filter', async () => {
    const { headers } = await member();
    await list({ tags: ['level-2', 'filings'], playlist: 'essentials' }, headers);
    const [, keys] = (await store.scan(0, { match: 'tmp:videos:*', count: 1000 })) as [string, string[]];
    expect(keys).toEqual([]);
  });

  it.each([
    ['maxResults: 0', { maxResults: 0 }],
    ['a tag that is not a canonical name', { tags: ['Level 2'] }],
    ['a playlist id with spaces', { playlist: 'dd dd' }],
    ['more as text', { more: 'yesterday' }],
  ])('rejects %s with 400', async (_name, body) => {
    const { headers } = await member();
    expect((await list(body, headers)).status).toBe(400);
  });
});

describe('member content needs a membership (docs/product.md §4)', () => {
  const cases: Array<[string, (r: Request) => Promise<Response>, string, unknown]> = [
    ['videos', videos, '/api/videos', {}],
    ['videos/metadata', metadata, '/api/videos/metadata', { nodeId: 'f001' }],
    ['videos/progress', progress, '/api/videos/progress', { nodeId: 'f001', position: 10 }],
    ['videos/continue', videosContinue, '/api/videos/continue', {}],
    ['audio', audio, '/api/audio', {}],
    ['stream', stream, '/api/stream', {}],
  ];
  it.each(cases)(
    '%s: 403 { redirect: true } for a signed-in user without one',
    async (_name, handler, path, body) => {
      const { headers } = await signedIn(store, null);
      const answer = await call(handler, path, body, headers);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ error: 'An active membership is required', redirect: true });
    },
  );

  it.each(cases)('%s: 403 once the membership has ended', async (_name, handler, path, body) => {
    const { headers } = await signedIn(store, activeMembership({ status: 'canceled' }));
    expect((await call(handler, path, body, headers)).status).toBe(403);
  });
});

describe('POST /api/videos/metadata for a member', () => {
  it('has the player id, the chapters and no position before watching', async () => {
    const { headers } = await member();
    const { status, body } = await call(metadata, '/api/videos/metadata', { nodeId: 'vid_f000' }, headers);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: 'f000',
      uri: '/videos/900000',
      description: 'About video 0',
      chapters: [
        { title: 'Start', startTime: 0 },
        { title: 'Middle', startTime: 300 },
      ],
    });
    expect(body).not.toHaveProperty('position');
  });

  it('answers 404 for an unknown video', async () => {
    const { headers } = await member();
    expect((await call(metadata, '/api/videos/metadata', { nodeId: 'nope' }, headers)).status).toBe(404);
    expect((await call(metadata, '/api/videos/metadata', { nodeId: 'nope' })).status).toBe(404);
  });
});

describe('resume watching', () => {
  const save = (headers: Record<string, string>, nodeId: string, position: number, duration?: number) =>
    call(progress, '/api/videos/progress', { nodeId, position, ...(duration ? { duration } : {}) }, headers);
  const watching = async (headers: Record<string, string>) =>
    (await call(videosContinue, '/api/videos/continue', {}, headers)).body.videos as Array<
      Video & { position: number }
    >;

  it('keeps the position per member and lists started videos, latest watched first', async () => {
    const alice = await member();
    const bob = await member();
    expect(await watching(alice.headers)).toEqual([]);
    expect((await save(alice.headers, 'f003', 42.26)).body).toEqual({ saved: true });
    await save(alice.headers, 'vid_f007', 120);
    await save(alice.headers, 'f003', 61);
    const meta = await call(metadata, '/api/videos/metadata', { nodeId: 'f003' }, alice.headers);
    expect(meta.body.position).toBe(61);
    expect((await watching(alice.headers)).map((v) => [v.id, v.position])).toEqual([
      ['f003', 61],
      ['f007', 120],
    ]);
    expect((await watching(alice.headers))[0]?.uri).toBe('/videos/900003');
    // Bob sees none of it.
    expect(await watching(bob.headers)).toEqual([]);
    expect(
      (await call(metadata, '/api/videos/metadata', { nodeId: 'f003' }, bob.headers)).body,
    ).not.toHaveProperty('position');
  });

  it('a video watched to the end leaves the list and starts over next time', async () => {
    const { headers } = await member();
    await save(headers, 'f010', 100);
    // The length is the library's (610 s): a player's claim of 24 s changes nothing.
    await save(headers, 'f010', 23.5, 24);
    expect((await watching(headers)).map((v) => v.id)).toEqual(['f010']);
    await save(headers, 'f010', 600);
    expect(await watching(headers)).toEqual([]);
    expect(
      (await call(metadata, '/api/videos/metadata', { nodeId: 'f010' }, headers)).body,
    ).not.toHaveProperty('position');
  });

  it('lists at most 4', async () => {
    const { headers } = await member();
    for (const id of ['f020', 'f021', 'f022', 'f023', 'f024', 'f025']) await save(headers, id, 30);
    expect((await watching(headers)).map((v) => v.id)).toEqual(['f025', 'f024', 'f023', 'f022']);
  });

  it('refuses unknown videos and bad positions', async () => {
    const { headers } = await member();
    expect((await save(headers, 'nope', 10)).status).toBe(404);
    expect((await save(headers, 'f001', -1)).status).toBe(400);
    expect((await call(progress, '/api/videos/progress', { nodeId: 'f001' }, headers)).status).toBe(400);
  });
});

describe('POST /api/audio and /api/stream for a member', () => {
  it('lists the 25 newest tracks, newest first', async () => {
    const { headers } = await member();
    const { status, body } = await call(audio, '/api/audio', {}, headers);
    expect(status).toBe(200);
    const tracks = body.audio as Array<{ track_id: string }>;
    expect(tracks.map((t) => t.track_id)).toEqual(Array.from({ length: 25 }, (_, i) => `ep${i}`));
    expect(tracks[0]).toEqual({
      track_id: 'ep0',
      title: 'Episode 0',
      timestamp: T0,
      uri: '/samples/audio/episode.webm',
    });
  });

  it('gives the live event embed', async () => {
    const { headers } = await member();
    expect((await call(stream, '/api/stream', {}, headers)).body).toEqual({
      stream: { title: 'Live', embed: 'https://vimeo.com/event/123/embed' },
    });
  });
});

// Last: replaces the fixture with the library in content/, as `npm start` does.
describe('seeding the library from content/library', () => {
  it('loads every video once, is a no-op while content is unchanged', async () => {
    expect(await seedLibrary(store, { force: true })).toBe('seeded');
    expect(await seedLibrary(store)).toBe('unchanged');
    expect(await store.zcard(libraryKeys.latest)).toBe(content.videos.length);
    expect(await store.exists(libraryKeys.video('f000'))).toBe(0);
    const { headers } = await member();
    const { body } = await list({ playlist: 'latest', maxResults: 100 }, headers);
    const times = (body.latest ?? []).map((v) => v.timestamp);
    expect(new Set(times).size).toBe(times.length);
    expect(content.videos.length).toBeGreaterThan(100);
  });
});
