import type { Page } from '@playwright/test';
import { deliverMail, emailsTo, waitForEmail } from './support/mail.ts';
import { signInNewMember } from './support/members.ts';
import { expect, test } from './support/test.ts';

// The emails a member receives (docs/mail.md), read from the local mail catcher the journeys'
// product sends to, with their links followed in the browser.

const submit = (page: Page) => page.getByRole('button', { name: /^Submit \$[\d.]+ Payment$/ });

async function pay(page: Page, card: string) {
  await page.goto('/payment');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
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
