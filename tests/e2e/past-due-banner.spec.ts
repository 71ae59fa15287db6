import type { Page } from '@playwright/test';
import { membershipKey } from '../../functions/_lib/billing/membership.ts';
import { signInNewMember } from './support/members.ts';
import { withStore } from './support/store.ts';
import { expect, test } from './support/test.ts';

// A renewal charge is failing (the subscription is past_due, within its grace period): every member
// page says so and links to the card form; once the subscription is active again the banner goes
// (here on the member's next page, with no reload).

/** Sets the member's stored subscription (where billing keeps it) to `status`. */
async function setStatus(sub: string, status: 'past_due' | 'active') {
  await withStore(async (redis) => {
    const stored = JSON.parse((await redis.get(membershipKey(sub))) ?? 'null');
    expect(stored, 'the member has a stored subscription').toBeTruthy();
    const next = { ...stored, status, ...(status === 'past_due' ? { pastDueSince: Date.now() } : {}) };
    if (status === 'active') delete next.pastDueSince;
    await redis.set(membershipKey(sub), JSON.stringify(next));
  });
}

const banner = (page: Page) =>
  page.getByRole('status').filter({ hasText: "Your last payment didn't go through" });
const headerLink = (page: Page, name: string) =>
  page.locator('header').getByRole('link', { name, exact: true });

test('a failing renewal shows a banner on every member page until the subscription is active again', async ({
  page,
}) => {
  test.slow();
  const { sub } = await signInNewMember(page);
  await setStatus(sub, 'past_due');

  await page.goto('/videos');
  await expect(page.getByRole('heading', { level: 1, name: 'Latest Videos' })).toBeVisible();
  await expect(banner(page)).toBeVisible();
  await headerLink(page, 'Journal').click();
  await expect(page).toHaveURL((url) => url.pathname === '/journal');
  await expect(banner(page)).toBeVisible();

  // The link works from the keyboard and lands in the card form: at /account#update-card, focused, in view.
  const link = banner(page).getByRole('link', { name: 'Update your card' });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/account' && url.hash === '#update-card');
  const form = page.locator('form#update-card');
  await expect(form.getByRole('heading', { name: 'Card' })).toBeVisible();
  await expect(form).toBeFocused();
  await expect(form).toBeInViewport();
  await expect(banner(page)).toBeVisible();

  // The charge went through (the provider's retry, or a card updated elsewhere): the next page asks again.
  await setStatus(sub, 'active');
  await headerLink(page, 'Videos').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Latest Videos' })).toBeVisible();
  await expect(banner(page)).toBeHidden();
});

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the banner wraps inside the page: nothing scrolls sideways', async ({ page }) => {
    const { sub } = await signInNewMember(page);
    await setStatus(sub, 'past_due');
    await page.goto('/trades');
    await expect(banner(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    const box = await banner(page).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
  });
});
