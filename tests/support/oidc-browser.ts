// A browser's side of the local sign-in provider's pages, for tests that walk them over real HTTP:
// cookies for one origin, no redirects followed, and requests sent from a chosen loopback address
// (127.x.y.z), so each test is its own client address to the provider's per-address throttles.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { request } from 'node:http';

/** A loopback address of its own (never 127.0.0.1, which the other tests share). */
export const newClientAddress = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** fetch, as far as these tests need it, sent from `localAddress`. */
async function fetchFrom(localAddress: string, url: string, init: RequestInit = {}): Promise<Response> {
  const body = init.body === undefined || init.body === null ? undefined : String(init.body);
  const headers = Object.fromEntries(new Headers(init.headers));
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers, localAddress, family: 4 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const answer = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const one of Array.isArray(value) ? value : [value ?? '']) answer.append(name, one);
        }
        const status = res.statusCode ?? 500;
        const content = status === 204 || status === 304 ? null : Buffer.concat(chunks);
        resolve(new Response(content, { status, headers: answer }));
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

export class Browser {
  protected readonly jar = new Map<string, { name: string; value: string; path: string }>();

  readonly address: string;

  constructor(address = newClientAddress()) {
    this.address = address;
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const { pathname } = new URL(url);
    const cookie = [...this.jar.values()]
      .filter((c) => pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const headers = new Headers(init.headers);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetchFrom(this.address, url, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const pathAttr = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired = attributes.some((a) => /^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now());
      if (expired || value === '') this.jar.delete(`${name};${pathAttr}`);
      else this.jar.set(`${name};${pathAttr}`, { name, value, path: pathAttr });
    }
    return response;
  }
}

export interface OidcClient {
  /** The provider's origin, `http://localhost:PORT`. */
  url: string;
  clientId: string;
  audience: string;
  /** The app's origin: its `/callback` is the redirect URI. */
  app: string;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** loginWithRedirect's /authorize URL, as the Auth0 SDK builds it. */
export function authorizeUrl(client: OidcClient, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({
    client_id: client.clientId,
    audience: client.audience,
    redirect_uri: `${client.app}/callback`,
    scope: 'openid profile email offline_access',
    ...extra,
    response_type: 'code',
    response_mode: 'query',
    state: base64url(randomBytes(16)),
    nonce: base64url(randomBytes(16)),
    code_challenge: base64url(
      createHash('sha256')
        .update(base64url(randomBytes(32)))
        .digest(),
    ),
    code_challenge_method: 'S256',
  });
  return `${client.url}/authorize?${params}`;
}

export const location = (client: OidcClient, response: Response) =>
  new URL(response.headers.get('location') ?? '', client.url).href;

/** /authorize, then the page it sends the browser to (`/u/login` or, with `signup`, `/u/signup`). */
export async function openPage(client: OidcClient, browser: Browser, signup = false): Promise<string> {
  const authorize = await browser.fetch(authorizeUrl(client, signup ? { screen_hint: 'signup' } : {}));
  if (authorize.status !== 303) throw new Error(`/authorize answered ${authorize.status}`);
  return location(client, authorize);
}

/** Reads the form on `pageUrl` and posts it with these fields. */
export async function submit(
  client: OidcClient,
  browser: Browser,
  pageUrl: string,
  fields: Record<string, string>,
): Promise<Response> {
  const html = await (await browser.fetch(pageUrl)).text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  const state = /name="state" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !state) throw new Error(`no form on ${pageUrl}: ${html}`);
  return browser.fetch(new URL(action, client.url).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: client.url },
    body: new URLSearchParams({ state, ...fields }).toString(),
  });
}

/** Follows the provider's redirects until it sends the browser back to the app. */
export async function followToApp(client: OidcClient, browser: Browser, response: Response): Promise<URL> {
  let current = response;
  for (let hop = 0; hop < 10; hop++) {
    if (current.status !== 302 && current.status !== 303) {
      throw new Error(`expected a redirect, got ${current.status}: ${await current.text()}`);
    }
    const next = location(client, current);
    // The app's own origin, not a provider on a port that starts with its digits (4321 → 43215).
    if (next.startsWith(`${client.app.replace(/\/$/, '')}/`)) return new URL(next);
    current = await browser.fetch(next);
  }
  throw new Error('too many redirects');
}
