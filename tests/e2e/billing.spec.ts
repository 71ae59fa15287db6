import type { Page } from '@playwright/test';
import { signInNewMember } from './support/members.ts';
import { expect, test } from './support/test.ts';

// Buying a membership with the local test-mode billing (the embedded default): the real member app
// in Chromium, the functions, local billing state in the throw-away Redis.

const submit = (page: Page) => page.getByRole('button', { name: /^Submit \$[\d.]+ Payment$/ });

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

async function openPayment(page: Page) {
  await page.goto('/payment');
  await expect(page).toHaveTitle('Sign Up | OTC Edge');
  await expect(submit(page)).toHaveText('Submit $64.99 Payment');
}

test('a new member is sent to /payment for member content, pays by card and gets access', async ({
  page,
}) => {
  // A whole journey: three times the test budget (playwright.config.ts).
  test.slow();
  const { email } = await signInNewMember(page, { member: false });
  // Member content without a membership (the dashboard just sent us here, and so does the library):
  // the API answers redirect: true, the app goes to /payment.
  await page.goto('/videos');
  await page.waitForURL((url) => url.pathname === '/payment');
  await expect(page.locator('header.site-nav')).toBeHidden();
  await expect(page.getByLabel('Email')).toHaveValue(email);

  // Plan choice moves the price and the label; monthly is the default.
  await expect(page.getByRole('radio', { name: /Monthly/ })).toBeChecked();
  await page.getByText('Yearly', { exact: true }).click();
  await expect(submit(page)).toHaveText('Submit $599.99 Payment');
  await expect(page.locator('[data-plan="yearly"] .badge')).toHaveText('Save 20%');
  await page.getByText('Monthly', { exact: true }).click();
  await expect(submit(page)).toHaveText('Submit $64.99 Payment');

  await submit(page).click();
  await expect(page.getByText('Card Info Required')).toBeVisible();

  await fillCard(page, '4242 4242 4242 4242');
  await submit(page).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  // The new token carries the payment customer id (docs/product.md §3 User profile).
  const user = JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? '{}');
  expect(user['https://otcedge.app/customer_id']).toMatch(/^cus_/);

  // Member content now opens, and /payment sends a member home.
  await page.goto('/videos');
  await expect(page).toHaveURL(/\/videos$/);
  await page.goto('/payment');
  await page.waitForURL((url) => url.pathname === '/');

  // /account: autopay off and on, then the yearly upgrade.
  await page.goto('/account');
  const status = page.locator('[data-subscription-status]');
  await expect(status).toContainText('Monthly plan — renews on');
  await page.getByRole('checkbox', { name: 'Autopay' }).click();
  await expect(status).toContainText('ends on');
  await page.getByRole('checkbox', { name: 'Autopay' }).click();
  await expect(status).toContainText('renews on');
  const upgradeCard = page.locator('[data-upgrade-card]');
  await upgradeCard.getByRole('button', { name: 'Upgrade to Yearly' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm Upgrade' }).click();
  await expect(page.getByText('Your subscription has been updated to Yearly')).toBeVisible();
  await expect(upgradeCard).toBeHidden();
  await page.reload();
  await expect(status).toContainText('Yearly plan — renews on');
  await expect(upgradeCard).toBeHidden();
  // The dashboard's yearly-upgrade promo is for monthly members only.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Latest Videos' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Yearly plan' })).toHaveCount(0);
  await page.goto('/account');

  // Replacing the card: a declined card shows the provider's words, a good one is taken.
  const cardForm = page.locator('form', { has: page.getByRole('heading', { name: 'Card' }) });
  await fillCard(page, '4000 0000 0000 0002');
  await cardForm.getByRole('button', { name: 'Update Card' }).click();
  await expect(cardForm.getByRole('alert')).toHaveText('Your card was declined.');
  await fillCard(page, '5555 5555 5555 4444');
  await cardForm.getByRole('button', { name: 'Update Card' }).click();
  await expect(cardForm.getByRole('status')).toHaveText('Your card has been updated.');
});

test('a declined card shows the decline, stops loading and grants nothing', async ({ page }) => {
  await signInNewMember(page, { member: false });
  await openPayment(page);
  await fillCard(page, '4000 0000 0000 0002');
  await submit(page).click();
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await expect(submit(page)).toBeEnabled();
  await expect(submit(page)).toHaveText('Submit $64.99 Payment');
  // Still no membership: member pages send the user back to /payment.
  await page.goto('/account');
  await page.waitForURL((url) => url.pathname === '/payment');
});

test('a promo code locks its plan and changes the price on the button', async ({ page }) => {
  await signInNewMember(page, { member: false });
  await openPayment(page);
  const promo = page.getByLabel('Promo code');
  await promo.fill('NOT-A-CODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Invalid Promo Code')).toBeVisible();
  await promo.fill('YEARLY20');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Discount Applied')).toBeVisible();
  await expect(submit(page)).toHaveText('Submit $479.99 Payment');
  await expect(page.getByRole('radio', { name: /Yearly/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Monthly/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await fillCard(page, '4242 4242 4242 4242');
  await submit(page).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/account');
  await expect(page.locator('[data-subscription-status]')).toContainText('Yearly plan');
});

test('?discount=email is remembered and fills in the newsletter promotion on /payment', async ({ page }) => {
  // A visitor arrives from the newsletter link, then signs up.
  await page.goto('/?discount=email');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('#hero-title')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('promo-access'))).toBe('email');
  await signInNewMember(page, { member: false });
  await expect(page.getByLabel('Promo code')).toHaveValue('NEWSLETTER15');
  await expect(page.getByText('Discount Applied')).toBeVisible();
  await expect(submit(page)).toHaveText('Submit $55.24 Payment');
});

test('with Stripe configured but Stripe.js unreachable, the card field says so and nothing is sent', async ({
  page,
}) => {
  // This product runs local billing; the browser is told a publishable key instead (as in production)
  // and js.stripe.com is unreachable, as on a blocked or offline network.
  await page.route('**/api/appconfig', async (route) => {
    const config = await (await route.fetch()).json();
    await route.fulfill({ json: { ...config, billing: { publishableKey: 'pk_test_unreachable' } } });
  });
  await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
  const charges: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/charge') charges.push(request.url());
  });
  await signInNewMember(page, { member: false });
  await expect(page.getByText('The secure card form could not load.', { exact: false })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await submit(page).click();
  await expect(page.getByText('Card Info Required')).toBeVisible();
  expect(charges).toEqual([]);
});
