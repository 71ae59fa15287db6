import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ensureOperator } from '../../functions/_lib/identity/local-users.ts';
import { createStore } from '../../functions/_lib/store.ts';
import { LOCAL_OPERATOR_EMAIL } from '../../scripts/local/stack.ts';
import { signInNewMember, storedSub } from './support/members.ts';
import { expect, test } from './support/test.ts';

// The operator's console (/console): the local operator account (made by the local stack, as
// `npm start` does) finds a member who has just paid, their row, detail and audit log; members and
// visitors are turned away without being sent to /payment.

const REFUSAL = 'This page is for the people who run OTC Edge.';
const OPERATOR_PASSWORD = 'operator-journey-secret';

/** The local operator, with a password this run knows (the stack generates its own and prints it). */
async function operatorAccount(): Promise<{ email: string; password: string }> {
  const store = createStore({
    url: process.env.UPSTASH_REDIS_REST_URL ?? '',
    token: process.env.UPSTASH_REDIS_REST_TOKEN ?? '',
  });
  await ensureOperator(store, { email: LOCAL_OPERATOR_EMAIL, password: OPERATOR_PASSWORD });
  return { email: LOCAL_OPERATOR_EMAIL, password: OPERATOR_PASSWORD };
}

/** A new member who pays for the monthly plan on /payment, as a visitor would. */
async function payingMember(page: Page) {
  const member = await signInNewMember(page, { member: false });
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Submit \$[\d.]+ Payment$/ }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  return member;
}

const consoleLink = (page: Page) =>
  page.locator('header.site-nav').getByRole('link', { name: 'Console', exact: true });

test('the operator finds a member who just paid: their row, detail, audit log and its CSV', async ({
  page,
  browser,
}) => {
  test.slow(); // a whole journey: a payment, then the operator's sign-in and console
  const member = await payingMember(page);

  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  try {
    const { email, password } = await operatorAccount();
    await operator.goto('/');
    await operator.locator('header.site-nav').getByRole('link', { name: 'Sign In' }).click();
    await operator.waitForURL((url) => url.pathname === '/u/login');
    await operator.getByLabel('Email address').fill(email);
    await operator.getByLabel('Password').fill(password);
    await operator.getByRole('button', { name: 'Sign in' }).click();
    // An operator lands on the console after signing in (no membership needed, no /payment).
    await operator.waitForURL((url) => url.pathname === '/console');
    await expect(operator.getByRole('heading', { level: 1, name: 'Console' })).toBeVisible();
    await storedSub(operator);

    // A pre-built page shows the operator the Console link; it opens the console.
    await operator.goto('/features');
    await consoleLink(operator).click();
    await operator.waitForURL((url) => url.pathname === '/console');
    await expect(operator.getByRole('heading', { level: 1, name: 'Console' })).toBeVisible();
    await expect(consoleLink(operator)).toHaveAttribute('aria-current', 'page');
    await expect(operator.getByRole('table', { name: 'Members, newest first' })).toBeVisible();

    await operator.getByLabel('Email or customer id').fill(member.email.toUpperCase());
    await operator.getByRole('button', { name: 'Search' }).click();
    const found = operator.getByRole('table', { name: `Members matching “${member.email.toUpperCase()}”` });
    const row = found.getByRole('row').filter({ hasText: member.email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Monthly');
    await expect(row).toContainText('Active');
    await expect(row.getByRole('cell').nth(3)).toHaveText('On'); // autopay

    await row.getByRole('button', { name: member.email }).click();
    const detail = operator.getByRole('region', { name: member.email });
    await expect(detail).toContainText(member.sub);
    await expect(detail).toContainText(/cus_/);
    const log = detail.getByRole('table', { name: `Audit log of ${member.email}, newest first` });
    const entry = log.getByRole('row').filter({ hasText: 'billing.state' }).first();
    await expect(entry).toContainText('Billing');
    await expect(entry).toContainText('status');

    const [download] = await Promise.all([
      operator.waitForEvent('download'),
      detail.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-member-[\w-]+-example\.com\.csv$/);
    const csv = readFileSync((await download.path()) ?? '', 'utf8');
    expect(csv.split('\r\n')[0]).toContain('action');
    expect(csv).toContain(member.sub);
    expect(csv).toContain('billing.state');

    // The whole log has the same change, among everyone's.
    await operator.getByRole('tab', { name: 'Audit log' }).click();
    const all = operator.getByRole('table', { name: 'Audit log, newest first' });
    await expect(all.getByRole('row').filter({ hasText: member.sub }).first()).toBeVisible();
  } finally {
    await operatorContext.close();
  }
});

test('a member opening /console is told it is not for them and stays; a visitor is asked to sign in', async ({
  page,
  browser,
}) => {
  await signInNewMember(page);
  await expect(consoleLink(page)).toBeHidden();
  const refused: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/operator/')) refused.push(response.status());
  });
  await page.goto('/console');
  await expect(page.getByRole('alert')).toHaveText(REFUSAL);
  expect(refused).toContain(403);
  await expect(page).toHaveURL((url) => url.pathname === '/console');
  await expect(consoleLink(page)).toBeHidden();

  const visitorContext = await browser.newContext();
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto('/console');
    await expect(visitor.getByRole('heading', { level: 1, name: 'Console' })).toBeVisible();
    await expect(visitor.getByText('Sign in with an operator account to open the console.')).toBeVisible();
    await expect(visitor.locator('main').getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(visitor).toHaveURL((url) => url.pathname === '/console');
  } finally {
    await visitorContext.close();
  }
});
