import type { Page } from '@playwright/test';
import { type Membership, membershipKey } from '../../functions/_lib/billing/membership.ts';
import { emailDate } from '../support/email-date.ts';
import { deliverMail, emailsTo, runJob, waitForEmail } from './support/mail.ts';
import { signInNewMember } from './support/members.ts';
import { withStore } from './support/store.ts';
import { expect, test } from './support/test.ts';

// The emails a member receives (docs/mail.md), read from the local mail catcher the journeys'
// product sends to, with their links followed in the browser.

const submit = (page: Page) => page.getByRole('button', { name: /^Submit \$[\d.]+ Payment$/ });

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

/** Pays on /payment (already open, or opened here) with the plan chosen there. */
async function pay(page: Page, card: string) {
  if (new URL(page.url()).pathname !== '/payment') await page.goto('/payment');
  await fillCard(page, card);
  await submit(page).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** The email's link whose path is `pathname`, on the journeys' site. */
function linkTo(links: readonly string[], pathname: string): string {
  const base = process.env.E2E_BASE_URL ?? '';
  const link = links.find((href) => href.startsWith(`${base}/`) && new URL(href).pathname === pathname);
  if (!link) throw new Error(`no link to ${pathname} on ${base} in ${links.join(', ')}`);
  return link;
}

test('after the first payment the member is welcomed by email, once, with links that work', async ({
  page,
}) => {
  test.slow(); // a payment, then the mail run
  const { email } = await signInNewMember(page, { member: false });
  await pay(page, '4242 4242 4242 4242');

  const welcome = await waitForEmail(email, /^Welcome to OTC Edge$/);
  expect(welcome.text).toContain('Your Monthly membership is active');
  expect(welcome.text).toContain('You paid $64.99');
  expect(welcome.html).toContain('<strong>Monthly</strong>');
  // Why it was sent, and who sent it, close every email.
  expect(welcome.text).toContain('You are receiving this email because you just became a member');

  // Paying again is refused (a member already), and a later mail run sends nothing more.
  await deliverMail();
  expect((await emailsTo(email)).filter((e) => e.subject === welcome.subject)).toHaveLength(1);

  // Its links lead to this site: the account page opens for the signed-in member.
  await page.goto(linkTo(welcome.links, '/account'));
  await expect(page.locator('[data-subscription-status]')).toBeVisible();
});

/** The member's subscription, as billing stored it. */
async function membershipOf(sub: string): Promise<Membership> {
  return withStore(async (redis) => {
    const stored = JSON.parse((await redis.get(membershipKey(sub))) ?? 'null') as Membership | null;
    if (!stored) throw new Error(`member ${sub} has no stored subscription`);
    return stored;
  });
}

/**
 * Moves the member's local subscription to a period end of `periodEnd` (ms), on the member's record,
 * at the local billing and on its renewal clock (docs/billing.md "Making a renewal happen locally").
 */
async function movePeriodEnd(sub: string, periodEnd: number): Promise<void> {
  const { subscriptionId } = await membershipOf(sub);
  await withStore(async (redis) => {
    for (const key of [membershipKey(sub), `billing:local:subscription:${subscriptionId}`]) {
      const stored = JSON.parse((await redis.get(key)) ?? 'null') as Membership | null;
      if (!stored) throw new Error(`no subscription at ${key}`);
      await redis.set(key, JSON.stringify({ ...stored, currentPeriodEnd: periodEnd }));
    }
    await redis.zAdd('billing:local:renewals', { score: periodEnd, value: subscriptionId });
  });
}

const banner = (page: Page) =>
  page.getByRole('status').filter({ hasText: "Your last payment didn't go through" });

test('a failed renewal emails the member, shows the banner, and a new card ends both', async ({ page }) => {
  test.slow(); // a payment, two card changes, the renewal clock and the mail runs
  const { email, sub } = await signInNewMember(page, { member: false });
  await pay(page, '4242 4242 4242 4242');
  await waitForEmail(email, /^Welcome to OTC Edge$/);

  // The card on file becomes one the provider accepts but whose charges fail (Stripe's 0341).
  await page.goto('/account');
  const cardForm = page.locator('form#update-card');
  await fillCard(page, '4000 0000 0000 0341');
  await cardForm.getByRole('button', { name: 'Update Card' }).click();
  await expect(cardForm.getByRole('status')).toHaveText('Your card has been updated.');

  // The period ends; the billing's clock charges the renewal, which fails.
  await movePeriodEnd(sub, Date.now() - 60_000);
  await runJob('billing-local-renewals');

  const failed = await waitForEmail(email, /^Your OTC Edge payment did not go through$/);
  expect(failed.text).toContain('We tried to charge $64.99');
  expect(failed.text).toContain(
    'You are receiving this email because a charge for your OTC Edge membership failed',
  );

  // Its link opens the account page, where the banner says what happened and links to the card form.
  await page.goto(linkTo(failed.links, '/account'));
  await expect(banner(page)).toBeVisible();
  await page.goto('/videos');
  await expect(banner(page)).toBeVisible();
  await banner(page).getByRole('link', { name: 'Update your card' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/account' && url.hash === '#update-card');

  // A card that works pays the failed renewal at once: the banner goes without a reload.
  await fillCard(page, '4242 4242 4242 4242');
  await cardForm.getByRole('button', { name: 'Update Card' }).click();
  await expect(cardForm.getByRole('status')).toHaveText('Your card has been updated.');
  await expect(banner(page)).toBeHidden();
  await page.goto('/videos');
  await expect(page.getByRole('heading', { level: 1, name: 'Latest Videos' })).toBeVisible();
  await expect(banner(page)).toBeHidden();

  // One email for that failed renewal, however often the jobs run again.
  await runJob('billing-local-renewals');
  await deliverMail();
  expect((await emailsTo(email)).filter((e) => e.subject === failed.subject)).toHaveLength(1);
});

test('a yearly member is reminded 7 days before the renewal, with the price and how to turn autopay off', async ({
  page,
}) => {
  test.slow(); // a payment, the reminder job and the mail runs
  const { email, sub } = await signInNewMember(page, { member: false });
  await page.goto('/payment');
  await page.getByText('Yearly', { exact: true }).click();
  await pay(page, '4242 4242 4242 4242');

  // The renewal is six days and a few hours away: inside the reminder's week.
  const renewsAt = Date.now() + 6 * 24 * 60 * 60 * 1000 + 3 * 60 * 60 * 1000;
  await movePeriodEnd(sub, renewsAt);
  await runJob('mail-renewal-reminders');

  const chargeDate = emailDate(renewsAt);
  const reminder = await waitForEmail(email, /^Your OTC Edge membership renews on /);
  expect(reminder.subject).toBe(`Your OTC Edge membership renews on ${chargeDate}`);
  expect(reminder.text).toContain('charged $599.99');
  expect(reminder.text).toMatch(/autopay/i);

  // Its link leads to the account page, where autopay is turned off.
  await page.goto(linkTo(reminder.links, '/account'));
  await expect(page.locator('[data-subscription-status]')).toHaveText(
    `Yearly plan — renews on ${chargeDate}`,
  );
  await expect(page.getByRole('checkbox', { name: 'Autopay' })).toBeChecked();

  // The job runs every day: the same renewal is not reminded twice.
  await runJob('mail-renewal-reminders');
  await deliverMail();
  expect((await emailsTo(email)).filter((e) => e.subject === reminder.subject)).toHaveLength(1);
});

/** /account's autopay switch turned off, confirmed in its dialog. */
async function turnAutopayOff(page: Page) {
  await page.getByRole('checkbox', { name: 'Autopay' }).click();
  await page
    .getByRole('dialog', { name: 'Turn autopay off?' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page.locator('[data-subscription-status]')).toContainText('ends on');
}

test('turning autopay off is confirmed by email, once, and the membership ending is told when it comes', async ({
  page,
}) => {
  test.slow(); // a payment, autopay switched three times, the renewal clock and the mail runs
  const { email, sub } = await signInNewMember(page, { member: false });
  await pay(page, '4242 4242 4242 4242');
  await waitForEmail(email, /^Welcome to OTC Edge$/);

  await page.goto('/account');
  const status = page.locator('[data-subscription-status]');
  const autopay = page.getByRole('checkbox', { name: 'Autopay' });
  await turnAutopayOff(page);

  const endDate = emailDate((await membershipOf(sub)).currentPeriodEnd);
  const off = await waitForEmail(email, /^Autopay is off: /);
  expect(off.subject).toBe(`Autopay is off: your OTC Edge membership ends on ${endDate}`);
  expect(off.text).toContain(`you keep full access until ${endDate}`);
  expect(off.text).toContain('You are receiving this email because autopay was turned off');

  // On and off again within the same period: the member was told already.
  await autopay.click();
  await expect(status).toContainText('renews on');
  await turnAutopayOff(page);
  await deliverMail();
  expect((await emailsTo(email)).filter((e) => e.subject === off.subject)).toHaveLength(1);

  // Its link opens the account page, where autopay can be turned back on.
  await page.goto(linkTo(off.links, '/account'));
  await expect(autopay).not.toBeChecked();

  // The period ends with autopay off: the billing's clock ends the membership, and the member is told.
  const endedAt = Date.now() - 60_000;
  await movePeriodEnd(sub, endedAt);
  await runJob('billing-local-renewals');
  const ended = await waitForEmail(email, /^Your OTC Edge membership has ended$/);
  expect(ended.text).toContain(`Your OTC Edge membership ended on ${emailDate(endedAt)}`);
  expect(ended.text).toContain('You are receiving this email because your OTC Edge membership ended');
  await runJob('billing-local-renewals');
  await deliverMail();
  expect((await emailsTo(email)).filter((e) => e.subject === ended.subject)).toHaveLength(1);
});
