import { describe, expect, it } from 'vitest';
import audio from '../../content/library/audio.json' with { type: 'json' };
import stream from '../../content/library/stream.json' with { type: 'json' };
import videos from '../../content/library/videos.json' with { type: 'json' };
import catalog from '../../content/seed/catalog.json' with { type: 'json' };
import { libraryFromContent } from '../../functions/_lib/library/content.ts';
import { isFinished } from '../../functions/_lib/library/finished.ts';
import { syncSourceFromEnv } from '../../functions/_lib/library/sync-config.ts';
import { planQuery } from '../../functions/_lib/library/videos.ts';
import { cleanChapters, withUniqueTimestamps } from '../../functions/_lib/library/write.ts';
import { allVideos, DASHBOARD_LATEST } from '../../member-app/home/dashboard-data.ts';
import { showUpgradePromo } from '../../member-app/home/plan.ts';
import { clock, minutes } from '../../member-app/videos/format.ts';
import { playerKind } from '../../member-app/videos/player/types.ts';
import { videoPath, videoSlug } from '../../member-app/videos/slug.ts';

describe('videoSlug (docs/product.md §2: lower-cased, spaces to hyphens, non-alphanumerics removed)', () => {
  it.each([
    ['Level 2 Basics', 'level-2-basics'],
    ['Start Here: A Tour of the Video Library', 'start-here-a-tour-of-the-video-library'],
    ["Don't Chase $ABCD!", 'dont-chase-abcd'],
    ['DD: Reading a 10-K Without Falling Asleep', 'dd-reading-a-10-k-without-falling-asleep'],
    ['Two  spaces', 'two--spaces'],
    ['Level 2 - Basics', 'level-2---basics'],
    ['Déjà Vu', 'dj-vu'],
    ['Tabs\tand\nnewlines', 'tabsandnewlines'],
    ['  padded  ', '--padded--'],
    ['UPPER_snake', 'uppersnake'],
    ['', ''],
  ])('%j → %j', (title, slug) => {
    expect(videoSlug(title)).toBe(slug);
  });

  it('links drop the vid_ prefix', () => {
    expect(videoPath({ id: 'vid_123', title: 'A B' })).toBe('/videos/watch/123/a-b');
    expect(videoPath({ id: '123', title: 'A B' })).toBe('/videos/watch/123/a-b');
  });
});

describe('withUniqueTimestamps (the paging cursor must be unique)', () => {
  it.each([
    [
      'already unique',
      [
        ['a', 30],
        ['b', 20],
        ['c', 10],
      ],
      [
        ['a', 30],
        ['b', 20],
        ['c', 10],
      ],
    ],
    [
      'a tie is broken by id, 1 ms earlier',
      [
        ['b', 20],
        ['a', 20],
      ],
      [
        ['a', 20],
        ['b', 19],
      ],
    ],
    [
      'a run of ties pushes into the next',
      [
        ['a', 20],
        ['b', 20],
        ['c', 20],
        ['d', 18],
      ],
      [
        ['a', 20],
        ['b', 19],
        ['c', 18],
        ['d', 17],
      ],
    ],
    [
      'unsorted input comes out newest first',
      [
        ['x', 1],
        ['y', 3],
        ['z', 2],
      ],
      [
        ['y', 3],
        ['z', 2],
        ['x', 1],
      ],
    ],
  ] as Array<[string, Array<[string, number]>, Array<[string, number]>]>)('%s', (_name, input, expected) => {
    const out = withUniqueTimestamps(input.map(([id, timestamp]) => ({ id, timestamp })));
    expect(out.map((v) => [v.id, v.timestamp])).toEqual(expected);
  });
});

describe('isFinished (resume watching forgets a video watched to the end)', () => {
  it.each([
    [0, 600, false],
    [569, 600, false],
    [570, 600, true],
    [3569, 3600, false],
    [3570, 3600, true],
    [22.7, 24, false],
    [22.8, 24, true],
    [10, 0, false],
  ])('position %d of %d → %s', (position, length, finished) => {
    expect(isFinished(position, length)).toBe(finished);
  });
});

