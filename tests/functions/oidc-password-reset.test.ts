// The local provider's "Forgot password?" (/u/reset-password, /u/new-password) over real HTTP: the
// same answer whether the address has an account, a one-time link in the local outbox and log (or,
// with the stack's mail server, in an email to the local inbox),
// the rule of product §5 for the new password, every sign-in ended after, and throttled as sign-ups.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDeps } from '../../functions/_lib/deps.ts';
import { localSessionKeys } from '../../functions/_lib/identity/local-sessions.ts';
import { createUser, verifyPassword } from '../../functions/_lib/identity/local-users.ts';
import { type MailCatcher, startMailCatcher } from '../../scripts/local/mail-catcher.ts';
import { outboxKey } from '../../scripts/local/oidc/password-reset.ts';
import { type RunningOidcProvider, startOidcProvider } from '../../scripts/local/oidc/provider.ts';
import { Browser, type OidcClient, openPage } from '../support/oidc-browser.ts';

const { store } = getDeps();
const APP = 'http://localhost:4321';
const CLIENT_ID = 'otc-edge-reset-test';
const AUDIENCE = 'https://api.otcedge.app';

let dataDir: string;
let op: RunningOidcProvider;
const logged: string[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'oidc-reset-'));
  op = await startOidcProvider({
    store,
    dataDir,
    audience: AUDIENCE,
    clients: [{ clientId: CLIENT_ID, redirectUris: [`${APP}/callback`], postLogoutRedirectUris: [APP] }],
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    logged.push(String(chunk));
    return true;
  });
});

afterAll(async () => {
  vi.restoreAllMocks();
  await op?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const client = (): OidcClient => ({ url: op.url, clientId: CLIENT_ID, audience: AUDIENCE, app: APP });
const newEmail = () => `member.${crypto.randomUUID()}@example.test`;
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: op.url },
  body: new URLSearchParams(fields).toString(),
});

const askReset = (browser: Browser, email: string, state = '') =>
  browser.fetch(`${op.url}/u/reset-password`, form({ email, state }));

const latestLink = async (email: string) => (await store.lrange<string>(outboxKey(email), 0, 0))[0] ?? '';

