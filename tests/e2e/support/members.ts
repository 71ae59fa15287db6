import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type APIResponse, expect, type Page } from '@playwright/test';
import { createClient } from 'redis';
import { type Membership, membershipKey } from '../../../functions/_lib/billing/membership.ts';
import { userKeys } from '../../../functions/_lib/identity/local-users.ts';
import { activeMembership } from '../../support/members.ts';
import { authorizeUrl } from '../../support/oidc-browser.ts';

/** A fresh address per test: tests run in parallel against one store. */
export const newEmail = () => `member-${randomUUID().slice(0, 8)}@example.com`;

/**
 * A new account through the local provider's sign-up page, as a visitor would. The provider sends
 * the browser back through /callback, and the new user on to /payment. With `member` (the default)
 * the account then gets an active membership, written where billing keeps it, and / is opened
 * again: the dashboard. Tests that are not about signing up use signInNewMember (faster).
 */
export async function signUp(
  page: Page,
  { member = true, email = newEmail(), password = 'member-secret' } = {},
): Promise<{ email: string; password: string; sub: string }> {
  await page.goto('/');
  await page.locator('header.site-nav').getByRole('link', { name: 'Sign Up' }).click();
  await page.waitForURL((url) => url.pathname === '/u/signup');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  // On arrival /payment asks the server once whether the account is a member yet (payment/verify)
  // and goes to / by itself when it is. The membership is granted only once that answer is in:
  // granted before, the page's own move to / would cut off the one opened below (net::ERR_ABORTED).
  const verified = page.waitForResponse((response) => response.url().endsWith('/api/payment/verify'));
  await page.getByRole('button', { name: 'Create account' }).click();
  // A new account is sent on to /payment (sign-in.spec.ts checks how); there the app has settled.
  await page.waitForURL((url) => url.pathname === '/payment');
  await expect(page.getByRole('heading', { name: 'Become a member' })).toBeVisible();
  await verified;
  const sub = await storedSub(page);
  if (member) {
    await grantMembership(sub);
    await page.goto('/');
    await expect(page.locator('header.site-nav').getByRole('button', { name: 'Account' })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/');
  }
  return { email, password, sub };
}

/**
 * A new account signed in without walking the provider's pages: for every test that needs a
 * member but is not about signing in (sign-in.spec.ts walks the pages, as a visitor does).
 *
 * The account is made through the provider's own endpoints, in the browser context's cookie jar
 * (`context.request` shares it): /authorize, then the sign-up form's POST. That leaves the
 * provider's session cookie behind, so the app's own Sign In hand-off then goes through the real
 * SDK and provider (authorize → code → token exchange) with no page to fill in. With `member`
 * (the default) the membership is written before the app first asks, so it lands on the
 * dashboard; without, the app sends the new user on to /payment.
 */
export async function signInNewMember(
  page: Page,
  { member = true, email = newEmail(), password = 'member-secret' } = {},
): Promise<{ email: string; password: string; sub: string }> {
  const sub = await createProviderSession(page, email, password);
  if (member) await grantMembership(sub);
  await page.goto('/callback?login=signin');
  if (member) {
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.locator('header.site-nav').getByRole('button', { name: 'Account' })).toBeVisible();
  } else {
    await page.waitForURL((url) => url.pathname === '/payment');
  }
  expect(await storedSub(page)).toBe(sub);
  return { email, password, sub };
}

/** Signs `email` up at the provider in the page's cookie jar; answers the new account's subject. */
async function createProviderSession(page: Page, email: string, password: string): Promise<string> {
  const request = page.context().request;
  const appconfig = await request.get('/api/appconfig');
  expect(appconfig.ok()).toBe(true);
  const { auth } = (await appconfig.json()) as {
    auth: { domain: string; clientId: string; audience: string };
  };
  const origin = new URL(page.url() === 'about:blank' ? (process.env.E2E_BASE_URL ?? '') : page.url()).origin;
  const authorize = new URL(
    authorizeUrl(
      { url: auth.domain, clientId: auth.clientId, audience: auth.audience, app: origin },
      { screen_hint: 'signup' },
    ),
  );
  // /authorize → /u/signup?state={interaction}: the form the page would show.
  const form = await followToPage(request, authorize.href);
  const uid = new URL(form.url()).searchParams.get('state');
  expect(uid, 'the provider hands the sign-up to its form').toBeTruthy();
  const submitted = await request.post(new URL('/u/signup', auth.domain).href, {
    form: { state: uid ?? '', email, password },
    maxRedirects: 0,
  });
  expect(submitted.status(), await submitted.text()).toBe(303);
  // The provider keeps the session once its resume step runs; that step sends the code back to the
  // app, which is where this stops (the code is left unused: the SDK gets its own).
  const provider = new URL(auth.domain).origin;
  const back = await followRedirects(request, submitted, (url) => url.origin === provider);
  expect(new URL(back.headers().location ?? '', back.url()).pathname).toBe('/callback');
  const redis = await createClient({ url: process.env.E2E_REDIS_URL ?? '' }).connect();
  try {
    const sub = await redis.get(userKeys.email(email));
    expect(sub, 'the provider stored the new account').toBeTruthy();
    return sub as string;
  } finally {
    await redis.quit();
  }
}

/** Follows redirects by hand (they cross the app's and the provider's origins) to the first page. */
async function followToPage(request: APIRequestContext, url: string): Promise<APIResponse> {
  const response = await followRedirects(request, await request.get(url, { maxRedirects: 0 }), () => true);
  expect(response.status(), await response.text()).toBe(200);
  return response;
}

/** Follows a redirect chain while `follow` accepts the next address; answers the last response. */
async function followRedirects(
  request: APIRequestContext,
  first: APIResponse,
  follow: (next: URL) => boolean,
): Promise<APIResponse> {
  let response = first;
  for (let hops = 0; hops < 8 && response.status() >= 300 && response.status() < 400; hops++) {
    const next = new URL(response.headers().location ?? '', response.url());
    if (!follow(next)) break;
    response = await request.get(next.href, { maxRedirects: 0 });
  }
  return response;
}

/** The signed-in user's subject, once the app has stored the session (retried across navigations). */
export async function storedSub(page: Page): Promise<string> {
  let sub: string | undefined;
  await expect(async () => {
    sub = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('user') ?? '{}') as { sub?: string }).sub,
    );
    expect(sub).toBeTruthy();
  }).toPass({ timeout: 20_000 });
  return sub as string;
}

/** Writes an active monthly membership for `sub` into the product's Redis. */
export async function grantMembership(sub: string, overrides: Partial<Membership> = {}): Promise<void> {
  const membership = activeMembership(overrides);
  const redis = await createClient({ url: process.env.E2E_REDIS_URL ?? '' }).connect();
  try {
    await redis.set(membershipKey(sub), JSON.stringify(membership));
  } finally {
    await redis.quit();
  }
}

/** Counts the page's calls to one /api endpoint from now on. */
export function countApiCalls(page: Page, name: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api/${name}`) count++;
  });
  return () => count;
}

/** One of the member's own API calls, with the token the app stored (the page must have signed in). */
export async function memberApi(page: Page, name: string, body: unknown): Promise<APIResponse> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await page.request.post(`/api/${name}`, {
    data: body,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return response;
}
