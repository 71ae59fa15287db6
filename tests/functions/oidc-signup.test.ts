// The local provider's sign-up page (/u/signup) over real HTTP: it does not tell who has an account
// (one refusal, after the same password hashing), an address's own password signs its owner in under
// the sign-in throttle, and sign-ups are throttled per email and per client address. Each test is its
// own client address (tests/support/oidc-browser.ts) and uses its own emails.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDeps } from '../../functions/_lib/deps.ts';
import { createUser, getUserByEmail } from '../../functions/_lib/identity/local-users.ts';
import type { Store } from '../../functions/_lib/store.ts';
import { type RunningOidcProvider, startOidcProvider } from '../../scripts/local/oidc/provider.ts';
import { Browser, followToApp, type OidcClient, openPage, submit } from '../support/oidc-browser.ts';

const { store } = getDeps();
const APP = 'http://localhost:4321';
const CLIENT_ID = 'otc-edge-signup-test';
const AUDIENCE = 'https://api.otcedge.app';

const REFUSED =
  'We couldn&#39;t create an account with those details. If you already have an account, sign in instead.';
const paused = (after: string) =>
  `Too many attempts to create an account. For your security, signing up from here is paused: try again in ${after}.`;

/** Every call the provider makes to the store, in order: what it asked, and when. */
const calls: Array<{ method: string; args: unknown[] }> = [];
const recordingStore = new Proxy(store, {
  get(target, name, receiver) {
    const value: unknown = Reflect.get(target, name, receiver);
    if (typeof value !== 'function') return value;
    return (...args: unknown[]) => {
      calls.push({ method: String(name), args });
      return value.apply(target, args);
    };
  },
}) as Store;

// The providers' clock (only the throttles read it) moves when a test moves it.
const clockStart = Date.now();
let clockAhead = 0;
let dataDir: string;
let op: RunningOidcProvider;
/** The same provider allowing only 2 sign-ups an hour per client address. */
let strict: RunningOidcProvider;

const start = (perClient?: { max: number; windowS: number }) =>
  startOidcProvider({
    store: recordingStore,
    dataDir,
    now: () => clockStart + clockAhead,
    audience: AUDIENCE,
    clients: [{ clientId: CLIENT_ID, redirectUris: [`${APP}/callback`], postLogoutRedirectUris: [APP] }],
    ...(perClient ? { signUpThrottle: { perEmail: { max: 5, windowS: 15 * 60 }, perClient } } : {}),
  });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'oidc-signup-'));
  [op, strict] = await Promise.all([start(), start({ max: 2, windowS: 60 * 60 })]);
});

