import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REQUEST_BYTES } from '../../functions/_lib/http/json-response.ts';
import { startEditorSandbox } from '../../scripts/local/editor-sandbox.ts';
import { GIF, HTML, JPEG, PNG, SCRIPT, SVG, WEBP } from '../support/image-files.ts';
import { type RawAnswer, rawRequest } from '../support/raw-http.ts';

/**
 * The content editor's local backend (/admin/api/v1 behind `npm start`) on a throw-away copy of the
 * project: only the editor's own page, on this machine's names, with this run's key, reads and writes
 * content/ and the article images, and nothing else of the working tree. A page of another site
 * reaching the port by DNS rebinding sends its own Host and a matching Origin.
 */
let sandbox: Awaited<ReturnType<typeof startEditorSandbox>>;
let port: number;
/** The editor page's cookie ("name=key"), as the browser sends it back. */
let key: string;
const SECRET = 'do-not-leak-3f9c';
const REBIND = () => `rebind.attacker.example:${port}`;
const file = (name: string) => path.join(sandbox.root, name);

type Answer = RawAnswer;

/** A request with any Host (fetch sets its own), to this machine. */
function send(
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  return rawRequest(port, method, pathname, headers, body === undefined ? undefined : JSON.stringify(body));
}

/** A backend call as the editor page makes it, with headers changed or removed (undefined). */
function call(body: unknown, change: Record<string, string | undefined> = {}): Promise<Answer> {
  const origin = `http://localhost:${port}`;
  const headers: Record<string, string | undefined> = {
    host: `localhost:${port}`,
    origin,
    'sec-fetch-site': 'same-origin',
    'content-type': 'application/json; charset=utf-8',
    cookie: key,
    ...change,
  };
  const sent = Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
  return send('POST', '/admin/api/v1', sent, body);
}

const branch = 'main';
const options = { commitMessage: 'Update', useWorkflow: false, status: 'draft' };
const getEntry = (p: string) => ({ action: 'getEntry', params: { branch, path: p } });
const persist = (p: string, raw = 'written\n') => ({
  action: 'persistEntry',
  params: { branch, dataFiles: [{ slug: 'x', path: p, raw }], assets: [], options },
});
/** An upload from the editor's media library. */
const upload = (p: string, bytes: Buffer) => ({
  action: 'persistMedia',
  params: {
    branch,
    asset: { path: p, content: bytes.toString('base64'), encoding: 'base64' },
    options: { commitMessage: 'Upload' },
  },
});

beforeAll(async () => {
  sandbox = await startEditorSandbox();
  port = Number(new URL(sandbox.url).port);
  // What `npm start` keeps in .data/ (the copy has none): the store's token, the provider's key.
  mkdirSync(file('.data/oidc'), { recursive: true });
  writeFileSync(file('.data/store.json'), JSON.stringify({ url: 'http://127.0.0.1:1', token: SECRET }));
  writeFileSync(file('.data/oidc/jwks.json'), JSON.stringify({ keys: [{ kty: 'RSA', d: SECRET }] }));
  // Links inside the editable folders leading out of them.
  symlinkSync('../.data/store.json', file('content/leak.md'));
  symlinkSync('../functions', file('content/out'));
  symlinkSync('../.data/planted.txt', file('content/dangling.md'));
  // The editor page as the build writes it: a fresh clone has no dist/ before the browser journeys.
  if (!existsSync(file('dist/admin/index.html'))) {
    mkdirSync(file('dist/admin'), { recursive: true });
    writeFileSync(file('dist/admin/index.html'), '<!doctype html><title>Content editor</title>\n');
  }
  const page = await send('GET', '/admin/', { host: `localhost:${port}` });
  key = [page.headers['set-cookie'] ?? []].flat()[0]?.split(';')[0] ?? '';
}, 120_000);

afterAll(async () => {
  await sandbox?.stop();
});

