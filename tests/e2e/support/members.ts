import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { createClient } from 'redis';
import { type Membership, membershipKey } from '../../../functions/_lib/billing/membership.ts';
import { activeMembership } from '../../support/members.ts';

/** A fresh address per test: tests run in parallel against one store. */
export const newEmail = () => `member-${randomUUID().slice(0, 8)}@example.com`;

/**
 * A new account through the local provider's sign-up page, as a visitor would. The provider sends
 * the browser back through /callback to / with the session stored. With `member` (the default) the
 * account then gets an active membership, written where billing keeps it, and / is opened again:
 * the dashboard. Without, the dashboard's member content sends the new user on to /payment.
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
  await page.getByRole('button', { name: 'Create account' }).click();
  const sub = await storedSub(page);
  if (member) {
    await grantMembership(sub);
    // The dashboard may still be sending the not-yet-member to /payment: open / until it stays there.
    await expect(async () => {
      await page.goto('/');
      await expect(page.locator('header.site-nav').getByRole('button', { name: 'Account' })).toBeVisible({
        timeout: 3_000,
      });
      expect(new URL(page.url()).pathname).toBe('/');
    }).toPass({ timeout: 20_000 });
  } else {
    await page.waitForURL((url) => url.pathname === '/payment');
  }
  return { email, password, sub };
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
