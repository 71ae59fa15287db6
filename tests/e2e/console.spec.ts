import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { membershipKey } from '../../functions/_lib/billing/membership.ts';
import { chatKeys } from '../../functions/_lib/chat/keys.ts';
import { ensureOperator } from '../../functions/_lib/identity/local-users.ts';
import { loadEmailBundle } from '../../functions/_lib/mail/content.ts';
import { drainQueue } from '../../functions/_lib/mail/drain.ts';
import { enqueueEmail } from '../../functions/_lib/mail/queue.ts';
import { createSmtpMailer } from '../../functions/_lib/mail/smtp-mailer.ts';
import { memberFields, opsKeys } from '../../functions/_lib/operator/keys.ts';
import { createStore } from '../../functions/_lib/store.ts';
import { LOCAL_OPERATOR_EMAIL } from '../../scripts/local/stack.ts';
import { startRefusingSmtp } from '../support/refusing-smtp.ts';
import { waitForEmail } from './support/mail.ts';
import { signInNewMember, storedSub } from './support/members.ts';
import { expect, test } from './support/test.ts';

// The operator's console (/console): the local operator account (made by the local stack, as
// `npm start` does) finds a member who has just paid, their row, detail and audit log; members and
// visitors are turned away without being sent to /payment.

const REFUSAL = 'This page is for the people who run OTC Edge.';
const OPERATOR_PASSWORD = 'operator-journey-secret';

/** The journeys' product's store. */
const productStore = () =>
  createStore({
    url: process.env.UPSTASH_REDIS_REST_URL ?? '',
    token: process.env.UPSTASH_REDIS_REST_TOKEN ?? '',
  });

/** The local operator, with a password this run knows (the stack generates its own and prints it). */
async function operatorAccount(): Promise<{ email: string; password: string }> {
  const store = productStore();
  await ensureOperator(store, { email: LOCAL_OPERATOR_EMAIL, password: OPERATOR_PASSWORD });
  return { email: LOCAL_OPERATOR_EMAIL, password: OPERATOR_PASSWORD };
}

/**
 * The local operator signs in from the site's Sign In link and lands on the console (no membership
 * needed, no /payment).
 */
