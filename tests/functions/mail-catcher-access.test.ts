import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailerFor, suiteMailCatcher } from '../support/mail-catcher.ts';
import { type RawAnswer, rawRequest, readAnswer } from '../support/raw-http.ts';

/**
 * The local mail inbox (`npm start`'s catcher, MailDev behind scripts/local/mail-access.ts) holds
 * every email the product sent, reset and sign-in links among them. Only a request naming this
 * machine and the inbox's port, not from a page of another origin, with this run's key, reads it:
 * its page, its REST API and socket.io's live updates alike. A page of another site reaching the
 * port by DNS rebinding sends its own Host and a matching Origin; another server on localhost is the
 * same site (its requests carry SameSite=Strict cookies) but another origin.
 */
const catcher = suiteMailCatcher();
const SECRET = `https://otcedge.example/reset?token=${randomUUID()}`;
const to = `reader-${randomUUID().slice(0, 8)}@example.com`;
let port: number;
let id: string;

const own = () => `localhost:${port}`;
const REBIND = () => `rebind.attacker.example:${port}`;
/** The cookie the key link sets, as the browser sends it back. */
const cookie = () => `otc-mail-${port}=${catcher.key}`;

type Answer = RawAnswer;

/** A request to this machine with any Host (fetch sets its own); undefined headers are left out. */
const send = (method: string, path: string, headers: Record<string, string | undefined>): Promise<Answer> =>
  rawRequest(port, method, path, defined(headers));

/** A WebSocket handshake for socket.io's live updates: 101 when it is taken, else the refusal. */
function upgrade(headers: Record<string, string | undefined>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      path: '/socket.io/?EIO=4&transport=websocket',
      headers: defined({
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': Buffer.from(randomUUID().slice(0, 16)).toString('base64'),
        ...headers,
      }),
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body: '' });
    });
    req.on('response', (res) => {
      readAnswer(res).then(resolve, reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function defined(headers: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
}

/** Access-Control-* headers of an answer: none may ever be granted. */
const cors = (answer: Answer) =>
  Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'));

beforeAll(async () => {
  port = Number(new URL(catcher.webUrl).port);
  await mailerFor(catcher.smtpPort).send({
    to,
    subject: 'Reset your password',
    html: `<p><a href="${SECRET}">Reset</a></p>`,
    text: `Reset: ${SECRET}`,
  });
  id = (await catcher.received(to))[0]?.id ?? '';
  expect(id).not.toBe('');
});

// Functions: the port and the message are known once the catcher runs.
const routes: Array<[string, () => string]> = [
  ['the inbox page', () => '/'],
  ['a page of the inbox app', () => `/email/${id}`],
  ['the list of every email', () => '/api/email'],
  ['the summaries', () => '/api/email/summary'],
  ['one email', () => `/api/email/${id}`],
  ['its HTML', () => `/api/email/${id}/html`],
  ['its source', () => `/api/email/${id}/source`],
  ['the health check', () => '/api/healthz'],
  ['socket.io (polling)', () => '/socket.io/?EIO=4&transport=polling'],
];

describe('the inbox refuses, answers no CORS and leaks nothing', () => {
  const browser = () => ({ host: own(), accept: 'text/html,application/json', 'sec-fetch-site': 'none' });
  const cases: Array<[string, number, () => Record<string, string | undefined>]> = [
    ['no key', 401, () => ({})],
    ['a wrong key in the cookie', 401, () => ({ cookie: `otc-mail-${port}=${'A'.repeat(43)}` })],
    ['a wrong Bearer key', 401, () => ({ authorization: `Bearer ${'A'.repeat(43)}` })],
    ['the key under another port’s cookie name', 401, () => ({ cookie: `otc-mail-1080=${catcher.key}` })],
    [
      'the key, under another Host with a matching Origin (DNS rebinding)',
      403,
      () => ({ host: REBIND(), origin: `http://${REBIND()}`, cookie: cookie() }),
    ],
    [
      'the key, under another Host with no Origin',
      403,
      () => ({ host: REBIND(), 'sec-fetch-site': undefined, authorization: `Bearer ${catcher.key}` }),
    ],
    [
      'the key, from another localhost page (same site, other origin)',
      403,
      () => ({ origin: 'http://localhost:3000', 'sec-fetch-site': 'same-site', cookie: cookie() }),
    ],
    [
      'the key, from another site',
      403,
      () => ({ origin: 'http://evil.example', 'sec-fetch-site': 'cross-site', cookie: cookie() }),
    ],
    [
      'the key, from a same-site page sending no Origin',
      403,
      () => ({ 'sec-fetch-site': 'same-site', cookie: cookie() }),
    ],
  ];
  for (const [route, path] of routes) {
    it.each(cases)(`${route} with %s: %i`, async (_, status, changed) => {
      const answer = await send('GET', path(), { ...browser(), ...changed() });
      expect(answer.status).toBe(status);
      expect(answer.body).not.toContain(SECRET);
      expect(answer.body).not.toContain('Reset your password');
      expect(cors(answer)).toEqual([]);
      expect(answer.headers['set-cookie']).toBeUndefined();
      expect(JSON.parse(answer.body).error).toMatch(/mail inbox|key/);
    });
  }

  it('a DNS-rebinding page is told where the inbox is, not its key', async () => {
    const answer = await send('GET', '/', { host: REBIND(), origin: `http://${REBIND()}` });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body).error).toBe(
      `The mail inbox is served on this machine only: open the inbox link printed at start (http://localhost:${port}/?key=…)`,
    );
    expect(answer.body).not.toContain(catcher.key);
  });

  it('a preflight from another origin is granted nothing', async () => {
    for (const origin of ['http://evil.example', 'http://localhost:3000']) {
      const answer = await send('OPTIONS', '/api/email', {
        host: own(),
        origin,
        'access-control-request-method': 'DELETE',
        'access-control-request-headers': 'authorization',
        'sec-fetch-site': 'cross-site',
      });
      expect(answer.status).toBe(403);
      expect(cors(answer)).toEqual([]);
    }
  });

  it('a wrong key link sets no cookie and lets nothing through', async () => {
    const answer = await send('GET', `/?key=${'A'.repeat(43)}`, browser());
    expect(answer.status).toBe(401);
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.headers.location).toBeUndefined();
  });

  it('nothing is deleted without the key', async () => {
    for (const [method, path] of [
      ['DELETE', `/api/email/${id}`],
      ['DELETE', '/api/email/all'],
    ] as const) {
      expect((await send(method, path, { host: own(), origin: 'http://evil.example' })).status).toBe(403);
      expect((await send(method, path, { host: own() })).status).toBe(401);
    }
    expect((await catcher.received(to)).map((m) => m.id)).toEqual([id]);
  });
});

