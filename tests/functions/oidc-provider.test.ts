// The local identity provider driven over real HTTP exactly as @auth0/auth0-spa-js 2.27 drives Auth0:
// /authorize with audience + PKCE + nonce, the sign-in/sign-up pages, the token request with the SDK's
// headers (form-urlencoded by default, JSON with useFormData: false) after a CORS preflight, refresh
// with rotation, /v2/logout, and a restart on the same data folder.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDeps } from '../../functions/_lib/deps.ts';
import { createUser, getUserByEmail, setCustomerId } from '../../functions/_lib/identity/local-users.ts';
import updateEmailFn from '../../functions/user-updateemail.ts';
import updatePasswordFn from '../../functions/user-updatepassword.ts';
import { tooManyFailures } from '../../scripts/local/oidc/interactions.ts';
import { CLAIMS, type RunningOidcProvider, startOidcProvider } from '../../scripts/local/oidc/provider.ts';
import { signInThrottle } from '../../scripts/local/oidc/throttle.ts';
import { followLink, linkTo } from '../support/email-links.ts';
import { Browser as CookieBrowser } from '../support/oidc-browser.ts';
import { post } from '../support/requests.ts';
import { authHeader } from '../support/tokens.ts';

const { store } = getDeps();
const APP = 'http://localhost:4321';
const CLIENT_ID = `otc-edge-test-${randomUUID()}`;
const AUDIENCE = 'https://api.otcedge.app';
const SCOPE = 'openid profile email offline_access';
const AUTH0_CLIENT = btoa(
  JSON.stringify({ name: 'auth0-react', version: '2.x', env: { 'auth0-spa-js': '2.27.0' } }),
);

let dataDir: string;
let op: RunningOidcProvider;

/**
 * The provider's clock (only its sign-in throttle reads it) stands still unless a test moves it on:
 * a wait it announces is exact however long the machine took to hash the passwords before.
 */
const clockStart = Date.now();
let clockAhead = 0;
const start = (port = 0) =>
  startOidcProvider({
    store,
    dataDir,
    port,
    now: () => clockStart + clockAhead,
    audience: AUDIENCE,
    clients: [{ clientId: CLIENT_ID, redirectUris: [`${APP}/callback`], postLogoutRedirectUris: [APP] }],
  });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'oidc-test-'));
  op = await start();
});