describe('Forgot password? on the local provider', () => {
  it('is offered on the sign-in page, and its page says the link is printed in the local log', async () => {
    const browser = new Browser();
    const login = await (await browser.fetch(await openPage(client(), browser))).text();
    const href = /<a href="(\/u\/reset-password\?state=[^"]+)">Forgot password\?<\/a>/.exec(login)?.[1];
    expect(href).toBeTruthy();
    const page = await browser.fetch(`${op.url}${href}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>Reset your password</title>');
    expect(html).toContain(
      'no mail server is configured. The reset link is printed in the local server’s log.',
    );
    expect(html).toContain('Back to sign in');
  });

  it('answers the same for an address with an account and one without, and sends only the first a link', async () => {
    const known = newEmail();
    await createUser(store, { email: known, password: 'old-secret' });
    const unknown = newEmail();
    const a = await askReset(new Browser(), known);
    const b = await askReset(new Browser(), unknown);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [textA, textB] = [await a.text(), await b.text()];
    expect(textA).toBe(textB);
    expect(textA).toContain('If an account exists for that address');
    expect(await latestLink(known)).toMatch(new RegExp(`^${op.issuer}u/new-password\\?token=[\\w-]{43}$`));
    expect(await latestLink(unknown)).toBe('');
    expect(logged.join('')).toContain(
      `password reset for ${known} (local mode, no mail sent): ${await latestLink(known)}`,
    );
    expect(logged.join('')).not.toContain(unknown);
  });

  it('refuses a malformed address with 400, before anything else', async () => {
    const answer = await askReset(new Browser(), 'not-an-email');
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('role="alert" id="form-error">Enter a valid email address.</p>');
  });

  it('sets a new password once through the link, under the product rule, and ends every sign-in', async () => {
    const email = newEmail();
    const { sub } = await createUser(store, { email, password: 'old-secret' });
    await store.sadd(localSessionKeys.account(sub), 'oidc:Session:test-session');
    await store.set('oidc:Session:test-session', '{}');
    const browser = new Browser();
    await askReset(browser, email);
    const link = await latestLink(email);
    const page = await browser.fetch(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('id="password-hint">At least 7 characters.</p>');
    const token = new URL(link).searchParams.get('token') ?? '';
    const post = (password: string, confirmation = password) =>
      browser.fetch(`${op.url}/u/new-password`, form({ token, password, confirmation }));

    // The hint's rule is the one enforced: 6 characters are refused, and the link still works after.
    const six = await post('123456');
    expect(six.status).toBe(400);
    expect(await six.text()).toContain('role="alert" id="form-error">Must be longer than 6 Characters</p>');
    expect((await post('new-secret', 'other-secret')).status).toBe(400);

    const done = await post('new-secret');
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Your password has been changed');
    expect(await verifyPassword(store, email, 'new-secret')).not.toBeNull();
    expect(await verifyPassword(store, email, 'old-secret')).toBeNull();
    expect(await store.exists('oidc:Session:test-session')).toBe(0);

    // One time only: the link, opened or posted again, is expired.
    expect((await browser.fetch(link)).status).toBe(400);
    const again = await post('third-secret');
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('expired or was already used');
    expect(await verifyPassword(store, email, 'new-secret')).not.toBeNull();
  });

  it('refuses a made-up link', async () => {
    const answer = await new Browser().fetch(`${op.url}/u/new-password?token=made-up`);
    expect(answer.status).toBe(400);
  });

  it('is throttled as sign-ups are: the 6th request for one address in 15 minutes waits (429)', async () => {
    const email = newEmail();
    for (let i = 0; i < 5; i++) expect((await askReset(new Browser(), email)).status).toBe(200);
    const paused = await askReset(new Browser(), email);
    expect(paused.status).toBe(429);
    expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await paused.text()).toContain('Too many password reset requests.');
  });
});

describe('Forgot password? with the local mail server', () => {
  let catcher: MailCatcher;
  let mailed: RunningOidcProvider;
  let mailedDir: string;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    mailedDir = await mkdtemp(path.join(tmpdir(), 'oidc-reset-mail-'));
    mailed = await startOidcProvider({
      store,
      dataDir: mailedDir,
      audience: AUDIENCE,
      clients: [{ clientId: CLIENT_ID, redirectUris: [`${APP}/callback`], postLogoutRedirectUris: [APP] }],
      mail: { url: `smtp://127.0.0.1:${catcher.smtpPort}`, from: 'OTC Edge <accounts@localhost>' },
    });
  });

  afterAll(async () => {
    await mailed?.close();
    await catcher?.stop();
    await rm(mailedDir, { recursive: true, force: true });
  });

  const ask = (email: string) =>
    new Browser().fetch(`${mailed.url}/u/reset-password`, {
      ...form({ email, state: '' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: mailed.url },
    });
  const mailTo = async (email: string) =>
    (await catcher.messages()).filter((message) => message.to.some((to) => to.address === email));

  it('emails the link to the inbox, says so on the page, and never prints the link', async () => {
    const email = newEmail();
    await createUser(store, { email, password: 'old-secret' });
    const page = await (await new Browser().fetch(`${mailed.url}/u/reset-password`)).text();
    expect(page).toContain('the reset email goes to the local mail inbox');

    const answer = await ask(email);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('the reset email goes to the local mail inbox');
    await expect.poll(async () => (await mailTo(email)).length, { timeout: 15_000 }).toBe(1);
    const [message] = await mailTo(email);
    const link = await latestLink(email);
    expect(message?.subject).toBe('Reset your OTC Edge password');
    expect(message?.from?.[0]?.address).toBe('accounts@localhost');
    expect(message?.text).toContain(link);
    expect(message?.html).toContain(`href="${link}"`);
    expect(logged.join('')).toContain(`password reset for ${email}: emailed`);
    expect(logged.join('')).not.toContain(link);
  });

  it('sends nothing for an address without an account', async () => {
    const unknown = newEmail();
    const known = newEmail();
    await createUser(store, { email: known, password: 'old-secret' });
    expect((await ask(unknown)).status).toBe(200);
    expect((await ask(known)).status).toBe(200);
    // The known address's email arrived after the unknown one's request: none is coming for it.
    await expect.poll(async () => (await mailTo(known)).length, { timeout: 15_000 }).toBe(1);
    expect(await mailTo(unknown)).toEqual([]);
  });
});
