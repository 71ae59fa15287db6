import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { createClient } from 'redis';
import { type Membership, membershipKey } from '../../../functions/_lib/billing/membership.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * A new account through the local provider's sign-up page, as a visitor would, ending signed in on
 * `/`. With `member` (the default) it also gets an active membership, written where billing keeps it.
 */
export async function signUp(page: Page, { member = true } = {}): Promise<{ email: string; sub: string }> {
  const email = `member-${randomUUID().slice(0, 8)}@example.com`;
  await page.goto('/');
  await page.locator('header.site-nav').getByRole('link', { name: 'Sign Up' }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('member-secret');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname === '/' && url.search === '');
  await expect(page.locator('header.site-nav').getByRole('button', { name: 'Account' })).toBeVisible();
  const sub = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('user') ?? '{}') as { sub?: string }).sub,
  );
  if (!sub) throw new Error('no user in localStorage after sign-up');
  if (member) await grantMembership(sub);
  return { email, sub };
}

/** Writes an active monthly membership for `sub` into the product's Redis. */
export async function grantMembership(sub: string, overrides: Partial<Membership> = {}): Promise<void> {
  const now = Date.now();
  const membership: Membership = {
    customerId: `cus_${randomUUID().slice(0, 8)}`,
    subscriptionId: `sub_${randomUUID().slice(0, 8)}`,
    plan: 'monthly',
    status: 'active',
    currentPeriodEnd: now + 30 * DAY,
    cancelAtPeriodEnd: false,
    asOf: now,
    ...overrides,
  };
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
