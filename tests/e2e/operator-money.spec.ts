import type { Browser, BrowserContext, Page } from '@playwright/test';
import { refundLocalCharge } from '../../functions/_lib/billing/local-refunds.ts';
import type { LedgerEntry } from '../../functions/_lib/contract/operator.ts';
import { ensureOperator } from '../../functions/_lib/identity/local-users.ts';
import { ledgerKeys } from '../../functions/_lib/ledger/keys.ts';
import { flatEntries, type Store } from '../../functions/_lib/store.ts';
import { LOCAL_OPERATOR_EMAIL } from '../../scripts/local/stack.ts';
import { signInNewMember, storedSub } from './support/members.ts';
import { startPrivateProduct } from './support/private-product.ts';
import { expect, test } from './support/test.ts';

// The operator's money, exact to the cent (docs/operator.md "Money and churn", docs/billing.md "The
// money ledger"): two members join (one with WELCOME10), one upgrades to yearly, a charge is refunded
// in local billing (standing in for a refund made in Stripe's dashboard), one turns autopay off with
// a reason; the console then reads the exact MRR, the cash collected, the counted reason and a
// readable audit line for each step. On a product of its own: on the shared one, other journeys pay
// and cancel at the same time, and the figures could not be exact.

const OPERATOR_PASSWORD = 'operator-money-secret';

const cents = (amount: string) => Math.round(Number(amount) * 100);
const dollars = (c: number) =>
  `$${Math.floor(c / 100).toLocaleString('en-US')}.${String(c % 100).padStart(2, '0')}`;

/** A new member who pays on /payment, with a promo code when given: the price the button said. */
async function pays(page: Page, promo: string | null, price: string) {
  const member = await signInNewMember(page, { member: false });
  if (promo) {
    await page.getByLabel('Promo code').fill(promo);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Discount Applied')).toBeVisible();
  }
  const submit = page.getByRole('button', { name: /^Submit \$[\d.]+ Payment$/ });
  await expect(submit).toHaveText(`Submit $${price} Payment`);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await submit.click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  return member;
}

/** The ledger's entries of one member (the journey's own product holds only this journey's). */
async function ledgerOf(store: Store, sub: string): Promise<LedgerEntry[]> {
  return flatEntries(await store.hgetall(ledgerKeys.entries))
    .map(([, json]) => JSON.parse(json) as LedgerEntry)
    .filter((entry) => entry.member === sub);
}

/** One of the Money tab's headline figures. */
const figure = (page: Page, label: string) =>
  page
    .locator('.console-money__figures > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

async function newPage(browser: Browser, baseURL: string, contexts: BrowserContext[]): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  contexts.push(context);
  return context.newPage();
}