describe('socket.io’s live updates over WebSocket', () => {
  it.each([
    ['no key', 401, () => ({ origin: `http://${own()}` })],
    ['a wrong key', 401, () => ({ origin: `http://${own()}`, cookie: `otc-mail-${port}=${'A'.repeat(43)}` })],
    [
      'the key, under another Host (DNS rebinding)',
      403,
      () => ({ host: REBIND(), origin: `http://${REBIND()}`, cookie: cookie() }),
    ],
    [
      'the key, from another localhost page',
      403,
      () => ({ origin: 'http://localhost:3000', cookie: cookie() }),
    ],
    ['the key, from another site', 403, () => ({ origin: 'http://evil.example', cookie: cookie() })],
  ])('a handshake with %s is refused: %i', async (_, status, changed) => {
    const answer = await upgrade({ host: own(), ...changed() });
    expect(answer.status).toBe(status);
    expect(cors(answer)).toEqual([]);
  });

  it('the inbox’s own page, with the key, is taken (101)', async () => {
    const answer = await upgrade({ host: own(), origin: `http://${own()}`, cookie: cookie() });
    expect(answer.status).toBe(101);
  });
});

describe('with this run’s key', () => {
  it('the key link sets the cookie (HttpOnly, SameSite=Strict, named with the port) and opens the inbox', async () => {
    const link = new URL(catcher.inboxLink);
    expect(link.origin).toBe(`http://localhost:${port}`);
    expect(link.searchParams.get('key')).toBe(catcher.key);
    const opened = await send('GET', `${link.pathname}${link.search}`, {
      host: own(),
      accept: 'text/html',
      'sec-fetch-site': 'none',
    });
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe('/');
    expect(opened.headers['set-cookie']).toEqual([
      `otc-mail-${port}=${catcher.key}; Path=/; HttpOnly; SameSite=Strict`,
    ]);
    const page = await send('GET', '/', {
      host: own(),
      accept: 'text/html',
      'sec-fetch-site': 'none',
      cookie: opened.headers['set-cookie']?.[0]?.split(';')[0],
    });
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/^<!doctype html>/i);
  });

  it('the key link keeps the rest of its address', async () => {
    const opened = await send('GET', `/api/email?key=${catcher.key}&sort=asc`, { host: own() });
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe('/api/email?sort=asc');
  });

  it.each([
    ['the cookie, on localhost', () => ({ host: own(), cookie: cookie() })],
    [
      'the cookie, on 127.0.0.1, from its own origin',
      () => ({
        host: `127.0.0.1:${port}`,
        origin: `http://127.0.0.1:${port}`,
        'sec-fetch-site': 'same-origin',
        cookie: cookie(),
      }),
    ],
    ['a Bearer header, on [::1]', () => ({ host: `[::1]:${port}`, authorization: `Bearer ${catcher.key}` })],
  ])('%s: the inbox reads every email, with no CORS headers', async (_, headers) => {
    const list = await send('GET', '/api/email', headers());
    expect(list.status).toBe(200);
    expect(list.body).toContain(SECRET);
    expect(cors(list)).toEqual([]);
    const html = await send('GET', `/api/email/${id}/html`, headers());
    expect(html.status).toBe(200);
    expect(html.body).toContain(SECRET);
    expect(cors(html)).toEqual([]);
    const polling = await send('GET', '/socket.io/?EIO=4&transport=polling', headers());
    expect(polling.status).toBe(200);
    expect(cors(polling)).toEqual([]);
  });
});
