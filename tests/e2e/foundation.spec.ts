import http from 'node:http';
import net from 'node:net';
import type { Response } from '@playwright/test';
import { createClient } from 'redis';
import { inlineScripts } from '../../site/lib/content-security-policy.ts';
import { signInNewMember } from './support/members.ts';
import { scriptsOf } from './support/scripts.ts';
import { expect, test } from './support/test.ts';

/** A request no HTTP client sends (a header line without a colon): the server's parser refuses it. */
function malformedRequest(origin: string): Promise<{ status: number; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(origin);
    const socket = net.connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers });
    });
    socket.end('GET / HTTP/1.1\r\nHost: localhost\r\nthis is not a header\r\n\r\n');
  });
}

/** A request the browser APIs cannot make (a GET with a body, a lying content-length). */
function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | Buffer,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, process.env.E2E_BASE_URL), { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    // The server may close while the body is still going out: the answer is what counts.
    req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    req.end(body);
  });
}

test.describe('marketing pages', () => {
  test('/features renders with no JavaScript file at all', async ({ page }) => {
    const scripts = await scriptsOf(page, '/features');
    await expect(page.locator('h1').first()).toBeVisible();
    expect(scripts).toEqual([]);
    const html = await (await page.request.get('/features')).text();
    expect(html).not.toContain('data-member-app');
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html.toLowerCase()).not.toContain('react');
  });

  test('/ gives a visitor only its small inline scripts, no script file, never the framework', async ({
    page,
  }) => {
    const scripts = await scriptsOf(page, '/');
    await expect(page.locator('#hero-title')).toBeVisible();
    // In the page, not files: each file is a round trip on a phone, and Lighthouse's simulation
    // counts it before the hero's paint (site/integrations/inline-page-scripts.ts).
    expect(scripts).toEqual([]);
    const html = await (await page.request.get('/')).text();
    const total = inlineScripts(html).reduce((sum, script) => sum + Buffer.byteLength(script), 0);
    expect(total).toBeLessThanOrEqual(5 * 1024); // docs/benchmarks.md: ≤ 5 KB of JS on marketing pages
    expect(html).not.toContain('data-member-app');
    expect(html.toLowerCase()).not.toContain('react');
  });

  test('the landing page uses the default title, titled pages the section title', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Learn to Trade Penny Stocks | OTC Edge');
    await page.goto('/features');
    await expect(page).toHaveTitle('Features | OTC Edge');
  });

  const expectSecurityHeaders = (headers: Record<string, string>, what: string) => {
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers['x-frame-options'], what).toBe('DENY');
    expect(headers['content-security-policy'], what).toContain("frame-ancestors 'none'");
    expect(headers['strict-transport-security'], what).toMatch(/^max-age=\d+/);
    expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  };

  test('pages, API answers, the 404 page and redirects carry the security headers', async ({ request }) => {
    for (const path of ['/', '/videos', '/api/health', '/nope/at/all', '/api/nope']) {
      expectSecurityHeaders((await request.get(path)).headers(), path);
    }
    const redirect = await request.get('/about', { maxRedirects: 0 });
    expect(redirect.status()).toBe(301);
    expectSecurityHeaders(redirect.headers(), '/about');
  });

  test('a request refused before any handler runs, and the local stand-ins’ pages, carry them too', async ({
    request,
  }) => {
    const { auth } = (await (await request.get('/api/appconfig')).json()) as { auth: { domain: string } };
    const chat = process.env.LOCAL_CHAT_URL ?? '';
    for (const origin of [process.env.E2E_BASE_URL ?? '', auth.domain, chat]) {
      const refused = await malformedRequest(origin);
      expect(refused.status, origin).toBe(400);
      expectSecurityHeaders(refused.headers, `malformed request to ${origin}`);
    }
    // The sign-in provider's pages, its JSON and its redirects; the chat's invite page.
    const answers = {
      'sign-in page': await request.get(`${auth.domain}/u/login?state=expired`),
      'key set': await request.get(`${auth.domain}/.well-known/jwks.json`),
      'token error': await request.post(`${auth.domain}/oauth/token`, { form: { grant_type: 'nope' } }),
      'authorize error': await request.get(`${auth.domain}/authorize?client_id=nope`, { maxRedirects: 0 }),
      'chat invite page': await request.get(`${chat}/invite/unknown`),
    };
    for (const [what, answer] of Object.entries(answers)) {
      const headers = answer.headers();
      expect(headers['x-content-type-options'], what).toBe('nosniff');
      expect(headers['x-frame-options'], what).toBe('DENY');
      expect(headers['content-security-policy'], what).toContain("frame-ancestors 'none'");
      expect(headers['strict-transport-security'], what).toMatch(/^max-age=\d+/);
      expect(headers['referrer-policy'], what).toBeTruthy();
    }
  });

  test('pages, scripts and API answers are sent compressed, as Netlify’s CDN sends them', async ({
    page,
    request,
  }) => {
    const responses = new Map<string, Response>();
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path === '/' || path.endsWith('.js')) responses.set(path, response);
    });
    await page.goto('/');
    await page.goto('/videos');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // Chromium offers br (on localhost as on HTTPS): the page and its scripts come in it.
    expect(responses.get('/')?.headers()['content-encoding']).toBe('br');
    const scripts = [...responses].filter(([path]) => path.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const [path, response] of scripts) {
      // Under 1 KB a file goes as it is: compressing it would save next to nothing.
      const small = (await response.body()).length < 1024;
      expect(response.headers()['content-encoding'], path).toBe(small ? undefined : 'br');
    }
    // A visitor's 25 latest videos, JSON of a few kilobytes, to a client that offers only gzip.
    const json = await request.post('/api/videos', { data: {}, headers: { 'accept-encoding': 'gzip' } });
    expect(json.status()).toBe(200);
    expect(json.headers()['content-encoding']).toBe('gzip');
    expect(json.headers().vary).toMatch(/Accept-Encoding/i);
    expect(typeof (await json.json())).toBe('object');
    // A client that asks for no coding gets the bytes as they are.
    const plain = await request.get('/', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    expect(await plain.text()).toContain('</html>');
  });

  test('an unknown /api path answers a JSON 404', async ({ request }) => {
    const answer = await request.post('/api/no/such/call', { data: {} });
    expect(answer.status()).toBe(404);
    expect(answer.headers()['content-type']).toMatch(/^application\/json/);
    expect(await answer.json()).toEqual({ error: 'No such API call' });
  });

  test('a GET or HEAD with a body is answered like one without (405 for a POST call), never a 500', async () => {
    for (const method of ['GET', 'HEAD']) {
      const answer = await rawRequest(
        method,
        '/api/videos',
        { 'content-type': 'application/json', 'content-length': '2' },
        '{}',
      );
      expect(answer.status, method).toBe(405);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  test('an oversized upload gets a 413 at once and the connection is closed', async () => {
    const answer = await rawRequest(
      'POST',
      '/api/journal/notes/update',
      { 'content-type': 'application/json', 'content-length': String(50 * 1024 * 1024) },
      Buffer.alloc(256 * 1024, 'a'),
    );
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    // Answered at once: the 50 MB it announced never come, so an answer that waited for them never would.
    expect(JSON.parse(answer.body)).toEqual({ error: 'The request body is too large (at most 6 MB)' });
  });

  test('/about goes to /features', async ({ page }) => {
    await page.goto('/about');
    await expect(page).toHaveURL(/\/features$/);
  });

  for (const path of ['/nope/at/all', '/videos/watch/a/b/c/d']) {
    test(`unknown path ${path} lands on /`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
      await expect(page).toHaveTitle('Learn to Trade Penny Stocks | OTC Edge');
    });
  }
});