async function operatorSignsIn(operator: Page): Promise<void> {
  const { email, password } = await operatorAccount();
  await operator.goto('/');
  await operator.locator('header.site-nav').getByRole('link', { name: 'Sign In' }).click();
  await operator.waitForURL((url) => url.pathname === '/u/login');
  await operator.getByLabel('Email address').fill(email);
  await operator.getByLabel('Password').fill(password);
  await operator.getByRole('button', { name: 'Sign in' }).click();
  await operator.waitForURL((url) => url.pathname === '/console');
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

/**
 * A member's rows in the whole audit log: the Member column shows their email once the console has
 * listed them (a search), else their account id.
 */
const rowsOf = (log: Locator, member: { email: string; sub: string }) =>
  log.getByRole('row').filter({
    hasText: new RegExp(`${escapeRegExp(member.email)}|${escapeRegExp(member.sub)}`),
  });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('the operator finds a member who just paid: their row, detail, audit log and its CSV', async ({
  page,
  browser,
}) => {
  test.slow(); // a whole journey: a payment, then the operator's sign-in and console
  const member = await payingMember(page);

  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  try {
    await operatorSignsIn(operator);
    await expect(operator.getByRole('heading', { level: 1, name: 'Console' })).toBeVisible();
    await storedSub(operator);

    // A pre-built page shows the operator the Console link; it opens the console.
    await operator.goto('/features');
    await consoleLink(operator).click();
    await operator.waitForURL((url) => url.pathname === '/console');
    await expect(operator.getByRole('heading', { level: 1, name: 'Console' })).toBeVisible();
    await expect(consoleLink(operator)).toHaveAttribute('aria-current', 'page');
    await expect(operator.getByRole('table', { name: 'Members, newest first' })).toBeVisible();

    // The start of the email's local part finds the member, whatever its case.
    const start = member.email.split('@')[0]?.toUpperCase() ?? '';
    await operator.getByLabel('Email, name or customer id').fill(start);
    await operator.getByRole('button', { name: 'Search' }).click();
    const found = operator.getByRole('table', { name: `Members matching “${start}”, newest first` });
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
    // The payment in words (the raw action is in the CSV): who made it, and the fields it set.
    const entry = log.getByRole('row').filter({ hasText: 'Joined: Monthly' }).first();
    await expect(entry).toContainText(/Billing|Member/);
    await expect(entry).toContainText('Status: Active');
    await expect(entry).toContainText('Autopay: On');
    await expect(entry).not.toContainText('asOf');

    const [download] = await Promise.all([
      operator.waitForEvent('download'),
      detail.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-member-[\w-]+-example\.com\.csv$/);
    const csv = readFileSync((await download.path()) ?? '', 'utf8');
    expect(csv.split('\r\n')[0]).toContain('action');
    expect(csv).toContain(member.sub);
    // The export keeps the raw fields for spreadsheets: the action's name, the records, the money.
    expect(csv).toContain('member.join');
    expect(csv.split('\r\n')[0]).toContain('charge');
    expect(csv).toMatch(/""kind"":""charge"",""amount"":""64\.99""/);

    // The whole log has the same change, among everyone's.
    await operator.getByRole('tab', { name: 'Audit log' }).click();
    const all = operator.getByRole('table', { name: 'Audit log, newest first' });
    await expect(rowsOf(all, member).filter({ hasText: 'Joined: Monthly' }).first()).toBeVisible();
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

/** The local operator signed in, on /console, in a context of its own. */
async function signInOperator(browser: Browser): Promise<{ operator: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const operator = await context.newPage();
  await operatorSignsIn(operator);
  await storedSub(operator);
  return { operator, close: () => context.close() };
}

/**
 * The Money tab's members new today and the day (UTC) they are for, opened afresh (the figures are
 * cached 30 s). New today only grows within a day, whatever other journeys do beside this one.
 */
async function newToday(operator: Page): Promise<{ day: string; count: number }> {
  await operator.goto('/console');
  await operator.getByRole('tab', { name: 'Money' }).click();
  const figure = operator
    .locator('.console-money__figures > div')
    .filter({ has: operator.locator('dt', { hasText: /^New today$/ }) })
    .locator('dd');
  await expect(figure).toHaveText(/^[\d,]+$/);
  const day = (await operator.getByText(/^Today \(\d{4}-\d{2}-\d{2}, UTC\)/).textContent()) ?? '';
  return { day: day.slice(7, 17), count: Number((await figure.textContent())?.replace(/,/g, '')) };
}

/** "December 26, 2026" → the day `days` later, in the same words (calendar days, no clock). */
function daysAfter(longDate: string, days: number): string {
  const at = new Date(`${longDate} 12:00 UTC`);
  const later = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + days));
  return later.toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

test('the operator gives free days, revokes and restores chat, cancels; the member and the figures follow', async ({
  page,
  browser,
}) => {
  test.slow(); // a payment, the member's chat invite, then six operator actions
  const { operator, close } = await signInOperator(browser);
  try {
    const before = await newToday(operator);
    const member = await payingMember(page);

    // The member asks for the chat invite, so there is a chat record to revoke.
    await page.goto('/chat');
    const chat = page.locator('form', {
      has: page.getByRole('heading', { name: "Your invite to the members' chat" }),
    });
    await chat.getByLabel('Discord username').fill(`e2e.${randomUUID().slice(0, 8)}`);
    await chat.getByRole('button', { name: 'Get Invite' }).click();
    await expect(chat.getByLabel('Your invite link')).toHaveValue(/\/invite\//);
    await page.goto('/account');
    const renews = page.locator('[data-subscription-status] strong');
    await expect(renews).toHaveText(/^\w+ \d{1,2}, \d{4}$/);
    const endBefore = (await renews.textContent()) ?? '';

    // The Money tab counts the new member (others may pay meanwhile: at least one more; a new UTC
    // day in between starts the count again).
    const after = await newToday(operator);
    expect(after.count).toBeGreaterThanOrEqual(after.day === before.day ? before.count + 1 : 1);
    // Its tables, and the chart (uPlot, loaded with the tab) of the days recorded and today so far.
    const weeks = operator.getByRole('table', { name: 'Last 12 weeks, oldest first' });
    await expect(weeks).toBeVisible();
    await expect(weeks.getByRole('columnheader')).toContainText([
      'Logo churn',
      'Revenue churn',
      'MRR lost',
      'Collected',
      'Refunded',
      'Failed',
      'Net',
    ]);
    await expect(operator.getByRole('table', { name: 'Last 12 months, oldest first' })).toBeVisible();
    // Both churn rates say what they are; the money of the latest days, today's first.
    await expect(operator.locator('.console-money__definitions')).toContainText(
      'Members lost ÷ (members at the start + new and reactivated members in the period).',
    );
    const cash = operator.getByRole('table', { name: /^Money by day, newest first/ });
    await expect(cash.getByRole('row').nth(1).getByRole('rowheader')).toHaveText(after.day);
    await expect(
      operator
        .locator('.console-money__figures > div')
        .filter({ hasText: /^Collected today/ })
        .locator('dd'),
    ).toHaveText(/^\$[\d,]+\.\d{2}$/);
    await expect(
      operator.getByRole('table', { name: 'Reasons given when turning autopay off' }),
    ).toContainText('It costs too much');
    const chart = operator.getByRole('img', { name: 'Active members and MRR by day' });
    await expect(chart.locator('canvas')).toBeVisible();
    // The legend names both lines with the latest day's values, never uPlot's bare "--".
    const legend = operator.locator('.console-money__chart .u-legend');
    await expect(legend).toContainText('Active members');
    await expect(legend).toContainText(/MRR\s*\$[\d,]+\.\d{2}/);
    await expect(legend).not.toContainText('--');

    await operator.getByRole('tab', { name: 'Members' }).click();
    await operator.getByLabel('Email, name or customer id').fill(member.email);
    await operator.getByRole('button', { name: 'Search' }).click();
    await operator.getByRole('button', { name: member.email }).click();
    const detail = operator.getByRole('region', { name: member.email });
    const actions = detail.getByRole('region', { name: 'Actions' });
    const status = actions.getByRole('status');
    const log = detail.getByRole('table', { name: `Audit log of ${member.email}, newest first` });

    // Free days: the form previews the new end, the answer's row shows it, the log has the entry.
    await actions.getByRole('spinbutton', { name: 'Free days' }).fill('7');
    await actions.getByRole('button', { name: 'Give free days' }).click();
    await expect(status).toHaveText(/^Gave 7 free days: the period now ends /);
    const gave = log.getByRole('row').filter({ hasText: 'Gave 7 free days' });
    await expect(gave).toHaveCount(1);
    await expect(gave).toContainText('operator@');
    await expect(gave).toContainText('Period end:');

    // The member's own page shows the end 7 days later.
    await page.goto('/account');
    await expect(renews).toHaveText(daysAfter(endBefore, 7));

    // Chat: revoking asks first; restoring gives it back.
    await actions.getByRole('button', { name: 'Revoke chat' }).click();
    await actions
      .getByRole('group', { name: /^Revoke chat\?/ })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await expect(status).toHaveText('Chat access revoked.');
    await expect(detail).toContainText('(revoked)');
    await actions.getByRole('button', { name: 'Restore chat' }).click();
    await expect(status).toHaveText('Chat access restored.');
    await expect(actions.getByRole('button', { name: 'Revoke chat' })).toBeVisible();
    await expect(log.getByRole('row').filter({ hasText: 'Revoked chat access' })).toHaveCount(1);
    await expect(log.getByRole('row').filter({ hasText: 'Restored chat access' })).toHaveCount(1);

    // Cancel now asks first; going back changes nothing.
    await actions.getByRole('button', { name: 'Cancel now' }).click();
    const confirmNow = actions.getByRole('group', { name: /^Cancel now ends access at once/ });
    await confirmNow.getByRole('button', { name: 'Back' }).click();
    await expect(confirmNow).toBeHidden();

    // Cancel at the period end, then again: the second is refused in the server's words.
    await actions.getByRole('button', { name: 'Cancel at period end' }).click();
    await actions
      .getByRole('group', { name: /^Cancel at the period end\?/ })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await expect(status).toHaveText(/^Cancels at the period end: access until /);
    await expect(
      log.getByRole('row').filter({ hasText: 'Cancelled at the period end: access until' }),
    ).toHaveCount(1);
    await actions.getByRole('button', { name: 'Cancel at period end' }).click();
    await actions
      .getByRole('group', { name: /^Cancel at the period end\?/ })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await expect(actions.getByRole('alert')).toHaveText('The subscription already ends at its period end.');

    // The whole log has the operator's entries too.
    await operator.getByRole('tab', { name: 'Audit log' }).click();
    const all = operator.getByRole('table', { name: 'Audit log, newest first' });
    const mine = rowsOf(all, member);
    for (const title of [
      'Gave 7 free days',
      'Revoked chat access',
      'Restored chat access',
      'Cancelled at the period end',
    ])
      await expect(mine.filter({ hasText: title })).toHaveCount(1);

    // The member's page follows: autopay is off, access until the extended end.
    await page.goto('/account');
    await expect(page.locator('[data-subscription-status]')).toContainText(
      `ends on ${daysAfter(endBefore, 7)}`,
    );
  } finally {
    await close();
  }
});

/**
 * An email to `to` that a mail server refused for good (550 to the recipient): queued in the
 * product's queue due in 1971 and sent from here to a server that refuses it. A drain only claims
 * what is due, so no other journey's email is touched.
 */
async function undeliverableEmail(to: string): Promise<string> {
  const store = productStore();
  const at = Date.UTC(1971, 0, 1) + Math.floor(Math.random() * 300 * 86_400_000);
  const key = `payment-failed:in_${randomUUID().replaceAll('-', '')}:1`;
  const queued = await enqueueEmail(
    store,
    { key, to, template: 'payment-failed', data: { amount: '$64.99', retryDate: 'January 7, 2027' } },
    at,
  );
  expect(queued).toBe('queued');
  const refusing = await startRefusingSmtp();
  try {
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${refusing.port}`,
      from: 'OTC Edge <members@localhost>',
    });
    const emails = loadEmailBundle(new URL('../../', import.meta.url).pathname);
    await drainQueue(store, mailer, at, { emails });
  } finally {
    await refusing.stop();
  }
  return key;
}

test('the operator sees an email the mail server refused, opens its member, and sends it again', async ({
  page,
  browser,
}) => {
  test.slow(); // a payment, the operator's sign-in, then the mail run
  const member = await payingMember(page);
  const key = await undeliverableEmail(member.email);

  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  try {
    await operatorSignsIn(operator);
    await operator.getByRole('tab', { name: 'Emails' }).click();
    await expect(operator.getByText(/waiting to be sent\./)).toBeVisible();
    const table = operator.getByRole('table', { name: /^Undeliverable emails, newest first/ });
    const row = table.getByRole('row').filter({ hasText: key });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('payment-failed');
    await expect(row).toContainText('550 5.1.1 No such mailbox here');

    // The recipient is a member: their address opens them in the Members tab.
    await row.getByRole('button', { name: member.email }).click();
    await expect(operator.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
    await expect(operator.getByRole('region', { name: member.email })).toContainText(member.sub);

    // Sent again: out of the list, and the next mail run delivers it.
    await operator.getByRole('tab', { name: 'Emails' }).click();
    await row.getByRole('button', { name: 'Send again' }).click();
    await expect(operator.getByText(/^Queued again/)).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: key })).toHaveCount(0);
    const email = await waitForEmail(member.email, /^Your OTC Edge payment did not go through$/);
    expect(email.text).toContain('$64.99');

    // The audit log says who sent it again.
    await operator.getByRole('tab', { name: 'Audit log' }).click();
    const log = operator.getByRole('table', { name: 'Audit log, newest first' });
    await expect(
      rowsOf(log, member).filter({ hasText: 'Queued the “payment-failed” email again' }),
    ).toHaveCount(1);
  } finally {
    await operatorContext.close();
  }
});

/**
 * How a table sits in its scroller (`.console__scroll`): how far it scrolls sideways, and the
 * headers not wholly inside the scroller's box (cut off, or scrolled out of sight).
 */
async function tableFit(table: Locator): Promise<{ overflow: number; cut: string[] }> {
  return table.evaluate((element) => {
    const scroller = element.parentElement as HTMLElement;
    const box = scroller.getBoundingClientRect();
    const cut = [...element.querySelectorAll('thead th')]
      .filter((th) => {
        const r = th.getBoundingClientRect();
        return r.width === 0 || r.left < box.left - 0.5 || r.right > box.right + 0.5;
      })
      .map((th) => th.textContent ?? '');
    return { overflow: Math.max(0, scroller.scrollWidth - scroller.clientWidth), cut };
  });
}

/**
 * A row as full as the operator's report had them: a promo paid with, a referral, a chat username.
 * Written into the product's store for this test's own member.
 */
async function fillRow(sub: string): Promise<void> {
  const store = productStore();
  const membership = JSON.parse(String(await store.get(membershipKey(sub)))) as object;
  await store.set(membershipKey(sub), JSON.stringify({ ...membership, referral: 'partner-newsletter-2026' }));
  await store.hset(opsKeys.member(sub), { [memberFields.promo]: 'NEWSLETTER15' });
  await store.set(
    chatKeys.member(sub),
    JSON.stringify({ username: 'trader.with.a.long.name', invite: null, revoked: false, account: null }),
  );
}

test('the console fits a 1280 px laptop without sideways scrolling, and a 390 px phone shows every tab', async ({
  page,
  browser,
}) => {
  test.slow(); // a payment, then the operator's sign-in
  const member = await payingMember(page);
  await fillRow(member.sub);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const operator = await context.newPage();
  try {
    await operatorSignsIn(operator);
    const newest = operator.getByRole('table', { name: 'Members, newest first' });
    await expect(newest.getByRole('row').nth(1)).toBeVisible();
    expect(await tableFit(newest)).toEqual({ overflow: 0, cut: [] });
    await operator.getByLabel('Email, name or customer id').fill(member.email);
    await operator.getByRole('button', { name: 'Search' }).click();
    const members = operator.getByRole('table', { name: `Members matching “${member.email}”` });
    const row = members.getByRole('row').filter({ hasText: member.email });
    // What has no column of its own is on a line under the email (and in the detail).
    await expect(row).toContainText(
      /Signed up \w+ \d{1,2}, \d{4} · Promo NEWSLETTER15 · Referral partner-newsletter-2026 · Chat trader\.with\.a\.long\.name \(invited\)/,
    );
    expect(await tableFit(members)).toEqual({ overflow: 0, cut: [] });

    // The member's detail with their log, and the whole log, fit too.
    await row.getByRole('button', { name: member.email }).click();
    const log = operator.getByRole('table', { name: `Audit log of ${member.email}, newest first` });
    await expect(log.getByRole('row').filter({ hasText: 'Joined: Monthly' }).first()).toBeVisible();
    expect(await tableFit(log)).toEqual({ overflow: 0, cut: [] });
    await operator.getByRole('tab', { name: 'Audit log' }).click();
    const all = operator.getByRole('table', { name: 'Audit log, newest first' });
    await expect(all.getByRole('row').nth(1)).toBeVisible();
    expect(await tableFit(all)).toEqual({ overflow: 0, cut: [] });
    expect(await operator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

    // A phone: every tab whole inside the tab row (which wraps), each label on one line, unclipped.
    await operator.setViewportSize({ width: 390, height: 800 });
    const tabs = operator.getByRole('tab');
    await expect(tabs).toHaveCount(4);
    const placed = await tabs.evaluateAll((elements) =>
      elements.map((tab) => {
        const row = (tab.parentElement as HTMLElement).getBoundingClientRect();
        const r = tab.getBoundingClientRect();
        const label = document.createRange();
        label.selectNodeContents(tab);
        return {
          label: tab.textContent,
          inRow: r.left >= row.left - 0.5 && r.right <= row.right + 0.5,
          oneLine: label.getClientRects().length === 1,
          clipped: tab.scrollWidth > tab.clientWidth,
        };
      }),
    );
    expect(placed).toEqual(
      ['Members', 'Audit log', 'Money', 'Emails'].map((label) => ({
        label,
        inRow: true,
        oneLine: true,
        clipped: false,
      })),
    );
    for (const label of ['Members', 'Audit log', 'Money', 'Emails'])
      await expect(operator.getByRole('tab', { name: label })).toBeInViewport({ ratio: 1 });
  } finally {
    await context.close();
  }
});