describe('planQuery', () => {
  it.each([
    [{}, true, 100],
    [{ maxResults: 1000 }, true, 100],
    [{ maxResults: 7 }, true, 7],
    [{ maxResults: 100 }, false, 25],
    [{}, false, 25],
    [{ maxResults: 3.9 }, false, 3],
  ])('%j (member: %s) → %i a list', (query, member, limit) => {
    expect(planQuery(query, member).limit).toBe(limit);
  });

  it.each([
    [{}, ['latest', 'essentials', 'dd']],
    [{ search: '   ' }, ['latest', 'essentials', 'dd']],
    [{ playlist: 'latest' }, ['latest']],
    [{ playlist: 'frontload_friday' }, ['frontload_friday']],
    [{ tags: ['dilution'] }, ['latest']],
    [{ more: 5 }, ['latest']],
    [{ search: 'x', playlist: 'dd' }, ['dd']],
    [{ alsoPlaylists: ['frontload_friday', 'dd'] }, ['latest', 'essentials', 'dd', 'frontload_friday']],
    [{ alsoPlaylists: ['frontload_friday'], playlist: 'dd' }, ['dd']],
  ])('%j answers %j', (query, groups) => {
    expect(planQuery(query, true).groups).toEqual(groups);
  });

  it('folds the search into words', () => {
    expect(planQuery({ search: '  Déjà  VU ' }, true).words).toEqual(['deja', 'vu']);
  });
});

describe('the dashboard', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  const DAY = 86_400_000;
  it.each([
    ['monthly', false, true],
    ['monthly', true, false],
    ['yearly', false, false],
    ['free', false, false],
    [null, false, true],
  ] as const)('promo for plan %s (dismissed: %s) → %s', (plan, dismissed, shown) => {
    expect(showUpgradePromo({ plan, memberSince: now - 30 * DAY }, dismissed, now)).toBe(shown);
  });

  it('no promo in the first week after the first payment, from its first second to its last', () => {
    expect(showUpgradePromo({ plan: 'monthly', memberSince: now - 1000 }, false, now)).toBe(false);
    expect(showUpgradePromo({ plan: 'monthly', memberSince: now - 7 * DAY + 1 }, false, now)).toBe(false);
    expect(showUpgradePromo({ plan: 'monthly', memberSince: now - 7 * DAY }, false, now)).toBe(true);
    // An unknown first payment (an older record) does not hide it.
    expect(showUpgradePromo({ plan: 'monthly', memberSince: null }, false, now)).toBe(true);
  });

  const latest = Array.from({ length: 20 }, (_, i) => ({ id: `v${i}` }));
  it('All Videos: 8 from the 4th on, never the 3 Latest Videos again', () => {
    const all = allVideos(latest as never).map((v) => v.id);
    expect(all).toEqual(['v3', 'v4', 'v5', 'v6', 'v7', 'v8', 'v9', 'v10']);
    const shownLatest = latest.slice(0, DASHBOARD_LATEST).map((v) => v.id);
    expect(all.filter((id) => shownLatest.includes(id))).toEqual([]);
    expect(allVideos(latest.slice(0, 5) as never).map((v) => v.id)).toEqual(['v3', 'v4']);
    expect(allVideos(latest.slice(0, 3) as never)).toEqual([]);
  });
});

describe('formatting and players', () => {
  it.each([
    [24, '1 min'],
    [89, '1 min'],
    [90, '2 min'],
    [1500, '25 min'],
  ])('%d s is %s', (seconds, text) => {
    expect(minutes(seconds)).toBe(text);
  });

  it.each([
    [0, '0:00'],
    [65, '1:05'],
    [3723, '1:02:03'],
  ])('clock(%d) = %s', (seconds, text) => {
    expect(clock(seconds)).toBe(text);
  });

  it.each([
    ['/videos/123456789', 'vimeo'],
    ['/videos/123456789:abcdef12', 'vimeo'],
    ['/samples/clips/lesson-a.webm', 'file'],
    ['/videos/not-a-number', 'file'],
  ])('%s plays in the %s player', (uri, kind) => {
    expect(playerKind(uri)).toBe(kind);
  });
});

