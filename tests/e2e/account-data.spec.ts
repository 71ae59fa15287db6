import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { memberApi, newEmail, signInNewMember, storedSub } from './support/members.ts';
import { expect, test } from './support/test.ts';

// /account "Your data" (docs/security.md): a member takes their data as a file, then deletes the
// account with their password; signing in again fails, and the same email signs up as someone new.

const header = (page: Page) => page.locator('header.site-nav');

/** What the browser keeps of a session: the app's keys and the sign-in SDK's cache. */
const storedSession = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage).filter(
      (key) =>
        ['accessToken', 'id_token', 'expires_at', 'user'].includes(key) || key.startsWith('@@auth0spajs@@'),
    ),
  );

test('a member downloads their data, deletes the account, cannot sign in again, and signs up anew', async ({
  page,
}) => {
  test.slow();
  const email = newEmail();
  const password = 'member-secret';
  const { sub } = await signInNewMember(page, { email, password });
  await memberApi(page, 'journal/notes/update', {
    note_id: 'note_Yourdata00000001',
    title: 'Gap plan for $ABCD',
    body: '<p>Wait for the open $ABCD</p>',
    basedOn: null,
    symbols: ['ABCD'],
    categories: [],
  });
  await memberApi(page, 'journal/trades/update', {
    trade_id: 'trade_Yourdata00000001',
    symbol: 'ABCD',
    tradeType: 'buy',
    buyPrice: '0.0042',
    shares: '1000',
    note: 'Bought the dip',
  });

  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Your data' });
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^otc-edge-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path()) ?? '', 'utf8'));
  expect(data).toMatchObject({
    format: 'otc-edge-member-data',
    profile: { email },
    subscription: { plan: 'monthly', status: 'active' },
    notes: [{ title: 'Gap plan for $ABCD', symbols: ['ABCD'] }],
    trades: [{ symbol: 'ABCD', note: 'Bought the dip' }],
  });
  await expect(section.getByText('Your data has been downloaded.')).toBeVisible();

  // The dialog: a wrong password is refused inline, the right one deletes.
  await section.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Enter your password to delete your account');
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('That is not your password');
  await dialog.getByLabel('Your password').fill(password);
  const stored = await storedSession(page);
  expect(stored).toContain('accessToken');
  expect(stored.filter((key) => key.startsWith('@@auth0spajs@@')).length).toBeGreaterThan(0);
  const deleting = page.waitForResponse((r) => r.url().endsWith('/api/account/delete') && r.ok());
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await deleting;
  // From the server's confirmation on, no call carries the deleted member's token.
  const withToken: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/') && request.headers().authorization)
      withToken.push(request.url());
  });
  const done = page.getByRole('dialog', { name: 'Your account has been deleted' });
  await expect(done).toBeVisible();

  // This device is signed out at once, before the member presses Sign out: another tab (as a reload
  // would) opens /account as a visitor and lands on the site, not on /payment; nothing of the session
  // is stored, neither the app's keys and marker cookie nor the sign-in SDK's cache.
  const other = await page.context().newPage();
  await other.goto('/account');
  await expect.poll(() => new URL(other.url()).pathname).toBe('/');
  await expect(header(other).getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect.poll(() => storedSession(other)).toEqual([]);
  expect((await page.context().cookies()).filter((c) => c.name === 'otc_session' && c.value !== '')).toEqual(
    [],
  );
  await other.close();
  // The confirmation is still there; its button ends the provider's session too.
  await expect(done).toBeVisible();
  expect(withToken).toEqual([]);
  await done.getByRole('button', { name: 'Sign out' }).click();

  // Signed out, back on the site.
  await page.waitForURL((url) => url.pathname === '/');
  await expect(header(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

  // Signing in again fails with the provider's message.
  await header(page).getByRole('link', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/u/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Wrong email or password.')).toBeVisible();

  // The same email signs up as a new account: a new subject, none of the old data.
  await page.goto('/');
  await header(page).getByRole('link', { name: 'Sign Up' }).click();
  await page.waitForURL((url) => url.pathname === '/u/signup');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('another-secret');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname === '/payment');
  const fresh = await storedSub(page);
  expect(fresh).not.toBe(sub);
  const exported = JSON.parse(await (await memberApi(page, 'account/export', {})).text());
  expect(exported).toMatchObject({ profile: { email }, subscription: null, notes: [], trades: [] });
});
