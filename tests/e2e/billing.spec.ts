import type { Page } from '@playwright/test';
import { ensureOperator } from '../../functions/_lib/identity/local-users.ts';
import { createStore } from '../../functions/_lib/store.ts';
import { SESSION_KEYS } from '../../member-app/auth/session.ts';
import { LOCAL_OPERATOR_EMAIL } from '../../scripts/local/stack.ts';
import { signInNewMember, storedSub } from './support/members.ts';
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

  // /account: the card as entered, autopay off and on (each saying what it means for the money),
  // then the yearly upgrade with its amount due now shown before Confirm.
  await page.goto('/account');
  await expect(page.locator('[data-card-on-file]')).toHaveText(
    'Card on file: Visa ending in 4242, expires 12/2034',
  );
  const status = page.locator('[data-subscription-status]');
  const autopay = page.locator('[data-autopay-note]');
  await expect(status).toContainText('Monthly plan — renews on');
  await expect(autopay).toHaveText(
    /^Autopay is on: your card will be charged \$64\.99 on [A-Z][a-z]+ \d{1,2}, \d{4}\.$/,
  );
  // Turning it off is confirmed first (a reason is optional); keeping it changes nothing.
  await page.getByRole('checkbox', { name: 'Autopay' }).click();
  const offDialog = page.getByRole('dialog', { name: 'Turn autopay off?' });
  await expect(offDialog).toContainText(/Your membership will end on [A-Z][a-z]+ \d{1,2}, \d{4}/);
  await offDialog.getByRole('button', { name: 'Keep autopay on' }).click();
  await expect(offDialog).toBeHidden();
  await expect(status).toContainText('renews on');
  await page.getByRole('checkbox', { name: 'Autopay' }).click();
  await offDialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(status).toContainText('ends on');
  await expect(autopay).toHaveText(
    /^Autopay is off: your membership ends on [A-Z][a-z]+ \d{1,2}, \d{4} and you won't be charged again\. Turn it on to keep access\.$/,
  );
  await page.getByRole('checkbox', { name: 'Autopay' }).click();
  await expect(status).toContainText('renews on');
  await expect(autopay).toContainText('Autopay is on: your card will be charged $64.99 on');
  const upgradeCard = page.locator('[data-upgrade-card]');
  await upgradeCard.getByRole('button', { name: 'Upgrade to Yearly' }).click();
  // Paid moments ago: $599.99 less (nearly) the whole month's $64.99.
  await expect(page.locator('[data-upgrade-amount]')).toHaveText(
    /^You will be charged \$535\.0\d now: \$599\.99 for a year from today, less a credit for the unused part of your month\.$/,
  );
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
  await expect(page.locator('[data-card-on-file]')).toHaveText(
    'Card on file: Mastercard ending in 4444, expires 12/2034',
  );
  await expect(autopay).toContainText('Autopay is on: your card will be charged $599.99 on');
});

/** The local operator, with a password this run knows (the stack generates its own). */
async function signInOperator(page: Page): Promise<void> {
  const password = 'operator-billing-journey';
  const store = createStore({
    url: process.env.UPSTASH_REDIS_REST_URL ?? '',
    token: process.env.UPSTASH_REDIS_REST_TOKEN ?? '',
  });
  await ensureOperator(store, { email: LOCAL_OPERATOR_EMAIL, password });
  await page.goto('/');
  await page.locator('header.site-nav').getByRole('link', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/u/login');
  await page.getByLabel('Email address').fill(LOCAL_OPERATOR_EMAIL);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/console');
  await storedSub(page);
}

test('a member who turns autopay off with a reason shows up in the churn reasons', async ({
  page,
  browser,
}) => {
  test.slow(); // a payment, then the operator's sign-in
  const { sub } = await signInNewMember(page, { member: false });
  await fillCard(page, '4242 4242 4242 4242');
  await submit(page).click();
  await page.waitForURL((url) => url.pathname === '/');

  await page.goto('/account');
  await page.getByRole('checkbox', { name: 'Autopay' }).click();
  const offDialog = page.getByRole('dialog', { name: 'Turn autopay off?' });
  await offDialog.getByRole('radio', { name: 'I found another service' }).check();
  await offDialog.getByLabel('Anything else? (optional)').fill('  A cheaper screener  ');
  await offDialog.getByRole('button', { name: 'Confirm' }).click();
  const status = page.locator('[data-subscription-status]');
  await expect(status).toContainText('ends on');
  // On again, then off with words only, nothing chosen from the list: still a reason ("Something else").
  await page.getByRole('checkbox', { name: 'Autopay' }).click();
  await expect(status).toContainText('renews on');
  await page.getByRole('checkbox', { name: 'Autopay' }).click();
  await offDialog.getByLabel('Anything else? (optional)').fill('Moving abroad');
  await offDialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(status).toContainText('ends on');

  // The operator's figures, as the console's Money tab asks for them (its call, with the operator's token).
  const context = await browser.newContext();
  const operator = await context.newPage();
  try {
    await signInOperator(operator);
    const answer = await operator.evaluate(async (tokenKey) => {
      const response = await fetch('/api/operator/metrics', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${localStorage.getItem(tokenKey)}`,
        },
        body: '{}',
      });
      return { status: response.status, body: await response.json() };
    }, SESSION_KEYS.accessToken);
    expect(answer.status).toBe(200);
    const reasons = answer.body.churnReasons as {
      counts: Array<{ code: string; count: number }>;
      recent: Array<{ sub: string; code: string; text: string | null }>;
    };
    expect(reasons.counts.find((c) => c.code === 'found-another')?.count).toBeGreaterThanOrEqual(1);
    // Latest first: the words alone, then the reason chosen from the list.
    expect(reasons.recent.filter((r) => r.sub === sub)).toEqual([
      expect.objectContaining({ code: 'other', text: 'Moving abroad' }),
      expect.objectContaining({ code: 'found-another', text: 'A cheaper screener' }),
    ]);
    expect(answer.body.current.today.cancelled).toBeGreaterThanOrEqual(2);
  } finally {
    await context.close();
  }
});

/** Whether an input's placeholder fits its text box (measured in the input's own font). */
const placeholderFits = (page: Page, label: string) =>
  page.getByLabel(label).evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return false;
    context.font = style.font;
    const box =
      input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return context.measureText(input.placeholder).width <= box;
  });

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 850 },
]) {
  test(`/account at ${viewport.width} px: the card expiry placeholder is whole, zones are named for people`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signInNewMember(page);
    await page.goto('/account');
    for (const label of ['Expiry', 'CVC', 'Card number'])
      expect(await placeholderFits(page, label)).toBe(true);
    const zone = page.getByLabel('Show trade times in');
    await expect(zone.locator('option')).toContainText([
      'New York (ET) — market time',
      'Chicago (CT)',
      'Los Angeles (PT)',
      'London (GMT/BST)',
    ]);
    // Styled as the other fields: the account form's border, not the browser's bare select.
    expect(await zone.evaluate((select) => getComputedStyle(select).paddingLeft)).toBe('12px');
    // The stored value is still the zone's own name.
    await zone.selectOption({ label: 'London (GMT/BST)' });
    await expect(page.getByText('Saved in this browser.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('otc-edge:trade-time-zone'))).toBe('Europe/London');
  });
}

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
