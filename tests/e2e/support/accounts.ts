import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

/** A fresh address per test: tests run in parallel against one store. */
export const newEmail = () => `member-${randomUUID().slice(0, 8)}@example.com`;

/** Signs a new visitor up through the local provider's pages, ending signed in on /. */
export async function signUpNewMember(page: Page, email = newEmail(), password = 'first-secret') {
  await page.goto('/');
  await page.locator('header.site-nav').getByRole('link', { name: 'Sign Up' }).click();
  await page.waitForURL((url) => url.pathname === '/u/signup');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname === '/' && url.search === '');
  await expect(page.locator('header.site-nav').getByRole('button', { name: 'Account' })).toBeVisible();
  return { email, password };
}
