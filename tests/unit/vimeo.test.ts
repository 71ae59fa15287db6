import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogContent } from '../../functions/_lib/catalog/content.ts';
import { fetchVimeoVideos, videoId } from '../../functions/_lib/library/vimeo.ts';

// The Vimeo source against a local server answering like the Vimeo API (v3.4): paging, chapters,
// showcases, a rate limit. Every request is recorded and checked.

const requests: Array<{ path: string; headers: IncomingMessage['headers'] }> = [];
let limited = false;

const video = (id: number, extra: Record<string, unknown> = {}) => ({
  uri: `/videos/${id}`,
  name: `Lesson ${id}`,
  description: `About ${id}`,
  duration: 600,
  release_time: `2025-0${(id % 9) + 1}-01T20:00:00+00:00`,
  status: 'available',
  pictures: {
    base_link: `https://i.vimeocdn.com/video/${id}`,
    sizes: [
      { width: 295, link: `https://i.vimeocdn.com/video/${id}_295x166` },
      { width: 1280, link: `https://i.vimeocdn.com/video/${id}_1280x720` },
      { width: 640, link: `https://i.vimeocdn.com/video/${id}_640x360` },
    ],
  },
  tags: [
    { tag: 'level 2', name: 'level 2', canonical: 'level-2' },
    { tag: 'Short Squeeze', name: 'Short Squeeze', canonical: 'short-squeeze' },
  ],
  ...extra,
});

const routes: Record<string, unknown> = {
  '/users/me/videos': {
    data: [video(1), video(2)],
    paging: { next: '/users/me/videos?page=2&per_page=100' },
  },
  '/users/me/videos?page=2': {
    data: [video(3), video(4, { status: 'transcoding' })],
    paging: { next: null },
  },
  '/videos/1/chapters': {
    data: [
      { title: 'Later', timecode: 300 },
      { title: 'Intro', timecode: 0 },
      { title: 'Beyond', timecode: 900 },
    ],
  },
  '/videos/2/chapters': { data: [] },
  '/videos/3/chapters': { data: [{ title: 'Only', timecode: 10 }] },
  '/users/me/albums/555/videos': {
    data: [{ uri: '/videos/3' }, { uri: '/videos/1' }],
    paging: { next: null },
  },
};

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  requests.push({ path: url.pathname + url.search, headers: req.headers });
  if (url.pathname === '/videos/3/chapters' && !limited) {
    limited = true;
    res.writeHead(429, { 'x-ratelimit-reset': new Date(Date.now() + 5_000).toISOString() });
    res.end('{}');
    return;
  }
  const key = url.searchParams.get('page')
    ? `${url.pathname}?page=${url.searchParams.get('page')}`
    : url.pathname;
  const body = routes[key];
  res.writeHead(body ? 200 : 404, { 'content-type': 'application/vnd.vimeo.video+json' });
  res.end(JSON.stringify(body ?? { error: 'not found' }));
});

let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const catalog: CatalogContent = {
  playlists: [
    { id: 'essentials', title: 'Essentials', vimeoShowcase: '555' },
    { id: 'dd', title: 'DD' },
  ],
  tags: [{ canonical: 'level-2', tag: 'Level 2' }],
};

describe('fetchVimeoVideos', () => {
  it('reads every page, chapters and showcases, and maps them to the library', async () => {
    const waits: number[] = [];
    const videos = await fetchVimeoVideos(
      { token: 'secret-token', baseUrl, user: 'me', sleep: async (ms) => void waits.push(ms) },
      catalog,
    );
    expect(videos.map((v) => v.id)).toEqual(['1', '2', '3']);
    expect(videos[0]).toEqual({
      id: '1',
      title: 'Lesson 1',
      thumbnail: 'https://i.vimeocdn.com/video/1_640x360',
      timestamp: Date.parse('2025-02-01T20:00:00Z'),
      duration: 600,
      uri: '/videos/1',
      tags: [
        { canonical: 'level-2', tag: 'Level 2' },
        { canonical: 'short-squeeze', tag: 'Short Squeeze' },
      ],
      playlists: ['essentials'],
      description: 'About 1',
      chapters: [
        { title: 'Intro', startTime: 0 },
        { title: 'Later', startTime: 300 },
      ],
    });
    expect(videos[1]?.playlists).toEqual([]);
    expect(videos[2]?.chapters).toEqual([{ title: 'Only', startTime: 10 }]);
    // One wait on the 429, then the retry succeeded.
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(1_000);
  });

  it('sends the token and the API version with every request', () => {
    expect(requests.length).toBeGreaterThanOrEqual(7);
    for (const { headers } of requests) {
      expect(headers.authorization).toBe('bearer secret-token');
      expect(headers.accept).toBe('application/vnd.vimeo.*+json;version=3.4');
    }
    expect(requests[0]?.path).toMatch(
      /^\/users\/me\/videos\?per_page=100&fields=uri,name,description,duration/,
    );
  });

  it('fails naming the path and status, never the token', async () => {
    const failing = fetchVimeoVideos({ token: 'secret-token', baseUrl, user: 'nobody' }, catalog);
    await expect(failing).rejects.toThrow('Vimeo API /users/nobody/videos answered 404');
    await expect(failing).rejects.not.toThrow(/secret-token/);
  });

  it.each([
    ['/videos/123', '123'],
    ['/videos/123:abcdef', '123'],
  ])('videoId(%s) = %s', (uri, id) => {
    expect(videoId(uri)).toBe(id);
  });
});