test('the console reads the exact money of two members: a promo, an upgrade, a refund, a reason', async ({
  browser,
}) => {
  test.slow(); // a product of its own, two payments, an upgrade, the operator's console
  const product = await startPrivateProduct();
  const contexts: BrowserContext[] = [];
  try {
    // Alice pays the monthly plan with WELCOME10: $58.49. Bob pays it in full: $64.99.
    const alicePage = await newPage(browser, product.url, contexts);
    const alice = await pays(alicePage, 'WELCOME10', '58.49');
    const bobPage = await newPage(browser, product.url, contexts);
    const bob = await pays(bobPage, null, '64.99');

    // Bob upgrades to yearly: what /account says is charged now is what the ledger records.
    await bobPage.goto('/account');
    await bobPage.locator('[data-upgrade-card]').getByRole('button', { name: 'Upgrade to Yearly' }).click();
    const amount = bobPage.locator('[data-upgrade-amount]');
    // The amount is asked of billing when the dialog opens: wait for it, never read it while it loads.
    await expect(amount).toHaveText(/^You will be charged \$\d+\.\d\d now/);
    const offer = (await amount.textContent()) ?? '';
    const upgrade = /^You will be charged \$(\d+\.\d\d) now/.exec(offer)?.[1] ?? '';
    expect(upgrade, offer).toMatch(/^53\d\.\d\d$/);
    await bobPage.getByRole('dialog').getByRole('button', { name: 'Confirm Upgrade' }).click();
    await expect(bobPage.getByText('Your subscription has been updated to Yearly')).toBeVisible();

    // $10.00 of Alice's payment is refunded in local billing, as an operator would in Stripe's dashboard.
    const [aliceCharge] = (await ledgerOf(product.store, alice.sub)).filter((e) => e.kind === 'charge');
    expect(aliceCharge).toMatchObject({ amount: '58.49', promo: 'WELCOME10' });
    const refund = await refundLocalCharge(product.store, aliceCharge?.id ?? '', '10.00', Date.now());
    expect(refund.outcome).toBe('recorded');
    // A second refund of more than is left is refused, and changes nothing.
    await expect(
      refundLocalCharge(product.store, aliceCharge?.id ?? '', '48.50', Date.now()),
    ).rejects.toThrow('A refund of $48.50 is more than is left of the $58.49 charge ($48.49).');

    // Alice turns autopay off, saying why.
    await alicePage.goto('/account');
    await alicePage.getByRole('checkbox', { name: 'Autopay' }).click();
    const offDialog = alicePage.getByRole('dialog', { name: 'Turn autopay off?' });
    await offDialog.getByRole('radio', { name: 'It costs too much' }).check();
    await offDialog.getByLabel('Anything else? (optional)').fill('Too much while I am still learning');
    await offDialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(alicePage.locator('[data-subscription-status]')).toContainText('ends on');

    // The operator signs in and opens the Money tab.
    await ensureOperator(product.store, { email: LOCAL_OPERATOR_EMAIL, password: OPERATOR_PASSWORD });
    const operator = await newPage(browser, product.url, contexts);
    await operator.goto('/');
    await operator.locator('header.site-nav').getByRole('link', { name: 'Sign In' }).click();
    await operator.waitForURL((url) => url.pathname === '/u/login');
    await operator.getByLabel('Email address').fill(LOCAL_OPERATOR_EMAIL);
    await operator.getByLabel('Password').fill(OPERATOR_PASSWORD);
    await operator.getByRole('button', { name: 'Sign in' }).click();
    await operator.waitForURL((url) => url.pathname === '/console');
    await storedSub(operator);
    await operator.getByRole('tab', { name: 'Money' }).click();

    // MRR is what the two pay per month now: $58.49 (the promo, autopay off until the period ends)
    // and $599.99 ÷ 12, summed exactly and rounded once: $108.49.
    await expect(figure(operator, 'MRR')).toHaveText('$108.49');
    await expect(figure(operator, 'Active members')).toHaveText('2');
    // Cash: the two first payments and the upgrade, less the refund. All of it moved today (UTC)
    // unless the journey ran across midnight: then the days' table still holds it all.
    const collected = cents('58.49') + cents('64.99') + cents(upgrade);
    const days = new Set(
      [...(await ledgerOf(product.store, alice.sub)), ...(await ledgerOf(product.store, bob.sub))].map((e) =>
        new Date(e.at).toISOString().slice(0, 10),
      ),
    );
    if (days.size === 1) {
      await expect(figure(operator, 'Collected today')).toHaveText(dollars(collected));
      await expect(figure(operator, 'Refunded today')).toHaveText('$10.00');
      await expect(figure(operator, 'Failed charges today')).toHaveText('$0.00');
      await expect(figure(operator, 'Net today')).toHaveText(dollars(collected - 1000));
    }
    const cash = operator.getByRole('table', { name: /^Money by day, newest first/ });
    for (const day of days) await expect(cash.getByRole('row').filter({ hasText: day })).toHaveCount(1);
    if (days.size === 1) {
      const row = cash.getByRole('row').filter({ hasText: [...days][0] ?? '' });
      await expect(row).toContainText(dollars(collected));
      await expect(row).toContainText('$10.00');
    }

    // The reason, counted and in Alice's words.
    const reasons = operator.getByRole('table', { name: 'Reasons given when turning autopay off' });
    await expect(reasons.getByRole('row').filter({ hasText: 'It costs too much' })).toContainText('1');
    await expect(operator.getByText('Too much while I am still learning')).toBeVisible();

    // A readable audit line for each step, by who made it, with the money.
    await operator.getByRole('tab', { name: 'Members' }).click();
    await operator.getByRole('button', { name: alice.email }).click();
    const aliceLog = operator
      .getByRole('region', { name: alice.email })
      .getByRole('table', { name: `Audit log of ${alice.email}, newest first` });
    await expect(aliceLog.getByRole('row').filter({ hasText: 'Turned autopay off' })).toContainText('Member');
    await expect(aliceLog.getByRole('row').filter({ hasText: 'Refunded $10.00' })).toContainText('Billing');
    await expect(
      aliceLog.getByRole('row').filter({ hasText: 'Joined: Monthly, $58.49 charged (WELCOME10)' }),
    ).toContainText('Member');
    await expect(aliceLog.getByRole('row').filter({ hasText: 'Autopay: On → Off' })).toHaveCount(1);
    await expect(aliceLog).not.toContainText('cancelAtPeriodEnd');

    await operator.getByRole('button', { name: bob.email }).click();
    const bobLog = operator
      .getByRole('region', { name: bob.email })
      .getByRole('table', { name: `Audit log of ${bob.email}, newest first` });
    await expect(
      bobLog.getByRole('row').filter({ hasText: `Upgraded to yearly: $${upgrade} charged` }),
    ).toContainText('Member');
    await expect(bobLog.getByRole('row').filter({ hasText: 'Joined: Monthly, $64.99 charged' })).toHaveCount(
      1,
    );
  } finally {
    for (const context of contexts) await context.close().catch(() => {});
    await product.stop();
  }
});
