import type { Page } from '@playwright/test';
import { signInNewMember } from './support/members.ts';
import { expect, test } from './support/test.ts';

// A member's paid rooms are found, not guessed: the trade journal, the live stream and the audio
// are one click from the dashboard and from the top bar, at desktop and phone widths; a new
// member is welcomed after paying with where to start.

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const sections = (page: Page) => page.getByRole('navigation', { name: 'Sections' });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

for (const [width, height] of [
  [1280, 850],
  [390, 844],
] as const) {
  test(`at ${width} px the trades, the stream and the audio are reached from the dashboard and the bar`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await signInNewMember(page);
    await expect(heading(page, 'Home')).toBeVisible();

    await sections(page)
      .getByRole('link', { name: /^Trades/ })
      .click();
    await expect(heading(page, 'Trade History')).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Trades' })).toHaveAttribute('aria-current', 'page');
    // Notes | Trades atop both journals.
    const journals = page.getByRole('navigation', { name: 'Journals' });
    await expect(journals.getByRole('link', { name: 'Trades' })).toHaveAttribute('aria-current', 'page');
    await journals.getByRole('link', { name: 'Notes' }).click();
    await expect(heading(page, 'Trading Journal')).toBeVisible();
    await expect(journals.getByRole('link', { name: 'Notes' })).toHaveAttribute('aria-current', 'page');
    await journals.getByRole('link', { name: 'Trades' }).click();
    await expect(heading(page, 'Trade History')).toBeVisible();

    await nav(page).getByRole('link', { name: 'Live' }).click();
    await expect(heading(page, 'Live Stream')).toBeVisible();
    await expect(page).toHaveURL(/\/stream$/);
    await expect(page.locator('.live-status')).toContainText(/Live now|Next session/);
    await expect(nav(page).getByRole('link', { name: 'Trades' })).not.toHaveAttribute('aria-current', 'page');
    // Past sessions: the latest recordings of the playlist stream.json names.
    await expect(page.getByRole('list', { name: 'Past sessions' }).getByRole('listitem')).toHaveCount(4);
    await expect(page.getByRole('link', { name: 'All recordings' })).toHaveAttribute(
      'href',
      '/videos/playlists/frontload_friday',
    );

    // Audio sits beside the stream; the bar's Live stands for both.
    await page
      .getByRole('navigation', { name: 'Live and audio' })
      .getByRole('link', { name: 'Audio' })
      .click();
    await expect(heading(page, 'Audio')).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Live' })).toHaveAttribute('aria-current', 'page');
    // The app's own player, with the episode's length before it plays.
    const first = page.getByRole('listitem').filter({ hasText: 'Episode 200' });
    await expect(first.locator('.audio-player__time')).toHaveText('0:00 / 0:20');
    // One slim row, not the video player's 16:9 box.
    expect((await first.locator('.audio-player').boundingBox())?.height).toBeLessThan(80);
    await first.getByRole('button', { name: 'Play Episode 200: Morning Prep' }).click();
    await expect(first.getByRole('button', { name: 'Pause Episode 200: Morning Prep' })).toBeVisible();
    await expect(first.locator('.audio-player__time')).not.toHaveText('0:00 / 0:20');
    await first.getByRole('button', { name: /^Pause/ }).click();

    await nav(page).getByRole('link', { name: 'Journal' }).click();
    await expect(heading(page, 'Trading Journal')).toBeVisible();

    await page.locator('header.site-nav a.brand').click();
    await expect(heading(page, 'Home')).toBeVisible();
    await sections(page)
      .getByRole('link', { name: /^Live stream/ })
      .click();
    await expect(heading(page, 'Live Stream')).toBeVisible();
    await page.goBack();
    await sections(page)
      .getByRole('link', { name: /^Audio/ })
      .click();
    await expect(heading(page, 'Audio')).toBeVisible();

    // Nothing scrolls sideways on the way.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}

test('a visitor sees neither Live nor Trades in the bar, and the stream page gives the next session', async ({
  page,
}) => {
  await page.goto('/features');
  await expect(nav(page).getByRole('link', { name: 'Features' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Live' })).toBeHidden();
  await expect(nav(page).getByRole('link', { name: 'Trades' })).toBeHidden();
  await page.goto('/stream');
  await expect(heading(page, 'Live Stream')).toBeVisible();
  await expect(page.locator('.live-status')).toContainText(/Live now|Next session/);
});

test('after paying, the dashboard welcomes the new member once, with where to start', async ({ page }) => {
  test.slow(); // a whole payment journey
  await signInNewMember(page, { member: false });
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Submit \$[\d.]+ Payment$/ }).click();
  await page.waitForURL((url) => url.pathname === '/');

  const welcome = page.getByRole('complementary', { name: 'Welcome to OTC Edge' });
  await expect(welcome).toBeVisible();
  await expect(welcome.getByRole('link', { name: 'Start a course' })).toHaveAttribute('href', '/courses');
  await expect(welcome.getByRole('link', { name: 'watch the Essentials videos (playlist)' })).toHaveAttribute(
    'href',
    '/videos/playlists/essentials',
  );
  await expect(welcome.getByRole('link', { name: 'Join the live stream' })).toHaveAttribute(
    'href',
    '/stream',
  );
  await expect(welcome).toContainText('8PM Eastern');
  await expect(welcome.getByRole('link', { name: 'trade journal' })).toHaveAttribute('href', '/trades');
  await expect(welcome.getByRole('link', { name: 'notes journal' })).toHaveAttribute('href', '/journal');
  await welcome.getByRole('button', { name: 'Got it' }).click();
  await expect(welcome).toBeHidden();
  await page.reload();
  await expect(heading(page, 'Home')).toBeVisible();
  await expect(welcome).toBeHidden();
});