describe('the content editor page', () => {
  it('hands this run’s key to the editor page, HttpOnly, SameSite=Strict, for /admin/ only', async () => {
    const page = await send('GET', '/admin/', { host: `127.0.0.1:${port}` });
    expect(page.status).toBe(200);
    const [cookie] = [page.headers['set-cookie'] ?? []].flat();
    expect(cookie).toMatch(
      new RegExp(`^otc-editor-${port}=[\\w-]{43}; Path=/admin/; HttpOnly; SameSite=Strict$`),
    );
  });

  it('is refused to another host name, without the key', async () => {
    const page = await send('GET', '/admin/', { host: REBIND() });
    expect(page.status).toBe(403);
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(JSON.parse(page.body).error).toContain(`http://localhost:${port}/admin/`);
  });
});

describe('the content editor backend refuses, writes nothing and leaks nothing', () => {
  // Functions: the port is known once the sandbox runs.
  it.each([
    [
      'another Host with a matching Origin (DNS rebinding)',
      () => ({ host: REBIND(), origin: `http://${REBIND()}` }),
    ],
    [
      'another Host with no Origin',
      () => ({ host: REBIND(), origin: undefined, 'sec-fetch-site': undefined }),
    ],
    ['no key', () => ({ cookie: undefined })],
    ['a wrong key', () => ({ cookie: `${key.split('=')[0]}=${'A'.repeat(43)}` })],
    ['another localhost page (same site, other origin)', () => ({ origin: 'http://localhost:3000' })],
    ['a cross-site fetch', () => ({ 'sec-fetch-site': 'same-site' })],
  ])('a call with %s', async (_, changed) => {
    const change = changed();
    const read = await call(getEntry('content/pages/faq.md'), change);
    expect(read.status).toBe(403);
    expect(read.body).not.toContain('FAQ');
    const before = readFileSync(file('content/pages/faq.md'), 'utf8');
    const write = await call(persist('content/pages/faq.md'), change);
    expect(write.status).toBe(403);
    expect(readFileSync(file('content/pages/faq.md'), 'utf8')).toBe(before);
  });

  it.each([
    '.data/store.json',
    '.data/oidc/jwks.json',
    'content/../.data/store.json',
    '../otc-outside.txt',
    '/etc/hostname',
    'content/leak.md',
    'astro.config.mjs',
  ])('reading %s', async (p) => {
    const answer = await call(getEntry(p));
    expect(answer.status).toBe(403);
    expect(answer.body).not.toContain(SECRET);
    expect(JSON.parse(answer.body).error).toMatch(/params\.path: must be a relative path inside content\//);
  });

  it.each([
    ['entriesByFolder', { folder: '.data', extension: 'json', depth: 2 }],
    ['entriesByFiles', { files: [{ path: 'content/pages/faq.md' }, { path: '.data/store.json' }] }],
    ['getMedia', { mediaFolder: '.data/oidc' }],
    ['getMediaFile', { path: '.data/oidc/jwks.json' }],
  ])('listing or reading outside with %s', async (action, params) => {
    const answer = await call({ action, params: { branch, ...params } });
    expect(answer.status).toBe(403);
    expect(answer.body).not.toContain(SECRET);
  });

  it.each([
    ['astro.config.mjs', persist('astro.config.mjs', 'export default {};\n')],
    ['functions/_lib/SEC-PROBE.txt', persist('functions/_lib/SEC-PROBE.txt')],
    ['functions/SEC-PROBE.txt', persist('content/out/SEC-PROBE.txt')],
    ['.data/planted.txt', persist('content/dangling.md')],
    ['../otc-escaped.txt', persist('../otc-escaped.txt')],
    [
      'functions/_lib/SEC-PROBE.txt',
      {
        action: 'persistMedia',
        params: {
          branch,
          asset: { path: 'functions/_lib/SEC-PROBE.txt', content: 'eA==', encoding: 'base64' },
          options,
        },
      },
    ],
  ])('writing %s', async (target, body) => {
    const before = existsSync(file(target)) ? readFileSync(file(target), 'utf8') : null;
    const answer = await call(body);
    expect(answer.status).toBe(403);
    expect(existsSync(file(target)) ? readFileSync(file(target), 'utf8') : null).toBe(before);
  });

  it('a save with one file inside and an image outside: neither is written', async () => {
    const before = readFileSync(file('content/pages/faq.md'), 'utf8');
    const answer = await call({
      action: 'persistEntry',
      params: {
        branch,
        dataFiles: [{ slug: 'faq', path: 'content/pages/faq.md', raw: 'written\n' }],
        assets: [{ path: 'functions/_lib/SEC-PROBE.png', content: 'eA==', encoding: 'base64' }],
        options,
      },
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body).error).toContain('params.assets.0.path');
    expect(readFileSync(file('content/pages/faq.md'), 'utf8')).toBe(before);
    expect(existsSync(file('functions/_lib/SEC-PROBE.png'))).toBe(false);
  });

  it.each([
    ['deleteFile', { path: 'astro.config.mjs', options }],
    ['deleteFiles', { paths: ['content/pages/terms.md', 'astro.config.mjs'], options }],
  ])('deleting with %s', async (action, params) => {
    const answer = await call({ action, params: { branch, ...params } });
    expect(answer.status).toBe(403);
    expect(existsSync(file('astro.config.mjs'))).toBe(true);
    expect(existsSync(file('content/pages/terms.md'))).toBe(true);
  });

  it.each([
    ['an unknown action', { action: 'runCommand', params: { branch } }],
    ['a body that is no call at all', ['getEntry', '.data/store.json']],
    [
      'the editorial workflow (decap-server’s git mode)',
      { action: 'unpublishedEntries', params: { branch } },
    ],
    [
      'a rename',
      {
        action: 'persistEntry',
        params: {
          branch,
          dataFiles: [
            { slug: 'faq', path: 'content/pages/faq.md', raw: 'x', newPath: 'content/pages/faq2.md' },
          ],
          assets: [],
          options,
        },
      },
    ],
  ])('%s', async (_, body) => {
    const answer = await call(body);
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body).error).toMatch(/^Refused: /);
  });
});