afterAll(async () => {
  await op?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * A browser's cookie handling, enough for one origin (tests/support/oidc-browser.ts), always from
 * 127.0.0.1: these tests share one client address on purpose (the per-address throttle's cases).
 */
class Browser extends CookieBrowser {
  constructor() {
    super('127.0.0.1');
  }

  has(name: string): boolean {
    return [...this.jar.values()].some((c) => c.name === name);
  }
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** loginWithRedirect: the /authorize URL the SDK builds (and what it keeps for the callback). */
function authorizeRequest(extra: Record<string, string> = {}) {
  const state = base64url(randomBytes(32));
  const nonce = base64url(randomBytes(32));
  const verifier = base64url(randomBytes(32));
  const challenge = base64url(createHash('sha256').update(verifier).digest());
  const params = new URLSearchParams({
    client_id: CLIENT_ID,
    audience: AUDIENCE,
    redirect_uri: `${APP}/callback`,
    scope: SCOPE,
    ...extra,
    response_type: 'code',
    response_mode: 'query',
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return {
    url: `${op.url}/authorize?${params}&auth0Client=${encodeURIComponent(AUTH0_CLIENT)}`,
    state,
    nonce,
    verifier,
  };
}

const location = (response: Response) => new URL(response.headers.get('location') ?? '', op.url).href;

async function submit(browser: Browser, pageUrl: string, fields: Record<string, string>): Promise<Response> {
  const html = await (await browser.fetch(pageUrl)).text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  const state = /name="state" value="([^"]+)"/.exec(html)?.[1];
  expect(action, html).toBeDefined();
  return browser.fetch(new URL(action ?? '', op.url).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: op.url },
    body: new URLSearchParams({ state: state ?? '', ...fields }),
  });
}

/** Follows redirects through the provider until it sends the browser back to the app. */
async function followToApp(browser: Browser, response: Response): Promise<URL> {
  let current = response;
  for (let hop = 0; hop < 10; hop++) {
    expect([302, 303], await current.clone().text()).toContain(current.status);
    const next = location(current);
    // The app's own origin, not a provider on a port that starts with its digits (4321 → 43215).
    if (next.startsWith(`${APP}/`)) return new URL(next);
    current = await browser.fetch(next);
  }
  throw new Error('too many redirects');
}

/** The SDK's token request: POST /oauth/token from the app's origin, after the CORS preflight. */
async function tokenRequest(body: Record<string, string>, json = false): Promise<Response> {
  const preflight = await fetch(`${op.url}/oauth/token`, {
    method: 'OPTIONS',
    headers: {
      origin: APP,
      'access-control-request-method': 'POST',
      'access-control-request-headers': json ? 'auth0-client,content-type' : 'auth0-client',
    },
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get('access-control-allow-origin')).toBe(APP);
  expect(preflight.headers.get('access-control-allow-headers')).toContain('auth0-client');
  const response = await fetch(`${op.url}/oauth/token`, {
    method: 'POST',
    headers: {
      origin: APP,
      'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded',
      'auth0-client': AUTH0_CLIENT,
    },
    body: json ? JSON.stringify(body) : new URLSearchParams(body).toString(),
  });
  expect(response.headers.get('access-control-allow-origin')).toBe(APP);
  return response;
}

interface Tokens {
  access_token: string;
  id_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

/** The whole sign-in: authorize → page → credentials → callback → code exchange. */
async function signIn(
  browser: Browser,
  fields: { email: string; password: string },
  extra = {},
  json = false,
) {
  const request = authorizeRequest(extra);
  const authorize = await browser.fetch(request.url);
  expect(authorize.status).toBe(303);
  const pageUrl = location(authorize);
  const callback = await followToApp(browser, await submit(browser, pageUrl, fields));
  expect(callback.pathname).toBe('/callback');
  expect(callback.searchParams.get('state')).toBe(request.state);
  const code = callback.searchParams.get('code') ?? '';
  const response = await tokenRequest(
    {
      client_id: CLIENT_ID,
      code_verifier: request.verifier,
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${APP}/callback`,
    },
    json,
  );
  const tokens = (await response.json()) as Tokens;
  expect(response.status, JSON.stringify(tokens)).toBe(200);
  return { tokens, request, pageUrl };
}

const jwks = () => createRemoteJWKSet(new URL(`${op.issuer}.well-known/jwks.json`));
const verifyAccessToken = (token: string) =>
  jwtVerify(token, jwks(), { issuer: op.issuer, audience: AUDIENCE, algorithms: ['RS256'] });

const newEmail = () => `member.${randomUUID()}@example.test`;

describe('local OpenID provider, as the Auth0 SPA SDK sees it', () => {
  it('publishes Auth0-like metadata', async () => {
    expect(op.issuer).toMatch(/^http:\/\/localhost:\d+\/$/);
    expect(op.url).toBe(op.issuer.slice(0, -1));
    const metadata = await (await fetch(`${op.issuer}.well-known/openid-configuration`)).json();
    expect(metadata).toMatchObject({
      issuer: op.issuer,
      authorization_endpoint: `${op.url}/authorize`,
      token_endpoint: `${op.url}/oauth/token`,
      userinfo_endpoint: `${op.url}/userinfo`,
      jwks_uri: `${op.url}/.well-known/jwks.json`,
    });
    const keys = await (await fetch(metadata.jwks_uri)).json();
    expect(keys.keys).toHaveLength(1);
    expect(keys.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys.keys[0].d).toBeUndefined();
    expect((await stat(path.join(dataDir, 'oidc', 'jwks.json'))).mode & 0o777).toBe(0o600);
  });

  it('signs in with Authorization Code + PKCE and issues Auth0-shaped tokens', async () => {
    const email = newEmail();
    const { sub } = await createUser(store, { email, password: 'secret1' });
    await setCustomerId(store, sub, 'cus_local_42');
    const { tokens, request } = await signIn(new Browser(), { email, password: 'secret1' });
    expect(tokens.token_type).toBe('Bearer');
    // An hour, as the Auth0 API is set up (docs/identity.md): a stolen token is worth that at most.
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.scope).toBe(SCOPE);

    const { payload, protectedHeader } = await verifyAccessToken(tokens.access_token);
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({
      iss: op.issuer,
      sub,
      aud: AUDIENCE,
      scope: SCOPE,
      [CLAIMS.email]: email,
      [CLAIMS.customerId]: 'cus_local_42',
    });
    expect(payload.exp).toBeTypeOf('number');
    expect(payload.iat).toBeTypeOf('number');
    expect(Number(payload.exp) - Number(payload.iat)).toBe(3600);

    // What the SDK checks in the ID token (iss, sub, RS256, aud, nonce, exp, iat).
    expect(decodeProtectedHeader(tokens.id_token).alg).toBe('RS256');
    const { payload: id } = await jwtVerify(tokens.id_token, jwks(), {
      issuer: op.issuer,
      audience: CLIENT_ID,
    });
    expect(id).toMatchObject({
      sub,
      nonce: request.nonce,
      email,
      email_verified: true,
      name: email,
      nickname: email.split('@')[0],
      [CLAIMS.customerId]: 'cus_local_42',
    });
    expect(id.exp).toBeTypeOf('number');
    expect(id.iat).toBeTypeOf('number');
    expect(id.azp === undefined || id.azp === CLIENT_ID).toBe(true);
  });

  it('refreshes with rotation, keeping JWT access tokens for the audience', async () => {
    const email = newEmail();
    const { sub } = await createUser(store, { email, password: 'secret1' });
    const { tokens } = await signIn(new Browser(), { email, password: 'secret1' });
    expect(tokens.refresh_token).toBeTruthy();
    expect((await verifyAccessToken(tokens.access_token)).payload[CLAIMS.customerId]).toBeUndefined();

    // The customer id appears once billing sets it (the SDK refreshes after checkout).
    await setCustomerId(store, sub, 'cus_after_payment');
    // getTokenSilently: the SDK sends client_id, grant_type, refresh_token and redirect_uri.
    const refreshed = await tokenRequest({
      client_id: CLIENT_ID,
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      redirect_uri: `${APP}/callback`,
    });
    const next = (await refreshed.json()) as Tokens;
    expect(refreshed.status, JSON.stringify(next)).toBe(200);
    expect(next.refresh_token).toBeTruthy();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(next.id_token).toBeTruthy();
    const { payload } = await verifyAccessToken(next.access_token);
    expect(payload).toMatchObject({ sub, aud: AUDIENCE, [CLAIMS.customerId]: 'cus_after_payment' });

    // Retried within the reuse interval (a lost answer), the rotated-away token still works.
    const retried = await tokenRequest({
      client_id: CLIENT_ID,
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(retried.status).toBe(200);
  });

  it('after the reuse interval, a rotated-away refresh token is spent and ends the grant', async () => {
    const strict = await startOidcProvider({
      store,
      dataDir,
      port: 0,
      audience: AUDIENCE,
      refreshTokenReuseIntervalS: 0,
      clients: [{ clientId: CLIENT_ID, redirectUris: [`${APP}/callback`], postLogoutRedirectUris: [APP] }],
    });
    const usual = op;
    op = strict; // the helpers talk to `op`
    try {
      const email = newEmail();
      await createUser(store, { email, password: 'secret1' });
      const { tokens } = await signIn(new Browser(), { email, password: 'secret1' });
      const request = (refreshToken: string) =>
        tokenRequest({ client_id: CLIENT_ID, grant_type: 'refresh_token', refresh_token: refreshToken });
      const next = (await (await request(tokens.refresh_token)).json()) as Tokens;
      const reused = await request(tokens.refresh_token);
      expect(reused.status).toBe(400);
      expect((await reused.json()).error).toBe('invalid_grant');
      // Reuse is taken as theft: the newer token dies with the grant.
      expect((await request(next.refresh_token)).status).toBe(400);
    } finally {
      op = usual;
      await strict.close();
    }
  });

  it('accepts the token request as JSON (useFormData: false)', async () => {
    const email = newEmail();
    await createUser(store, { email, password: 'secret1' });
    const { tokens } = await signIn(new Browser(), { email, password: 'secret1' }, {}, true);
    expect((await verifyAccessToken(tokens.access_token)).payload[CLAIMS.email]).toBe(email);
    const refreshed = await tokenRequest(
      { client_id: CLIENT_ID, grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
      true,
    );
    expect(refreshed.status).toBe(200);
  });

  it('refuses a token request from an origin the client does not use', async () => {
    const response = await fetch(`${op.url}/oauth/token`, {
      method: 'POST',
      headers: { origin: 'http://evil.test', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: CLIENT_ID, grant_type: 'refresh_token', refresh_token: 'x' }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('shows "Wrong email or password." for a wrong password or an unknown email', async () => {
    const email = newEmail();
    await createUser(store, { email, password: 'secret1' });
    const browser = new Browser();
    const authorize = await browser.fetch(authorizeRequest().url);
    const pageUrl = location(authorize);
    expect(new URL(pageUrl).pathname).toBe('/u/login');
    const page = await (await browser.fetch(pageUrl)).text();
    expect(page).toContain('<title>Sign in to OTC Edge</title>');
    expect(page).toContain('<label for="email">');
    expect(page).toContain('<label for="password">');
    expect(page).toContain('href="/u/signup?state=');

    for (const fields of [
      { email, password: 'wrong-password' },
      { email: newEmail(), password: 'secret1' },
    ]) {
      const response = await submit(browser, pageUrl, fields);
      expect(response.status).toBe(401);
      const html = await response.text();
      expect(html).toContain('<p class="alert" role="alert" id="form-error">Wrong email or password.</p>');
      expect(html).toContain(`value="${fields.email}"`);
    }
    // And the same page still signs in.
    const callback = await followToApp(
      browser,
      await submit(browser, pageUrl, { email, password: 'secret1' }),
    );
    expect(callback.searchParams.get('code')).toBeTruthy();
  });

  it('pauses an account after 5 wrong passwords in 15 minutes, says how long, and lets it in after', async () => {
    const email = newEmail();
    const other = newEmail();
    await createUser(store, { email, password: 'secret1' });
    await createUser(store, { email: other, password: 'secret1' });
    const browser = new Browser();
    const pageUrl = location(await browser.fetch(authorizeRequest().url));
    for (let i = 0; i < 5; i++) {
      expect((await submit(browser, pageUrl, { email, password: `wrong-${i}` })).status).toBe(401);
    }
    // The sixth try is refused before the password is checked: the right one too.
    for (const password of ['wrong-5', 'secret1']) {
      const paused = await submit(browser, pageUrl, { email: email.toUpperCase(), password });
      expect(paused.status).toBe(429);
      expect(paused.headers.get('retry-after')).toBe('900');
      expect(await paused.text()).toContain(tooManyFailures(900));
    }
    expect(tooManyFailures(900)).toBe(
      'Too many wrong passwords for this account. For your security, signing in from here is paused: try again in 15 minutes.',
    );
    // Per account: another account signs in from the same address meanwhile.
    const otherIn = await followToApp(
      browser,
      await submit(browser, pageUrl, { email: other, password: 'secret1' }),
    );
    expect(otherIn.searchParams.get('code')).toBeTruthy();

    clockAhead += 10 * 60 * 1000;
    const later = new Browser();
    const laterPage = location(await later.fetch(authorizeRequest().url));
    const stillPaused = await submit(later, laterPage, { email, password: 'secret1' });
    expect(stillPaused.headers.get('retry-after')).toBe('300');
    expect(await stillPaused.text()).toContain('try again in 5 minutes');

    clockAhead += 5 * 60 * 1000;
    const back = await followToApp(later, await submit(later, laterPage, { email, password: 'secret1' }));
    expect(back.searchParams.get('code')).toBeTruthy();
    // A correct sign-in clears the count: four wrong passwords later the account is still open.
    const again = new Browser();
    const againPage = location(await again.fetch(authorizeRequest().url));
    for (let i = 0; i < 4; i++) {
      expect((await submit(again, againPage, { email, password: `wrong-${i}` })).status).toBe(401);
    }
    const open = await followToApp(again, await submit(again, againPage, { email, password: 'secret1' }));
    expect(open.searchParams.get('code')).toBeTruthy();
  });

  it('pauses an account per client address: another address may still try it', async () => {
    const email = newEmail();
    const throttle = signInThrottle(store, { maxFailures: 2, windowS: 60 }, () => 1_000_000);
    await throttle.failed(email, '203.0.113.7');
    expect(await throttle.waitFor(email, '203.0.113.7')).toBe(0);
    await throttle.failed(email, '203.0.113.7');
    expect(await throttle.waitFor(email, '203.0.113.7')).toBe(60);
    expect(await throttle.waitFor(email, '198.51.100.2')).toBe(0);
    expect(await throttle.waitFor(newEmail(), '203.0.113.7')).toBe(0);
    await throttle.succeeded(email, '203.0.113.7');
    expect(await throttle.waitFor(email, '203.0.113.7')).toBe(0);
  });

  it('refuses a form posted without the interaction cookie (CSRF)', async () => {
    const browser = new Browser();
    const pageUrl = location(await browser.fetch(authorizeRequest().url));
    const state = new URL(pageUrl).searchParams.get('state') ?? '';
    const response = await fetch(`${op.url}/u/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ state, email: newEmail(), password: 'secret1' }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('expired');
  });

  it('opens the sign-up page for screen_hint=signup and creates the account', async () => {
    const email = newEmail();
    const browser = new Browser();
    const authorize = await browser.fetch(authorizeRequest({ screen_hint: 'signup' }).url);
    const pageUrl = location(authorize);
    expect(new URL(pageUrl).pathname).toBe('/u/signup');
    const page = await (await browser.fetch(pageUrl)).text();
    expect(page).toContain('<title>Create your OTC Edge account</title>');
    expect(page).toContain('href="/u/login?state=');

    const short = await submit(browser, pageUrl, { email, password: '12345' });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain('role="alert" id="form-error">Must be longer than 6 Characters</p>');
    // The hint and the refusal say the same rule: 6 characters are refused, 7 taken.
    expect(page).toContain('id="password-hint">At least 7 characters.</p>');
    const six = await submit(browser, pageUrl, { email, password: '123456' });
    expect(six.status).toBe(400);
    expect(await six.text()).toContain('role="alert" id="form-error">Must be longer than 6 Characters</p>');
    const invalid = await submit(browser, pageUrl, { email: 'not-an-email', password: 'secret1' });
    expect(await invalid.text()).toContain('Enter a valid email address.');

    const callback = await followToApp(
      browser,
      await submit(browser, pageUrl, { email, password: 'secret1' }),
    );
    expect(callback.searchParams.get('code')).toBeTruthy();
    const user = await getUserByEmail(store, email);
    expect(user?.sub).toMatch(/^auth0\|/);

    // The same email again, with another password: refused, without saying the address is known
    // (tests/functions/oidc-signup.test.ts).
    const again = new Browser();
    const secondPage = location(await again.fetch(authorizeRequest({ screen_hint: 'signup' }).url));
    const taken = await submit(again, secondPage, { email, password: 'secret2' });
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain('If you already have an account, sign in instead.');
  });

  it('switches between sign-in and sign-up within one request', async () => {
    const email = newEmail();
    const browser = new Browser();
    const loginUrl = location(await browser.fetch(authorizeRequest().url));
    const signupUrl = loginUrl.replace('/u/login', '/u/signup');
    const callback = await followToApp(
      browser,
      await submit(browser, signupUrl, { email, password: 'secret1' }),
    );
    expect(callback.searchParams.get('code')).toBeTruthy();
  });

  it('keeps the session: a second /authorize signs in without the form', async () => {
    const email = newEmail();
    await createUser(store, { email, password: 'secret1' });
    const browser = new Browser();
    await signIn(browser, { email, password: 'secret1' });
    const again = await browser.fetch(authorizeRequest().url);
    const callback = await followToApp(browser, again);
    expect(callback.searchParams.get('code')).toBeTruthy();
  });

  it('/v2/logout ends the session and returns to an allowed URL only', async () => {
    const email = newEmail();
    await createUser(store, { email, password: 'secret1' });
    const browser = new Browser();
    await signIn(browser, { email, password: 'secret1' });

    const refused = await browser.fetch(
      `${op.url}/v2/logout?client_id=${CLIENT_ID}&returnTo=${encodeURIComponent('http://evil.test/')}`,
    );
    expect(refused.status).toBe(400);

    const logout = await browser.fetch(
      `${op.url}/v2/logout?clientId=x&client_id=${CLIENT_ID}&returnTo=${encodeURIComponent(APP)}` +
        `&auth0Client=${encodeURIComponent(AUTH0_CLIENT)}`,
    );
    expect(logout.status).toBe(302);
    expect(new URL(logout.headers.get('location') ?? '').href).toBe(new URL(APP).href);
    expect(browser.has('_session')).toBe(false);
    // Signed out: /authorize asks for credentials again.
    const authorize = await browser.fetch(authorizeRequest().url);
    expect(new URL(location(authorize)).pathname).toBe('/u/login');
  });

  it('rejects an unknown audience', async () => {
    const browser = new Browser();
    const response = await browser.fetch(authorizeRequest({ audience: 'https://elsewhere.test' }).url);
    expect(response.status).toBe(303);
    const callback = new URL(location(response));
    expect(callback.searchParams.get('error')).toBe('invalid_target');
  });

  it('keeps keys and sessions across a restart', async () => {
    const email = newEmail();
    await createUser(store, { email, password: 'secret1' });
    const browser = new Browser();
    const { tokens } = await signIn(browser, { email, password: 'secret1' });
    const before = decodeJwt(tokens.access_token);

    const { issuer } = op;
    await op.close();
    op = await start(Number(new URL(issuer).port));
    expect(op.issuer).toBe(issuer);

    const { payload } = await verifyAccessToken(tokens.access_token);
    expect(payload.sub).toBe(before.sub);
    // The session (signed cookie, stored session) survived: no form this time.
    const callback = await followToApp(browser, await browser.fetch(authorizeRequest().url));
    expect(callback.searchParams.get('code')).toBeTruthy();
    // And so did the refresh token.
    const refreshed = await tokenRequest({
      client_id: CLIENT_ID,
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status).toBe(200);
  });
});

// A stolen token must not outlive what its owner does about it: a password or email change ends every
// sign-in (the functions' identity-admin port), and logging out revokes the device's refresh token.
describe('ending sign-ins', () => {
  const refresh = (refreshToken: string) =>
    tokenRequest({ client_id: CLIENT_ID, grant_type: 'refresh_token', refresh_token: refreshToken });

  it.each([
    ['user/updatepassword', updatePasswordFn, { password: 'secret2' }, 'secret2'],
    ['user/updateemail', updateEmailFn, { email: newEmail() }, 'secret1'],
  ] as const)(
    '%s ends every sign-in: no refresh token issued before it mints another',
    async (name, fn, change, nextPassword) => {
      const email = newEmail();
      const { sub } = await createUser(store, { email, password: 'secret1' });
      const laptop = new Browser();
      const first = await signIn(laptop, { email, password: 'secret1' });
      const second = await signIn(new Browser(), { email, password: 'secret1' });
      const other = newEmail();
      await createUser(store, { email: other, password: 'secret1' });
      const someoneElse = await signIn(new Browser(), { email: other, password: 'secret1' });

      const headers = await authHeader({ sub, email });
      const answer = await fn(post(`/api/${name}`, { ...change, currentPassword: 'secret1' }, headers));
      expect(answer.status).toBe(200);
      // An email changes when the link mailed to the new address is followed.
      if ('email' in change)
        expect((await followLink((await linkTo(store, change.email)).token)).status).toBe(200);

      for (const tokens of [first.tokens, second.tokens]) {
        const refused = await refresh(tokens.refresh_token);
        expect(refused.status).toBe(400);
        expect(await refused.json()).toMatchObject({ error: 'invalid_grant' });
      }
      // The provider's session went too: the next sign-in asks for the (new) details.
      const authorize = await laptop.fetch(authorizeRequest().url);
      expect(new URL(location(authorize)).pathname).toBe('/u/login');
      const newEmailOrOld = 'email' in change ? change.email : email;
      const again = await signIn(new Browser(), { email: newEmailOrOld, password: nextPassword });
      expect((await refresh(again.tokens.refresh_token)).status).toBe(200);
      // Another member's sign-in is untouched.
      expect((await refresh(someoneElse.tokens.refresh_token)).status).toBe(200);
    },
  );

  it('a refresh token revoked at /oauth/revoke (the app does it on logout) mints no more tokens', async () => {
    const email = newEmail();
    await createUser(store, { email, password: 'secret1' });
    const { tokens } = await signIn(new Browser(), { email, password: 'secret1' });
    // /v2/logout ends the provider's session only, as Auth0's does: the refresh token would live on.
    const revoked = await fetch(`${op.url}/oauth/revoke`, {
      method: 'POST',
      headers: { origin: APP, 'content-type': 'application/json', 'auth0-client': AUTH0_CLIENT },
      body: JSON.stringify({
        client_id: CLIENT_ID,
        token: tokens.refresh_token,
        token_type_hint: 'refresh_token',
      }),
    });
    expect(revoked.status).toBe(200);
    expect(revoked.headers.get('access-control-allow-origin')).toBe(APP);
    const refused = await refresh(tokens.refresh_token);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_grant' });
  });
});
