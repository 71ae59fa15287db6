import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { createClient } from 'redis';
import { membershipKey } from '../../functions/_lib/billing/membership.ts';
import { site } from '../../site/lib/site.ts';
import { signInNewMember, signUp } from './support/members.ts';
import { expect, test } from './support/test.ts';

// The affiliate programme: /affiliates for visitors and members, and a referral from an affiliate
// link on a static page through sign-up and payment (local billing) to the membership and the report.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const newReferral = () => `abc123-${randomUUID().slice(0, 6)}`;

const referralCookie = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'otc_ref');

/** Requests the page makes to anything but the product itself (the affiliate service's script…). */
function thirdPartyRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { hostname } = new URL(request.url());
    if (!['localhost', '127.0.0.1'].includes(hostname)) seen.push(request.url());
  });
  return seen;
}

test('a visitor sees the programme with its 30% recurring commission and how it works', async ({ page }) => {
  await page.goto('/affiliates');
  await expect(page).toHaveTitle('Affiliates | OTC Edge');
  await expect(page.getByRole('heading', { name: 'Earn 30% recurring commission' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'How it works' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('link', { name: 'Join Now' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Become an affiliate' })).toHaveCount(0);
});

test('a member gets the sign-up and dashboard links of the affiliate service', async ({ page }) => {
  await signInNewMember(page);
  await page
    .getByRole('link', { name: /Affiliates/ })
    .first()
    .click();
  await page.waitForURL((url) => url.pathname === '/affiliates');
  await expect(page.getByRole('heading', { name: 'Your affiliate account' })).toBeVisible();
  await expect(page.getByText(`runs on ${site.affiliate.service}`)).toBeVisible();
  const signUpLink = page.getByRole('link', { name: 'Become an affiliate' });
  await expect(signUpLink).toHaveAttribute('href', site.affiliate.signUpUrl);
  await expect(signUpLink).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByRole('link', { name: 'Affiliate dashboard' })).toHaveAttribute(
    'href',
    site.affiliate.dashboardUrl,
  );
  await expect(page.getByRole('link', { name: 'Join Now' })).toHaveCount(0);
});

test('an affiliate link on a static page keeps the referral 30 days; bad ids are ignored, the last good one wins', async ({
  page,
}) => {
  const thirdParty = thirdPartyRequests(page);
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  const first = newReferral();
  await page.goto(`/features?via=${first}`);
  await page.waitForLoadState('networkidle');
  const cookie = await referralCookie(page);
  expect(cookie).toMatchObject({ value: first, path: '/', sameSite: 'Lax', httpOnly: false });
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThanOrEqual(30);
  // Still no script file on a static page, and nothing from the affiliate service unless configured.
  expect(scripts).toEqual([]);
  expect(thirdParty).toEqual([]);

  await page.goto('/faq?via=%3Cscript%3E');
  expect((await referralCookie(page))?.value).toBe(first);
  const second = newReferral();
  await page.goto(`/?ref=${second}`);
  expect((await referralCookie(page))?.value).toBe(second);
});

test('a visitor arriving with ?via= signs up, pays, and the referral is on the membership and in the report', async ({
  page,
}) => {
  const via = newReferral();
  const thirdParty = thirdPartyRequests(page);
  await page.goto(`/features?via=${via}`);
  expect((await referralCookie(page))?.value).toBe(via);

  const { sub } = await signUp(page, { member: false });
  let charge: Record<string, unknown> = {};
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/charge') charge = request.postDataJSON();
  });
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Submit $64.99 Payment' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  expect(charge).toMatchObject({ referral: via });
  expect(charge).not.toHaveProperty('referralClick'); // no affiliate service configured here
  expect(thirdParty).toEqual([]);

  const redis = await createClient({ url: process.env.E2E_REDIS_URL ?? '' }).connect();
  try {
    expect(JSON.parse((await redis.get(membershipKey(sub))) ?? '{}')).toMatchObject({
      plan: 'monthly',
      referral: via,
    });
  } finally {
    await redis.quit();
  }

  // The local report lists it (the product's store is named by the environment the setup left).
  const { stdout } = await promisify(execFile)(process.execPath, ['scripts/affiliates-report.ts', '--json'], {
    cwd: ROOT,
    env: process.env,
  });
  const row = (JSON.parse(stdout).referred as Array<Record<string, string>>).find((r) => r.referral === via);
  expect(row).toMatchObject({ plan: 'monthly', amount: '64.99', commission: '19.497' });
  expect(row?.member).toMatch(/^member-.+@example\.com$/);
});

test('with the affiliate service configured, /payment loads its script and sends its visit id with the charge', async ({
  page,
}) => {
  const via = newReferral();
  const visitId = randomUUID();
  // Stand-ins at the network edge only: the pages' policy and the settings answer as with
  // REWARDFUL_API_KEY set at build and run time, and Rewardful's script as it behaves for a referred
  // visitor (it exposes the visit's id).
  await page.route('**/*', async (route) => {
    const ours = new URL(route.request().url()).origin === new URL(process.env.E2E_BASE_URL ?? '').origin;
    if (!ours || route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch({ maxRedirects: 0 });
    const policy = (response.headers()['content-security-policy'] ?? '')
      .replace("script-src 'self'", "script-src 'self' https://r.wdfl.co")
      .replace("connect-src 'self'", "connect-src 'self' https://r.wdfl.co");
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': policy } });
  });
  await page.route('**/api/appconfig', async (route) => {
    const answer = await (await route.fetch()).json();
    await route.fulfill({ json: { ...answer, affiliate: { rewardfulKey: 'rwkey123' } } });
  });
  const loaded: string[] = [];
  await page.route('https://r.wdfl.co/rw.js', async (route) => {
    loaded.push(new URL(page.url()).pathname);
    await route.fulfill({
      contentType: 'text/javascript',
      body: `window.Rewardful = { referral: ${JSON.stringify(visitId)} };`,
    });
  });

  await page.goto(`/features?via=${via}`);
  await signInNewMember(page, { member: false });
  await expect(page.locator('script[data-rewardful="rwkey123"]')).toHaveAttribute(
    'src',
    'https://r.wdfl.co/rw.js',
  );
  await expect.poll(() => loaded).toEqual(['/payment']);
  await page.waitForFunction(() => Boolean((window as { Rewardful?: unknown }).Rewardful));

  const chargeRequest = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/charge');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Submit $64.99 Payment' }).click();
  expect((await chargeRequest).postDataJSON()).toMatchObject({ referral: via, referralClick: visitId });
  await page.waitForURL((url) => url.pathname === '/');
});