describe('content/library', () => {
  const files = { videos, audio, stream };

  it('is valid, with more than 100 videos for paging and chapters inside each video', () => {
    const library = libraryFromContent(files, catalog);
    expect(library.videos.length).toBeGreaterThan(100);
    expect(library.audio.length).toBeGreaterThan(25);
    for (const video of library.videos) {
      for (const chapter of video.chapters) expect(chapter.startTime).toBeLessThan(video.duration);
      expect(video.thumbnail).toMatch(/^\/samples\/thumbs\/[\w-]+\.svg$/);
    }
    expect(library.stream?.embed).toMatch(/^\/samples\//);
  });

  it.each([
    ['an unknown tag', { tags: ['nope'] }, /unknown tag "nope"/],
    ['an unknown playlist', { playlists: ['nope'] }, /unknown playlist "nope"/],
    ['a date without a zone', { published: '2025-01-01 10:00' }, /published: use an ISO date-time/],
    ['an unknown field', { colour: 'red' }, /Unrecognized key/],
    [
      'a player id that is neither a path nor a Vimeo video',
      { uri: 'vimeo:123' },
      /uri: use \/videos\/\{vimeo id\}/,
    ],
  ])('names the file and field for %s', (_name, change, message) => {
    const [first, ...rest] = videos.videos;
    const broken = { videos: [{ ...first, ...change }, ...rest] };
    expect(() => libraryFromContent({ ...files, videos: broken }, catalog)).toThrow(message);
  });

  it('names past sessions by a playlist the catalog knows', () => {
    expect(libraryFromContent(files, catalog).stream?.recordingsPlaylist).toBe('frontload_friday');
    const broken = { ...stream, recordingsPlaylist: 'old_streams' };
    expect(() => libraryFromContent({ ...files, stream: broken }, catalog)).toThrow(
      'content/library/stream.json recordingsPlaylist: unknown playlist "old_streams"',
    );
  });

  it('refuses an id used twice', () => {
    const broken = { videos: [videos.videos[0], videos.videos[0]] };
    expect(() => libraryFromContent({ ...files, videos: broken }, catalog)).toThrow(/used twice/);
  });

  it('keeps chapters in order and inside the video', () => {
    expect(
      cleanChapters(
        [
          { title: 'b', startTime: 30 },
          { title: 'a', startTime: 0 },
          { title: 'late', startTime: 99 },
        ],
        60,
      ),
    ).toEqual([
      { title: 'a', startTime: 0 },
      { title: 'b', startTime: 30 },
    ]);
  });
});

describe('syncSourceFromEnv', () => {
  it('uses content/ without a Vimeo token', () => {
    expect(syncSourceFromEnv({})).toEqual({ kind: 'content' });
  });

  it('uses Vimeo with a token', () => {
    expect(syncSourceFromEnv({ VIMEO_ACCESS_TOKEN: 'tok', VIMEO_USER: '12345' })).toEqual({
      kind: 'vimeo',
      vimeo: { token: 'tok', baseUrl: 'https://api.vimeo.com', user: '12345' },
    });
  });

  it('names a bad setting without its value', () => {
    expect(() => syncSourceFromEnv({ VIMEO_ACCESS_TOKEN: 'tok', VIMEO_API_URL: 'not a url' })).toThrow(
      /VIMEO_API_URL/,
    );
    expect(() => syncSourceFromEnv({ VIMEO_ACCESS_TOKEN: 'tok', VIMEO_API_URL: 'not a url' })).not.toThrow(
      /not a url/,
    );
  });
});
