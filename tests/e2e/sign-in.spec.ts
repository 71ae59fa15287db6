import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { waitForEmail } from './support/mail.ts';
import { signInNewMember, signUp as signUpThroughProvider } from './support/members.ts';
import { expect, test } from './support/test.ts';

// Sign-in end to end: the real @auth0/auth0-react SDK in Chromium against the local OpenID provider
// (scripts/local/oidc), the functions verifying its tokens, users in the throw-away Redis.

const newEmail = () => `member-${randomUUID().slice(0, 8)}@example.com`;
const SESSION_KEYS = ['accessToken', 'id_token', 'expires_at', 'user'];

const storedSession = (page: Page) =>
  page.evaluate((keys) => Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k)])), SESSION_KEYS);

const header = (page: Page) => page.locator('header.site-nav');

async function expectSignedIn(page: Page) {
  await expect(header(page).getByRole('button', { name: 'Account' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Sign In' })).toBeHidden();
  await expect(header(page).getByRole('link', { name: 'Features' })).toBeHidden();
}

async function expectSignedOut(page: Page) {
  await expect(header(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Sign Up' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Features' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Account' })).toBeHidden();
}

/** Main-frame paths in the order the page went through them (same-document navigations too). */
function pathsVisited(page: Page): string[] {
  const paths: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
  });
  return paths;
}

/**
 * A new account for the tests that start signed in: through the provider's endpoints, then the app's
 * own Sign In hand-off (shared helper). The first journey walks the provider's pages instead.
 */
const signUp = (page: Page, email: string, password: string, { member = true } = {}) =>
  signInNewMember(page, { email, password, member });

/** The provider's sign-in form, filled and sent (the page is on its way there or already on it). */
async function providerSignIn(page: Page, email: string, password: string) {
  await page.waitForURL((url) => url.pathname === '/u/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The refresh tokens the sign-in SDK keeps on this device (its localStorage cache). */
const refreshTokens = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('@@auth0spajs@@') && !key.endsWith('@@user@@'))
      .map((key) => JSON.parse(localStorage.getItem(key) ?? '{}')?.body?.refresh_token)
      .filter((token): token is string => typeof token === 'string'),
  );

/** What the provider answers a renewal with this refresh token (200, or 400 once revoked). */
async function refreshStatus(page: Page, refreshToken: string): Promise<number> {
  const { auth } = (await (await page.request.get('/api/appconfig')).json()) as {
    auth: { domain: string; clientId: string };
  };
  const response = await page.request.post(`${auth.domain}/oauth/token`, {
    form: { client_id: auth.clientId, grant_type: 'refresh_token', refresh_token: refreshToken },
  });
  return response.status();
}

/**
 * What the API answers a call made with this access token (`subscription/status`, a signed-in call),
 * sent from the test rather than the app, as a copied token would be.
 */
async function apiStatusWith(page: Page, accessToken: string): Promise<number> {
  const response = await page.request.post('/api/subscription/status', {
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    data: {},
  });
  return response.status();
}

/**
 * The stored access token, once the clock has left the second it was issued in: tokens carry whole
 * seconds, and a change in that very second would still let it pass (docs/identity.md).
 */
async function tokenTakenBefore(page: Page): Promise<string> {
  const token = (await storedSession(page)).accessToken ?? '';
  const { iat } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    iat: number;
  };
  await expect.poll(() => Math.floor(Date.now() / 1000)).toBeGreaterThan(iat);
  return token;
}

/** The member signed in on another device (a browser context of its own). */
async function signInElsewhere(browser: Browser, email: string, password: string) {
  const laptop = await browser.newContext();
  const other = await laptop.newPage();
  await other.goto('/callback?login=signin');
  await providerSignIn(other, email, password);
  await other.waitForURL((url) => url.pathname === '/' && url.search === '');
  return { laptop, other };
}

/** The path and fragment of an emailed link, on the journeys' own site. */
const onSite = (link: string) => {
  const { pathname, search, hash } = new URL(link);
  return `${pathname}${search}${hash}`;
};

async function logOut(page: Page) {
  await header(page).getByRole('button', { name: 'Account' }).click();
  await page.getByRole('link', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/' && !url.search);
  await expectSignedOut(page);
}

test('a visitor signs up, stays signed in, changes the password, signs in with it and logs out', async ({
  page,
}) => {
  // A whole journey: three times the test budget (playwright.config.ts).
  test.slow();
  const email = newEmail();
  const visited = pathsVisited(page);
  await signUpThroughProvider(page, { email, password: 'first-secret' });
  // The provider sent the browser back to /callback, which completed the sign-in and went to /.
  const back = visited.indexOf('/callback', visited.lastIndexOf('/u/signup'));
  expect(back).toBeGreaterThan(0);
  expect(visited.slice(back).find((path) => path !== '/callback')).toBe('/');
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  const session = await storedSession(page);
  expect(session.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(Number(session.expires_at)).toBeGreaterThan(Date.now());
  expect(JSON.parse(session.user ?? '{}')).toMatchObject({ email });

  // A reload keeps the session; / shows the dashboard, never the landing page.
  await page.reload();
  await expectSignedIn(page);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await expect(page.locator('#hero-title')).toBeHidden();

  // The Account dropdown: closes on a click outside and on a route change.
  const account = header(page).getByRole('button', { name: 'Account' });
  const menu = page.locator('#account-menu');
  await account.click();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Support' })).toHaveAttribute('href', /^https:\/\//);
  await page.mouse.click(10, 600);
  await expect(menu).toBeHidden();
  await account.click();
  await menu.getByRole('link', { name: 'Manage' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(menu).toBeHidden();
  await expect(page).toHaveTitle('Account Settings | OTC Edge');

  // Password rules (docs/product.md §5), checked in the browser before anything is sent; beyond the brief, the
  // current password is asked first.
  const form = page.locator('form', { has: page.getByRole('heading', { name: 'Password' }) });
  const submit = form.getByRole('button', { name: 'Update Password' });
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('Enter your current password');
  await form.getByLabel('Current password').fill('not-my-password');
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('Both fields are Required');
  await form.getByLabel('New password').fill('new-secret');
  await form.getByLabel('Confirm password').fill('other-secret');
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('Passwords must Match');
  await form.getByLabel('New password').fill('short');
  await form.getByLabel('Confirm password').fill('short');
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('Must be longer than 6 Characters');
  await form.getByLabel('New password').fill('second-secret');
  await form.getByLabel('Confirm password').fill('second-secret');
  // The server checks the current password: a wrong one changes nothing.
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('That is not your current password');
  await form.getByLabel('Current password').fill('first-secret');
  const before = await refreshTokens(page);
  expect(before.length).toBeGreaterThan(0);
  const accessToken = await tokenTakenBefore(page);
  expect(await apiStatusWith(page, accessToken)).toBe(200);
  await submit.click();
  await expect(form.getByRole('status')).toHaveText(
    'Your password has been updated. Every device has been signed out: sign in again with your new password.',
  );
  // Every sign-in ended: no refresh token of before the change mints a token (a stolen one neither),
  // and the access token taken before it is refused at once, not when it expires.
  for (const token of before) expect(await refreshStatus(page, token)).toBe(400);
  expect(await apiStatusWith(page, accessToken)).toBe(401);

  // Signing in again: the old password no longer works; the new one does.
  await form.getByRole('button', { name: 'Sign in again' }).click();
  await providerSignIn(page, email, 'first-secret');
  await expect(page.getByText('Wrong email or password.')).toBeVisible();
  await providerSignIn(page, email, 'second-secret');
  await page.waitForURL((url) => url.pathname === '/' && url.search === '');
  await expectSignedIn(page);

  // Logging out revokes this device's refresh token, not only the provider's session.
  const kept = await refreshTokens(page);
  expect(kept.length).toBeGreaterThan(0);
  await logOut(page);
  expect(Object.values(await storedSession(page))).toEqual([null, null, null, null]);
  await expect(page.locator('#hero-title')).toBeVisible();
  for (const token of kept) expect(await refreshStatus(page, token)).toBe(400);
});

test('the email changes through the link mailed to the new address, and the old address is told', async ({
  page,
  browser,
}) => {
  test.slow(); // a payment, three sign-ins, two emails and a confirmation page
  const email = newEmail();
  await signUp(page, email, 'first-secret');
  // Another device of the member, signed in too: the change signs it out.
  const { laptop, other } = await signInElsewhere(browser, email, 'first-secret');

  await page.goto('/account');
  const form = page.locator('form', { has: page.getByRole('heading', { name: 'Email' }) });
  const submit = form.getByRole('button', { name: 'Update Email' });
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('Email is Required');
  await form.getByLabel('New email').fill('not-an-address');
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('Invalid Email');
  const changed = newEmail();
  await form.getByLabel('New email').fill(changed);
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('Enter your current password');
  await form.getByLabel('Current password').fill('first-secret');
  await submit.click();
  await expect(form.getByRole('status')).toHaveText(
    `We sent a link to ${changed}. Follow it within 24 hours to make it your email; until then nothing changes.`,
  );
  // Nothing changed yet: still signed in with the old address.
  await page.reload();
  await expect(form.locator('[data-current-email]')).toHaveText(email);
  const before = await refreshTokens(page);
  const accessToken = await tokenTakenBefore(page);

  // The link, from the new address's inbox, opened in this browser.
  const message = await waitForEmail(changed, /^Confirm your new email for OTC Edge$/);
  const link = message.links.find((href) => href.includes('/confirm-email#change='));
  expect(link, message.links.join(', ')).toBeDefined();
  await page.goto(onSite(link ?? ''));
  await page.getByRole('button', { name: 'Confirm my new email' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `Your email is now ${changed}. Every device has been signed out: sign in again with ${changed}.`,
  );
  // Every sign-in ended: this browser's session, its refresh tokens, the access token taken before.
  expect(Object.values(await storedSession(page))).toEqual([null, null, null, null]);
  await expectSignedOut(page);
  for (const token of before) expect(await refreshStatus(page, token)).toBe(400);
  expect(await apiStatusWith(page, accessToken)).toBe(401);
  // The other device's next call is refused, its renewal too: it is signed out, and signs in again.
  await other.goto('/account');
  await expect.poll(async () => Object.values(await storedSession(other))).toEqual([null, null, null, null]);
  await expectSignedOut(other);
  await laptop.close();

  // The old address is told, with a link that would put it back.
  const notice = await waitForEmail(email, /^Your OTC Edge email was changed$/);
  expect(notice.text).toContain(changed);
  expect(notice.links.some((href) => href.includes('/confirm-email#restore='))).toBe(true);

  // Signed in again with the new address: new tokens carry it, and the stored profile follows.
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await providerSignIn(page, changed, 'first-secret');
  await page.waitForURL((url) => url.pathname === '/' && url.search === '');
  await page.goto('/account');
  await expect(form.locator('[data-current-email]')).toHaveText(changed);
  expect(JSON.parse((await storedSession(page)).user ?? '{}')).toMatchObject({ email: changed });

  // The link works once.
  await page.goto(onSite(link ?? ''));
  await page.getByRole('button', { name: 'Confirm my new email' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'This link has expired or was already used. Ask for a new one on your Account page.',
  );
});

test('"Sign out everywhere" signs out every device, this one too', async ({ page, browser }) => {
  test.slow(); // a payment, then two devices signed in
  const email = newEmail();
  await signUp(page, email, 'first-secret');
  const { laptop, other } = await signInElsewhere(browser, email, 'first-secret');
  const otherToken = await tokenTakenBefore(other);

  await page.goto('/account');
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await page.waitForURL((url) => url.pathname === '/' && !url.search);
  await expectSignedOut(page);
  expect(Object.values(await storedSession(page))).toEqual([null, null, null, null]);
  // The other device's token is refused at once, and its next page load signs it out.
  expect(await apiStatusWith(other, otherToken)).toBe(401);
  await other.goto('/account');
  await expect.poll(async () => Object.values(await storedSession(other))).toEqual([null, null, null, null]);
  await expectSignedOut(other);
  await laptop.close();
});

test('an expired access token is renewed with the refresh token, without signing in again', async ({
  page,
}) => {
  await signUp(page, newEmail(), 'first-secret');
  const before = await storedSession(page);
  // A day later, as far as the browser knows: our expiry and the SDK's cached token both lapsed
  // (the SDK keeps `expiresAt`, in seconds, on its localStorage cache entries).
  await page.evaluate(() => {
    localStorage.setItem('expires_at', String(Date.now() - 1000));
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith('@@auth0spajs@@') || key.endsWith('@@user@@')) continue;
      const entry = JSON.parse(localStorage.getItem(key) ?? '{}');
      localStorage.setItem(key, JSON.stringify({ ...entry, expiresAt: Math.floor(Date.now() / 1000) - 10 }));
    }
  });
  const refresh = page.waitForRequest(
    (request) => request.url().endsWith('/oauth/token') && /refresh_token/.test(request.postData() ?? ''),
  );
  await page.goto('/account');
  await refresh;
  await expect.poll(async () => (await storedSession(page)).accessToken).not.toBe(before.accessToken);
  expect(Number((await storedSession(page)).expires_at)).toBeGreaterThan(Date.now());
  await expectSignedIn(page);
});

test('a stored token the API refuses is renewed once and the call retried', async ({ page }) => {
  await signUp(page, newEmail(), 'first-secret');
  // The token is forged on a marketing page, which runs no app and calls nothing: an app page left
  // open could still send a call (and renew) between the forging and /account's load.
  await page.goto('/faq');
  // Still "valid" by its stored expiry, but its signature is broken: every function answers 401.
  // The same token in the SDK's cache (`body.access_token` of its localStorage entry), so mirroring
  // the SDK into the session keys does not quietly repair it before the first call.
  const broken = await page.evaluate(() => {
    const token = localStorage.getItem('accessToken') ?? '';
    const forged = `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    localStorage.setItem('accessToken', forged);
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith('@@auth0spajs@@') || key.endsWith('@@user@@')) continue;
      const entry = JSON.parse(localStorage.getItem(key) ?? '{}');
      localStorage.setItem(key, JSON.stringify({ ...entry, body: { ...entry.body, access_token: forged } }));
    }
    return forged;
  });
  // Every call of the page load is refused (the status and the billing details, in parallel): they
  // share one renewal, and each is sent once more with the renewed token.
  const answers: string[] = [];
  const renewals: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/api/')) answers.push(`${pathname} ${response.status()}`);
    if (pathname.endsWith('/oauth/token')) renewals.push(`${response.status()}`);
  });
  await page.goto('/account');
  await expect(page.locator('[data-subscription-status]')).toContainText('Monthly plan');
  // The billing details are the page's other refused call: once they are in, the page load's calls are done.
  await expect.poll(() => answers.includes('/api/subscription/details 200')).toBe(true);
  const seen = `answers: ${answers.join(', ')}; renewals: ${renewals.join(', ')}`;
  const status = answers.filter((answer) => answer.startsWith('/api/subscription/status '));
  expect(status, seen).toEqual(['/api/subscription/status 401', '/api/subscription/status 200']);
  expect(renewals, seen).toEqual(['200']);
  // The loader asked for the billing details; the page's readers of them ask nothing more.
  expect(
    answers.filter((answer) => answer.startsWith('/api/subscription/details 200')),
    seen,
  ).toHaveLength(1);
  expect((await storedSession(page)).accessToken).not.toBe(broken);
});

test('a sign-in that cannot be completed signs the user out', async ({ page }) => {
  await signUp(page, newEmail(), 'first-secret');
  await page.goto('/callback?error=access_denied&error_description=denied&state=forged');
  await page.waitForURL((url) => url.pathname === '/' && !url.search);
  await expectSignedOut(page);
  expect((await storedSession(page)).accessToken).toBeNull();
});

test('/callback with nothing to complete goes to /', async ({ page }) => {
  await page.goto('/callback');
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.locator('#hero-title')).toBeVisible();
});

test.describe('route guards', () => {
  for (const path of ['/account', '/payment']) {
    test(`${path} without a token goes to /`, async ({ page }) => {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/');
      await expect(page.locator('#hero-title')).toBeVisible();
    });
  }

  test('in-app navigation away from /payment is blocked', async ({ page }) => {
    await signUp(page, newEmail(), 'first-secret', { member: false });
    await page.goto('/payment');
    await expect(page).toHaveTitle('Sign Up | OTC Edge');
    await expect(page.locator('header.site-nav')).toBeHidden();
    // A link to another member route, followed inside the app as the nav's links are.
    await page.evaluate(() => {
      const link = Object.assign(document.createElement('a'), { href: '/videos', textContent: 'Videos' });
      link.id = 'leave';
      document.querySelector('main')?.append(link);
    });
    await page.locator('#leave').click();
    // The click has been handled once a frame has been drawn after it and a task has run: a
    // navigation the router let through would have started by then. Event-loop turns, not time.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
    expect(new URL(page.url()).pathname).toBe('/payment');
    await expect(page.getByRole('heading', { name: 'Become a member' })).toBeVisible();
  });
});

test('a new account goes to /payment without a single refused member call', async ({ page }) => {
  const answers: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/'))
      answers.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  await signUp(page, newEmail(), 'first-secret', { member: false });
  await expect(page).toHaveURL(/\/payment$/);
  expect(answers.filter((answer) => answer.startsWith('403'))).toEqual([]);
  expect(answers).toContain('200 /api/subscription/status');
});

test('while /callback signs someone in, the bar shows neither Sign In nor Account', async ({ page }) => {
  // The sign-in SDK never arrives: the hand-off stays on "Signing you in…".
  await page.route('**/_astro/AuthRuntime*', () => {});
  await page.goto('/callback?code=pending&state=pending');
  await expect(page.getByText('Signing you in…')).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Sign In' })).toBeHidden();
  await expect(header(page).getByRole('link', { name: 'Sign Up' })).toBeHidden();
  await expect(header(page).getByRole('button', { name: 'Account' })).toBeHidden();
  await expect(header(page).locator('.brand')).toBeVisible();
});

test('the sign-up hint and its refusal state one rule: 6 characters are refused, 7 taken', async ({
  page,
}) => {
  await page.goto('/');
  await header(page).getByRole('link', { name: 'Sign Up' }).click();
  await page.waitForURL((url) => url.pathname === '/u/signup');
  await expect(page.locator('#password-hint')).toHaveText('At least 7 characters.');
  await page.getByLabel('Email address').fill(newEmail());
  await page.getByLabel('Password').fill('123456');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Must be longer than 6 Characters');
  await expect(page.locator('#password-hint')).toHaveText('At least 7 characters.');
  await page.getByLabel('Password').fill('1234567');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname === '/payment');
});

test('Forgot password? sets a new password through a one-time link emailed to the local inbox', async ({
  page,
  browser,
}) => {
  test.slow();
  const email = newEmail();
  // The account is made in another browser: this one has no provider session yet.
  const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL ?? '' });
  await signUp(await other.newPage(), email, 'first-secret', { member: false });
  await other.close();

  await page.goto('/');
  await header(page).getByRole('link', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/u/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL((url) => url.pathname === '/u/reset-password');
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.locator('[data-local-mail]')).toContainText(
    'Local mode: the reset email goes to the local mail inbox',
  );

  // An address without an account gets the very same answer, and no link.
  await page.getByLabel('Email address').fill(newEmail());
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const sent = page.getByRole('status');
  await expect(sent).toHaveText(
    /^If an account exists for that address, a link to reset its password is on its way\./,
  );
  const unknownAnswer = await sent.textContent();
  await page.goBack();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(sent).toHaveText(unknownAnswer ?? '');

  // The email, read from the local mail inbox as the member reads it.
  const mail = await waitForEmail(email, /^Reset your OTC Edge password$/);
  const link = mail.links.find((href) => href.includes('/u/new-password?token='));
  expect(link).toBeTruthy();
  await page.goto(link ?? '');
  await expect(page.locator('#password-hint')).toHaveText('At least 7 characters.');
  await page.getByLabel('New password', { exact: true }).fill('123456');
  await page.getByLabel('Confirm new password').fill('123456');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Must be longer than 6 Characters');
  await page.getByLabel('New password', { exact: true }).fill('reset-secret');
  await page.getByLabel('Confirm new password').fill('reset-secret');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

  // Used once: the link is spent. The old password is refused, the new one signs in.
  await page.goto(link ?? '');
  await expect(page.getByRole('heading', { name: 'Link expired' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to OTC Edge' }).click();
  await header(page).getByRole('link', { name: 'Sign In' }).click();
  await providerSignIn(page, email, 'first-secret');
  await expect(page.getByText('Wrong email or password.')).toBeVisible();
  await page.getByLabel('Password').fill('reset-secret');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/payment');
});