afterAll(async () => {
  await Promise.all([op?.close(), strict?.close()]);
  await rm(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  calls.length = 0;
});

const client = (provider = op): OidcClient => ({
  url: provider.url,
  clientId: CLIENT_ID,
  audience: AUDIENCE,
  app: APP,
});
const newEmail = () => `member.${crypto.randomUUID()}@example.test`;

/** A sign-up from `browser`'s own client address, on a fresh sign-up page. */
async function signUp(browser: Browser, fields: { email: string; password: string }, provider = op) {
  const page = await openPage(client(provider), browser, true);
  return submit(client(provider), browser, page, fields);
}

async function signIn(browser: Browser, fields: { email: string; password: string }) {
  const page = await openPage(client(), browser);
  return submit(client(), browser, page, fields);
}

/** The page as another visitor would get it: without this form's own state and email. */
async function pageText(response: Response, email: string): Promise<string> {
  const html = await response.text();
  return html.replaceAll(/state=[^"&]+|name="state" value="[^"]+"/g, 'STATE').replaceAll(email, 'EMAIL');
}

const alert = (message: string) => `<p class="alert" role="alert" id="form-error">${message}</p>`;

describe('sign-up does not tell who has an account', () => {
  it('refuses an address that has an account with one message, status and page, and no "exists"', async () => {
    const taken = newEmail();
    await createUser(store, { email: taken, password: 'secret1' });
    const answer = await signUp(new Browser(), { email: taken, password: 'another-secret' });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('retry-after')).toBeNull();
    const html = await answer.text();
    expect(html).toContain(alert(REFUSED));
    expect(html).not.toMatch(/exist|taken/i);
    // The same status as the form's other refusals, which do not depend on the address.
    const weak = await signUp(new Browser(), { email: newEmail(), password: '12345' });
    expect(weak.status).toBe(answer.status);
  });

  it('answers a refusal that does not depend on the address the same for a known and a new address', async () => {
    const taken = newEmail();
    await createUser(store, { email: taken, password: 'secret1' });
    const fresh = newEmail();
    for (const password of ['12345', 'x'.repeat(129)]) {
      const known = await signUp(new Browser(), { email: taken, password });
      const unknown = await signUp(new Browser(), { email: fresh, password });
      expect(known.status).toBe(400);
      expect(unknown.status).toBe(400);
      expect(await pageText(known, taken)).toBe(await pageText(unknown, fresh));
    }
    expect(await getUserByEmail(store, fresh)).toBeNull();
  });

  it('hashes the password before the store is asked about the address, known or new', async () => {
    const taken = newEmail();
    await createUser(store, { email: taken, password: 'secret1' });
    for (const email of [newEmail(), taken]) {
      calls.length = 0;
      await signUp(new Browser(), { email, password: 'another-secret' });
      // The first request that names the address is the one that claims it, carrying the new hash:
      // whether the address was free is learnt only after the hash has been paid for.
      const first = calls.find((call) => JSON.stringify(call.args).includes(`idp:email:${email}`));
      expect(first?.method).toBe('eval');
      expect(first?.args[2]).toEqual(expect.arrayContaining([expect.stringMatching(/^scrypt\$/)]));
    }
  });

  it("signs an address's owner in when the password is the account's own", async () => {
    const email = newEmail();
    const { sub } = await createUser(store, { email, password: 'secret1' });
    const browser = new Browser();
    const callback = await followToApp(
      client(),
      browser,
      await signUp(browser, { email: email.toUpperCase(), password: 'secret1' }),
    );
    expect(callback.searchParams.get('code')).toBeTruthy();
    expect((await getUserByEmail(store, email))?.sub).toBe(sub);
  });

  it('counts a wrong password given on the sign-up page as a failed sign-in', async () => {
    const email = newEmail();
    await createUser(store, { email, password: 'secret1' });
    const browser = new Browser();
    for (let i = 0; i < 5; i++) {
      expect((await signUp(browser, { email, password: `wrong-secret-${i}` })).status).toBe(400);
    }
    // Five wrong passwords from this address: /u/login is paused for it, the right password too.
    const login = await signIn(browser, { email, password: 'secret1' });
    expect(login.status).toBe(429);
  });

  it('does not sign a paused account in from the sign-up page, nor say that it is paused', async () => {
    const email = newEmail();
    await createUser(store, { email, password: 'secret1' });
    const browser = new Browser();
    for (let i = 0; i < 5; i++) {
      expect((await signIn(browser, { email, password: `wrong-${i}` })).status).toBe(401);
    }
    const refused = await signUp(browser, { email, password: 'secret1' });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('retry-after')).toBeNull();
    expect(await refused.text()).toContain(alert(REFUSED));
    // The pause is per client address, as on /u/login: the owner elsewhere is signed in.
    const elsewhere = new Browser();
    const callback = await followToApp(
      client(),
      elsewhere,
      await signUp(elsewhere, { email, password: 'secret1' }),
    );
    expect(callback.searchParams.get('code')).toBeTruthy();
  });
});

describe('sign-up throttles', () => {
  it('allows 5 sign-ups of one email in 15 minutes, from any client address, then says how long to wait', async () => {
    const email = newEmail();
    // The form's own checks cost nothing and say nothing: they are not counted.
    for (let i = 0; i < 6; i++) {
      expect((await signUp(new Browser(), { email, password: '123' })).status).toBe(400);
    }
    const first = new Browser();
    await followToApp(client(), first, await signUp(first, { email, password: 'secret1' }));
    for (let i = 0; i < 4; i++) {
      expect((await signUp(new Browser(), { email, password: `other-secret-${i}` })).status).toBe(400);
    }
    const sixth = new Browser();
    for (const password of ['other-secret', 'secret1']) {
      const refused = await signUp(sixth, { email, password });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('900');
      expect(await refused.text()).toContain(alert(paused('15 minutes')));
    }
    // Another email from the same client address is not held up.
    const other = await signUp(sixth, { email: newEmail(), password: 'secret1' });
    expect(other.status).toBe(303);

    clockAhead += 15 * 60 * 1000;
    const back = await followToApp(client(), sixth, await signUp(sixth, { email, password: 'secret1' }));
    expect(back.searchParams.get('code')).toBeTruthy();
  });

  it('allows a client address its hourly sign-ups, then says how long to wait; others go on', async () => {
    const browser = new Browser();
    for (let i = 0; i < 2; i++) {
      expect((await signUp(browser, { email: newEmail(), password: 'secret1' }, strict)).status).toBe(303);
    }
    const email = newEmail();
    const refused = await signUp(browser, { email, password: 'secret1' }, strict);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('3600');
    expect(await refused.text()).toContain(alert(paused('60 minutes')));
    expect(await getUserByEmail(store, email)).toBeNull();
    // Another client address signs the same email up meanwhile.
    expect((await signUp(new Browser(), { email, password: 'secret1' }, strict)).status).toBe(303);

    clockAhead += 60 * 60 * 1000;
    expect((await signUp(browser, { email: newEmail(), password: 'secret1' }, strict)).status).toBe(303);
  });
});
