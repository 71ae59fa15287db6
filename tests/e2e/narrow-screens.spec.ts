import type { Page } from '@playwright/test';
import content from '../../content/library/videos.json' with { type: 'json' };
import { videoSlug } from '../../member-app/videos/slug.ts';
import { signInNewMember } from './support/members.ts';
import { staticPages } from './support/static-pages.ts';
import { expect, test } from './support/test.ts';
import { importBrokerFile, TRADEZERO } from './support/trades.ts';

// A 360 px wide phone (the narrowest common one): no page may scroll sideways, for a visitor or a
// member. Each page is judged once its content is in (its heading shown, no request in flight).
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const tour = content.videos[0] as { id: string; title: string };

const memberRoutes = [
  '/',
  '/videos',
  '/videos/latest',
  `/videos/watch/${tour.id}/${videoSlug(tour.title)}`,
  '/journal',
  '/trades',
  '/stream',
  '/audio',
  '/affiliates',
  '/chat',
  '/account',
  '/videos/playlists/essentials',
  '/learn/penny-stock-essentials/the-market',
];

/** What sticks out past the right edge, named for the failure message. */
async function sidewaysOverflow(page: Page): Promise<{ by: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const by = document.documentElement.scrollWidth - width;
    // Named only when the page does scroll (clipped carousels stick out harmlessly).
    const culprits = [...(by > 0 ? document.querySelectorAll('body *') : [])]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
    return { by, culprits };
  });
}

/** Each path once its content is in, and what overflows on it: none, when all is well. */
async function overflowingPaths(page: Page, paths: string[]) {
  const found = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const overflow = await sidewaysOverflow(page);
    if (overflow.by > 0) found.push({ path, ...overflow });
  }
  return found;
}

test('a visitor never scrolls sideways at 360 px', async ({ page }) => {
  // A walk through every page: three times the test budget (playwright.config.ts).
  test.slow();
  expect(await overflowingPaths(page, [...staticPages, '/videos', '/journal', '/trades'])).toEqual([]);
});

test('a member never scrolls sideways at 360 px', async ({ page }) => {
  // A walk through every route: three times the test budget (playwright.config.ts).
  test.slow();
  await signInNewMember(page);
  expect(await overflowingPaths(page, memberRoutes)).toEqual([]);
});

test('a new account paying never scrolls sideways at 360 px', async ({ page }) => {
  await signInNewMember(page, { member: false });
  expect(await overflowingPaths(page, ['/payment'])).toEqual([]);
});

test("a trade's review never scrolls sideways at 360 px, opened there or narrowed to it", async ({
  page,
}) => {
  test.slow(); // an import first
  await signInNewMember(page);
  await page.goto('/trades');
  await importBrokerFile(page, TRADEZERO, 9);
  await page.goto('/trades?period=custom&from=2026-03-17&to=2026-03-17');
  const review = (await page.getByRole('link', { name: /^Review AITX/ }).getAttribute('href')) ?? '';
  expect(review).toMatch(/^\/trades\/review\//);
  const chart = page.getByRole('region', { name: 'Price chart' }).locator('canvas').first();
  const fills = page.getByRole('table', { name: 'Fills' });

  // Opened on the phone: its chart and the fills table (wider than the screen) scroll in their boxes.
  await page.goto(review);
  await expect(chart).toBeVisible();
  await expect(fills).toBeVisible();
  expect(await sidewaysOverflow(page)).toEqual({ by: 0, culprits: [] });

  // Opened wide, then narrowed (a window made smaller, a tablet turned): the chart follows.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await expect(chart).toBeVisible();
  await expect(fills).toBeVisible();
  await page.setViewportSize({ width: 360, height: 740 });
  await expect.poll(() => sidewaysOverflow(page)).toEqual({ by: 0, culprits: [] });
});