/** A chunked POST (no length) that stops sending past `bytes` and never ends: the answer must come anyway. */
function chunkedUpload(pathname: string, headers: Record<string, string>, bytes: number) {
  return new Promise<{ status: number; connection: string | undefined; closed: Promise<void> }>(
    (resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: pathname,
        headers: {
          host: `localhost:${port}`,
          'content-type': 'application/json',
          'transfer-encoding': 'chunked',
          ...headers,
        },
      });
      const timer = setTimeout(() => {
        req.destroy();
        reject(new Error('no answer while the body was still coming: it is being read whole'));
      }, 10_000);
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (sent < bytes) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
      };
      // The server closes the connection with the body unfinished: expected.
      req.on('error', () => {});
      req.on('response', (res) => {
        clearTimeout(timer);
        res.resume();
        const closed = new Promise<void>((done) => req.socket?.once('close', () => done()));
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, closed });
      });
      pump();
    },
  );
}

describe('bodies over the limit, sent in chunks with no length', () => {
  it('a function call past 6 MB gets a 413 as it arrives, and the connection is closed', async () => {
    const answer = await chunkedUpload('/api/promo', {}, MAX_REQUEST_BYTES + 2 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe('close');
    await answer.closed;
  });

  it('an editor call past its own limit likewise', async () => {
    const headers = { origin: `http://localhost:${port}`, cookie: key };
    const answer = await chunkedUpload('/admin/api/v1', headers, 12 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe('close');
    await answer.closed;
  });
});

describe('the editor page’s own calls', () => {
  it('read and write content/ and the article images', async () => {
    const read = await call(getEntry('content/pages/faq.md'));
    expect(read.status).toBe(200);
    expect(JSON.parse(read.body).data).toContain('title: FAQ');
    expect(read.headers['x-content-type-options']).toBe('nosniff');

    const listed = await call({
      action: 'entriesByFolder',
      params: { branch, folder: 'content/articles', extension: 'md', depth: 1 },
    });
    expect(listed.status).toBe(200);
    expect(JSON.parse(listed.body).length).toBeGreaterThan(0);

    const raw = '---\ntitle: Probe\n---\n';
    expect((await call(persist('content/pages/probe.md', raw))).status).toBe(200);
    expect(readFileSync(file('content/pages/probe.md'), 'utf8')).toBe(raw);

    expect((await call(upload('site/public/images/articles/probe.webp', WEBP))).status).toBe(200);
    expect(readFileSync(file('site/public/images/articles/probe.webp'))).toEqual(WEBP);
  });
});

describe('uploads are images only, checked by name and content', () => {
  const media = (name: string) => `site/public/images/articles/${name}`;

  it.each([
    ['an HTML page', 'evil.html', HTML, /\.html files are not taken: only images \(\.png, \.jpg/],
    ['a script', 'app.js', SCRIPT, /\.js files are not taken/],
    ['an HTML page named .png', 'page.png', HTML, /named \.png but its content is not a PNG image/],
    ['an SVG', 'logo.svg', SVG, /SVG is not taken: an SVG file can carry script/],
    ['a JPEG named .png', 'photo.png', JPEG, /named \.png but is a JPEG image: name it \.jpg/],
  ])('%s is refused with the file named, and nothing is written', async (_, name, bytes, reason) => {
    const answer = await call(upload(media(name), bytes));
    expect(answer.status).toBe(415);
    const { error } = JSON.parse(answer.body) as { error: string };
    expect(error).toMatch(new RegExp(`^Refused: ${name.replace('.', '\\.')} was not uploaded: `));
    expect(error).toMatch(reason);
    expect(existsSync(file(media(name)))).toBe(false);
  });

  it('an entry saved with an HTML page named .png: neither the entry nor the file is written', async () => {
    const before = readFileSync(file('content/pages/faq.md'), 'utf8');
    const answer = await call({
      action: 'persistEntry',
      params: {
        branch,
        dataFiles: [{ slug: 'faq', path: 'content/pages/faq.md', raw: 'written\n' }],
        assets: [
          { path: media('fine.png'), content: PNG.toString('base64'), encoding: 'base64' },
          { path: media('cover.png'), content: HTML.toString('base64'), encoding: 'base64' },
        ],
        options,
      },
    });
    expect(answer.status).toBe(415);
    expect(JSON.parse(answer.body).error).toBe(
      'Refused: cover.png was not uploaded: it is named .png but its content is not a PNG image (it is text or markup)',
    );
    expect(readFileSync(file('content/pages/faq.md'), 'utf8')).toBe(before);
    expect(existsSync(file(media('fine.png')))).toBe(false);
    expect(existsSync(file(media('cover.png')))).toBe(false);
  });

  it.each([
    ['an entry written into the media folder', persist(media('entry.html'), HTML.toString())],
    ['an upload into content/', upload('content/pages/upload.png', PNG)],
  ])('%s is refused: entries live in content/, uploads in the media folder', async (_, body) => {
    const answer = await call(body);
    expect(answer.status).toBe(403);
    expect(existsSync(file(media('entry.html')))).toBe(false);
    expect(existsSync(file('content/pages/upload.png'))).toBe(false);
  });

  it.each([
    ['a PNG', 'probe.png', PNG],
    ['a JPEG', 'probe.jpg', JPEG],
    ['a GIF', 'probe.gif', GIF],
  ])('%s is taken and written as sent', async (_, name, bytes) => {
    const answer = await call(upload(media(name), bytes));
    expect(answer.status).toBe(200);
    expect(readFileSync(file(media(name)))).toEqual(bytes);
  });
});
