import type { Page } from '@playwright/test';
import { hold } from './support/hold.ts';
import { signInNewMember } from './support/members.ts';
import { expect, test } from './support/test.ts';

// Every member route shows its page's skeleton while its data (or code) loads: never a blank page,
// one polite status naming the page, the blocks hidden from assistive technology, and nothing moving
// when the page replaces it. The answers are held until released: no test here depends on speed.

/**
 * Sums the page's layout shifts from its first paint on (read with `layoutShift`), and names what
 * moved: a failure then says which element shifted, from where to where.
 */
async function watchLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = window as unknown as { shifted: number; moved: string[] };
    state.shifted = 0;
    state.moved = [];
    const name = (node: Node | null | undefined) => {
      const element = node instanceof Element ? node : node?.parentElement;
      if (!element) return 'a removed node';
      const classes = element.classList.length > 0 ? `.${[...element.classList].join('.')}` : '';
      return `${node instanceof Element ? '' : 'text in '}${element.tagName.toLowerCase()}${classes}`;
    };
    const box = (rect: DOMRectReadOnly) =>
      `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}×${Math.round(rect.height)}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        }
      >) {
        if (entry.hadRecentInput) continue;
        state.shifted += entry.value;
        for (const source of entry.sources ?? [])
          state.moved.push(`${name(source.node)}: ${box(source.previousRect)} → ${box(source.currentRect)}`);
        const html = document.documentElement;
        const width = (selector: string) =>
          Math.round(document.querySelector(selector)?.getBoundingClientRect().width ?? -1);
        state.moved.push(
          `[at ${Math.round(entry.startTime)} ms: ${[...html.attributes].map((a) => `${a.name}=${a.value}`).join(' ')}; auth ${width('.nav-auth')}, links ${width('.site-nav__links')}, ul ${width('.site-nav__links ul')}, visible li ${[
            ...document.querySelectorAll('.site-nav__links li'),
          ]
            .filter((li) => (li as HTMLElement).offsetWidth > 0)
            .map((li) => li.textContent?.trim())
            .join('/')}]`,
        );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts so far and what moved, after two frames (the last change painted, and the page's idle rest drawn). */
async function layoutShift(page: Page): Promise<{ shifted: number; moved: string[] }> {
  return page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise((resolve) => (window.requestIdleCallback ?? setTimeout)(resolve));
    await frame();
    await frame();
    const { shifted, moved } = window as unknown as { shifted: number; moved: string[] };
    return { shifted, moved };
  });
}

const routes = [
  { path: '/', held: '**/api/videos', page: 'Home', heading: 'Home' },
  { path: '/videos', held: '**/api/videos', page: 'Video Library', heading: 'Latest Videos' },
  {
    path: '/videos/playlists/essentials',
    held: '**/api/videos',
    page: 'Video Library',
    heading: 'Essentials',
  },
  { path: '/journal', held: '**/api/journal/notes', page: 'Trading Journal', heading: 'Trading Journal' },
  { path: '/trades', held: '**/api/journal/trades', page: 'Trade History', heading: 'Trade History' },
  {
    path: '/account',
    held: '**/api/subscription/status',
    page: 'Account Settings',
    heading: 'Account Settings',
  },
  { path: '/stream', held: '**/api/stream', page: 'Live Stream', heading: 'Live Stream' },
  { path: '/audio', held: '**/api/audio', page: 'Audio', heading: 'Audio' },
  // No data to wait for: the skeleton shows while the page's code loads.
  { path: '/chat', held: '**/_astro/chat.*.js', page: 'Chat', heading: 'Chat' },
  { path: '/affiliates', held: '**/_astro/affiliates.*.js', page: 'Affiliates', heading: 'Affiliates' },
];

for (const route of routes) {
  test(`${route.path} shows its skeleton while it loads, then the page without a shift`, async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 850 });
    await signInNewMember(page);
    await watchLayoutShift(page);
    const { release } = await hold(page, route.held);
    await page.goto(route.path);

    const skeleton = page.locator('.skeleton');
    await expect(skeleton).toBeVisible();
    await expect(skeleton.getByRole('status')).toHaveText(`Loading ${route.page}`);
    // Only the status speaks: every block is inside one hidden group.
    await expect(skeleton.locator(':scope > [aria-hidden="true"] > *').first()).toBeVisible();
    expect(await skeleton.locator(':scope > :not([aria-hidden="true"], [role="status"])').count()).toBe(0);
    await expect(page.getByText('Loading…')).toHaveCount(0);

    release();
    await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
    await expect(skeleton).toHaveCount(0);
    const { shifted, moved } = await layoutShift(page);
    expect(shifted, `moved: ${moved.join('; ')}`).toBe(0);
  });
}

test('a page that loads slowly in the app shows its skeleton; a quick one shows none', async ({ page }) => {
  await signInNewMember(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  let skeletons = 0;
  await page.exposeFunction('sawSkeleton', () => skeletons++);
  await page.evaluate(() =>
    new MutationObserver(() => {
      if (document.querySelector('.skeleton'))
        (window as unknown as { sawSkeleton: () => void }).sawSkeleton();
    }).observe(document.body, { childList: true, subtree: true }),
  );

  // The library's lists came with start-up: once its requests are answered (on a busy machine they
  // may still be on their way when Home shows), no skeleton on the way.
  await page.waitForLoadState('networkidle');
  await page.locator('header').getByRole('link', { name: 'Videos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Latest Videos' })).toBeVisible();
  expect(skeletons).toBe(0);

  // The stream's schedule is first asked for on the way to /stream: held, the page's skeleton shows.
  const { release } = await hold(page, '**/api/stream');
  await page.locator('header').getByRole('link', { name: 'Live' }).click();
  await expect(page.locator('.skeleton').getByRole('status')).toHaveText('Loading Live Stream');
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Live Stream' })).toBeVisible();
  await expect(page.locator('.skeleton')).toHaveCount(0);
});