test.describe('member island', () => {
  test('a member route renders the island with data from the API', async ({ page }) => {
    const scripts = await scriptsOf(page, '/videos');
    await expect(page.getByRole('heading', { level: 1, name: 'Latest Videos' })).toBeVisible();
    await expect(page).toHaveTitle('Video Library | OTC Edge');
    await expect(page.getByRole('navigation', { name: 'Playlists' }).getByRole('link')).toHaveText([
      'Latest Videos',
      'Essentials',
      'DD',
      'Frontload Friday',
    ]);
    expect(scripts.some((s) => /\/_astro\/.+\.js$/.test(s.url))).toBe(true);
  });

  test("the app's styles follow the site's in the page, so its rules win ties", async ({ request }) => {
    // The build orders a page's inlined styles by their place in the import graph: the app's own
    // (member-app.css, imported by the root route) must stay after the layout's global styles.
    const html = await (await request.get('/videos')).text();
    const css = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('\n');
    const site = css.indexOf(':root{');
    expect(site).toBeGreaterThanOrEqual(0);
    expect(css.indexOf('.member-page{')).toBeGreaterThan(site);
  });

  test('an API call round-trips through Redis', async ({ page }) => {
    const redis = await createClient({ url: process.env.E2E_REDIS_URL ?? '' }).connect();
    const canonical = `e2e-${Date.now()}`;
    try {
      await redis.hSet('catalog:tags', canonical, 'Written Straight To Redis');
      await page.goto('/videos');
      await expect(page.getByLabel('Written Straight To Redis')).toBeVisible();
      const answer = await page.evaluate(async () => (await fetch('/api/tags', { method: 'POST' })).json());
      expect(answer.tags).toContainEqual({ canonical, tag: 'Written Straight To Redis' });
    } finally {
      await redis.hDel('catalog:tags', canonical);
      await redis.quit();
    }
  });

  test('in-app navigation keeps the app loaded and resets scroll to the top', async ({ page }) => {
    await page.goto('/videos');
    await expect(page.getByRole('heading', { level: 1, name: 'Latest Videos' })).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 42;
      document.body.style.minHeight = '5000px';
      window.scrollTo({ top: 3000, behavior: 'instant' });
    });
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.getByRole('navigation', { name: 'Playlists' }).getByRole('link', { name: 'DD' }).click();
    await expect(page).toHaveURL(/\/videos\/playlists\/dd$/);
    await expect(page.getByRole('heading', { level: 1, name: 'DD' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Static nav links to member routes are taken over by the router too: no reload.
    await page.evaluate(() => window.scrollTo({ top: 3000, behavior: 'instant' }));
    await page.locator('header').getByRole('link', { name: 'Journal' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Trading Journal' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await expect(page).toHaveTitle('Trading Journal | OTC Edge');
  });
});

// docs/product.md §2 route table: every route resolves to its page (member features arrive in later issues).
const routes: Array<[path: string, heading: string, title: string]> = [
  ['/features', 'Everything you need to study the OTC market', 'Features | OTC Edge'],
  ['/media', 'Media appearances', 'Media | OTC Edge'],
  ['/faq', 'Frequently asked questions', 'FAQ | OTC Edge'],
  ['/terms', 'Terms of Use', 'Terms of Use | OTC Edge'],
  ['/privacy', 'Privacy Policy', 'Privacy Policy | OTC Edge'],
  ['/disclaimer', 'Disclaimer', 'Disclaimer | OTC Edge'],
  ['/disclosure', 'Disclosure', 'Disclosure | OTC Edge'],
  ['/videos', 'Latest Videos', 'Video Library | OTC Edge'],
  ['/videos/playlists/dd', 'DD', 'Video Library | OTC Edge'],
  ['/videos/playlists/essentials', 'Essentials', 'Video Library | OTC Edge'],
  ['/videos/latest', 'Essentials', 'Video Library | OTC Edge'],
  [
    '/videos/watch/tour-library/start-here-a-tour-of-the-video-library',
    'Start Here: A Tour of the Video Library',
    'Watch Video | OTC Edge',
  ],
  ['/journal?video=1&videoTitle=x', 'Trading Journal', 'Trading Journal | OTC Edge'],
  ['/trades', 'Trade History', 'Trade History | OTC Edge'],
  ['/stream', 'Live Stream', 'Live Stream | OTC Edge'],
  ['/audio', 'Audio', 'Audio | OTC Edge'],
  ['/articles', 'Articles', 'Articles | OTC Edge'],
  ['/articles/how_the_otc_market_works', 'How the OTC Market Works', 'How the OTC Market Works | OTC Edge'],
  ['/affiliates', 'Affiliates', 'Affiliates | OTC Edge'],
  ['/chat', 'Chat', 'Chat | OTC Edge'],
];
// /account, /payment (token required) and /callback (sign-in hand-off): tests/e2e/sign-in.spec.ts.

test.describe('every product route resolves', () => {
  for (const [path, heading, title] of routes) {
    test(path, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
      await expect(page).toHaveTitle(title);
      expect(new URL(page.url()).pathname).toBe(path.split('?')[0]);
    });
  }
});

test('a member route loaded afresh replaces the loading line without moving the page (no layout shift)', async ({
  page,
}) => {
  await signInNewMember(page);
  // Every shift from the start of each load, recorded as it is reported.
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const [path, heading] of [
    ['/', 'Home'],
    ['/videos', 'Latest Videos'],
    ['/journal', 'Trading Journal'],
    ['/trades', 'Trade History'],
    ['/account', 'Account Settings'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    await expect(page.locator('.member-loading')).toHaveCount(0);
    // A frame later, any shift of the swap has been reported.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    expect(
      shifts.filter((value) => value > 0),
      path,
    ).toEqual([]);
  }
});

test('the member app removes background workers an earlier site left behind (docs/product.md §4 start-up)', async ({
  page,
}) => {
  // Any same-origin script can be a worker: register one of the site's own small modules. The landing
  // carries its scripts inline; a members-only article's reader loader is a file, and its first import
  // a module that runs outside a page too (the loader itself needs the document).
  await page.goto('/articles/position_sizing_when_a_tick_is_10');
  const script = await page.evaluate(async () => {
    const loader = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src;
    if (!loader) return undefined;
    const imported = /from\s*["']\.\/([^"']+\.js)["']/.exec(await (await fetch(loader)).text())?.[1];
    return imported && new URL(imported, loader).href;
  });
  expect(script).toBeTruthy();
  await page.evaluate(
    (url) => navigator.serviceWorker.register(url as string, { type: 'module', scope: '/_astro/' }),
    script,
  );
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(1);
  await page.goto('/videos');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length))
    .toBe(0);
});

test('plans the server sent earlier override the landing prices (docs/product.md §1)', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('[data-price="monthly"]').first()).toHaveText('$64.99');
  await page.evaluate(() =>
    localStorage.setItem(
      'plans',
      JSON.stringify({ monthly: { id: 'm', price: '59.99' }, yearly: { id: 'y', price: '499.99' } }),
    ),
  );
  await page.reload();
  await expect(page.locator('[data-price="monthly"]').first()).toHaveText('$59.99');
  await expect(page.locator('[data-price="yearly"]')).toHaveText('$499.99');
  // "As low as": the yearly price over 12 months, to the cent below.
  await expect(page.locator('[data-price="asLowAs"]').first()).toHaveText('$41.66');
});
