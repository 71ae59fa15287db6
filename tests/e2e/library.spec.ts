import type { Page } from '@playwright/test';
import content from '../../content/library/videos.json' with { type: 'json' };
import { memberFields, opsKeys } from '../../functions/_lib/operator/keys.ts';
import * as liveSchedule from '../../member-app/media/live-schedule.ts';
import { videoSlug } from '../../member-app/videos/slug.ts';
import { site } from '../../site/lib/site.ts';
import { countApiCalls, signInNewMember } from './support/members.ts';
import { withStore } from './support/store.ts';
import { expect, test } from './support/test.ts';

// The member's library end to end: the real functions and sample library (content/library) in Chromium.

const newestFirst = [...content.videos].sort((a, b) => Date.parse(b.published) - Date.parse(a.published));
const tour = content.videos.find((v) => v.id === 'tour-library') as (typeof content.videos)[number];
const tourPath = `/videos/watch/${tour.id}/${videoSlug(tour.title)}`;

const grid = (page: Page, label = 'Videos') => page.getByRole('list', { name: label, exact: true });
const cards = (page: Page, label = 'Videos') => grid(page, label).getByRole('listitem');
const player = (page: Page) => page.locator('video.player__media');
/** The library's list is not waiting for an answer. */
const settled = (page: Page) => expect(page.locator('.library__grid')).toHaveAttribute('aria-busy', 'false');
const playerTime = (page: Page) => player(page).evaluate((v: HTMLVideoElement) => v.currentTime);

test.describe('a visitor', () => {
  test('sees sample video cards on the landing page', async ({ page }) => {
    await page.goto('/');
    await page.locator('[data-sample-videos]').scrollIntoViewIfNeeded();
    const samples = page.getByRole('list', { name: 'Sample videos' }).getByRole('link');
    await expect(samples).toHaveCount(3);
    await expect(samples.first()).toHaveAttribute(
      'href',
      `/videos/watch/${newestFirst[0]?.id}/${videoSlug(newestFirst[0]?.title ?? '')}`,
    );
    await expect(samples.first()).toContainText(newestFirst[0]?.title ?? '');
    await samples.first().click();
    await expect(page.getByText('Log in to watch this video')).toBeVisible();
  });

  test('sees cards and a call to action, but only the 25 latest', async ({ page }) => {
    await page.goto('/videos');
    await expect(cards(page)).toHaveCount(12);
    await expect(
      page.getByRole('complementary', { name: 'Membership' }).getByRole('link', { name: 'Join Now' }),
    ).toBeVisible();
    const first = cards(page).first();
    await expect(first.getByRole('link')).toHaveAttribute(
      'href',
      `/videos/watch/${newestFirst[0]?.id}/${videoSlug(newestFirst[0]?.title ?? '')}`,
    );
    await page.getByRole('button', { name: 'View More' }).click();
    await expect(cards(page)).toHaveCount(24);
    await page.getByRole('button', { name: 'View More' }).click();
    await expect(cards(page)).toHaveCount(25);
    await expect(page.getByRole('button', { name: 'View More' })).toBeHidden();
  });

  test('gets the locked video page: thumbnail, chapters and description, never the player', async ({
    page,
  }) => {
    const metadata = page.waitForResponse('**/api/videos/metadata');
    await page.goto(tourPath);
    await expect(page.getByRole('heading', { level: 1, name: tour.title })).toBeVisible();
    await expect(page.getByText('Log in to watch this video')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Join Now' })).toHaveAttribute(
      'href',
      '/callback?login=signup',
    );
    await expect(page.getByText(tour.description)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact support' })).toBeVisible();
    await expect(page.locator('.watch__chapters li')).toHaveText(
      tour.chapters.map((c) => new RegExp(c.title)),
    );
    await expect(page.getByText('1 min')).toBeVisible();
    await expect(page.locator('video, iframe')).toHaveCount(0);
    expect(JSON.stringify(await (await metadata).json())).not.toContain('"uri"');
  });

  test('a metadata failure shows the card from the list, without chapters', async ({ page }) => {
    await page.goto('/videos');
    await expect(cards(page)).toHaveCount(12);
    await page.route('**/api/videos/metadata', (route) =>
      route.fulfill({ status: 500, json: { error: 'x' } }),
    );
    await grid(page)
      .getByRole('link', { name: new RegExp(tour.title) })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: tour.title })).toBeVisible();
    await expect(page.getByText('Chapters could not be loaded.')).toBeVisible();
    await expect(page.locator('.watch__chapters li')).toHaveCount(0);
  });

  test('a wrong slug goes to /videos', async ({ page }) => {
    await page.goto(`/videos/watch/${tour.id}/not-the-title`);
    await expect(page).toHaveURL(/\/videos$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Latest Videos' })).toBeVisible();
  });

  test('/stream and /audio show their landing text', async ({ page }) => {
    await page.goto('/stream');
    await expect(page.getByText('Live every trading day at 8PM Eastern.')).toBeVisible();
    await expect(page.locator('video, iframe')).toHaveCount(0);
    await page.goto('/audio');
    await expect(page.getByRole('heading', { name: 'Listen on the go' })).toBeVisible();
    await expect(page.locator('audio')).toHaveCount(0);
  });
});

test('a member searches, filters by tags, watches from a chapter and resumes there', async ({ page }) => {
  // A whole journey: three times the test budget (playwright.config.ts).
  test.slow();
  await signInNewMember(page);
  const videoCalls = countApiCalls(page, 'videos');
  await page.goto('/videos');
  await expect(cards(page)).toHaveCount(12);
  // Start-up: the default lists and frontload_friday, in one request, once.
  expect(videoCalls()).toBe(1);

  // Title search; an empty search clears it.
  const search = page.getByRole('searchbox', { name: 'Search videos by title' });
  await search.fill('level 2');
  await search.press('Enter');
  await expect(page).toHaveURL(/search=level\+2/);
  await settled(page);
  await expect(grid(page).locator('.video-card__title')).not.toHaveCount(0);
  for (const title of await grid(page).locator('.video-card__title').allTextContents()) {
    expect(title.toLowerCase()).toContain('level 2');
  }
  await search.fill('');
  await expect(page).not.toHaveURL(/search=/);
  await expect(cards(page)).toHaveCount(12);

  // Two tags: the count shows 2, every card has one of them.
  await page.getByLabel('Dilution').check();
  await page.getByLabel('SEC Filings').check();
  await expect(page.getByTestId('tag-count')).toHaveText('2');
  await expect(page).toHaveURL(/tags=dilution%2Cfilings|tags=dilution,filings/);
  await settled(page);
  const tagged = newestFirst.filter((v) => v.tags.includes('dilution') || v.tags.includes('filings'));
  await expect(cards(page)).toHaveCount(Math.min(12, tagged.length));
  await expect(grid(page).locator('.video-card__title').first()).toHaveText(tagged[0]?.title ?? '');
  await page.getByRole('button', { name: 'Clear tags' }).click();
  await expect(page.getByTestId('tag-count')).toHaveText('0');

  // Open the tour, play from its second chapter.
  await search.fill('tour');
  await search.press('Enter');
  await expect(page).toHaveURL(/search=tour/);
  await settled(page);
  await grid(page)
    .getByRole('link', { name: new RegExp(tour.title) })
    .click();
  await expect(page).toHaveURL(tourPath);
  await expect(page.getByRole('heading', { level: 1, name: tour.title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Note' })).toHaveAttribute(
    'href',
    `/journal?video=${tour.id}&videoTitle=${encodeURIComponent(tour.title).replace(/%20/g, '+')}`,
  );
  await expect(page.getByRole('list', { name: 'Latest videos' }).getByRole('listitem')).toHaveCount(4);
  await expect(player(page)).toBeVisible();
  await player(page).evaluate((v: HTMLVideoElement) => (v.muted = true));
  await page.getByRole('button', { name: /Playlists and tags/ }).click();
  await expect.poll(() => playerTime(page)).toBeGreaterThanOrEqual(8);
  await expect(page.getByRole('button', { name: /Playlists and tags/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  // Pausing saves the position (so does leaving the page, when it moved since).
  const saved = page.waitForResponse('**/api/videos/progress');
  await player(page).evaluate((v: HTMLVideoElement) => v.pause());
  const left = await playerTime(page);
  await saved;

  // Leave in the app, come back: the player resumes there.
  await page.locator('header').getByRole('link', { name: 'Videos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Latest Videos' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: tour.title })).toBeVisible();
  await expect.poll(() => playerTime(page)).toBeGreaterThanOrEqual(Math.floor(left) - 1);

  // And after a reload, from the server.
  await page.reload();
  await expect.poll(() => playerTime(page)).toBeGreaterThanOrEqual(Math.floor(left) - 1);

  // The dashboard lists it under 'Continue watching'.
  await page.goto('/');
  await expect(cards(page, 'Continue watching')).toHaveCount(1);
  await expect(cards(page, 'Continue watching').first()).toContainText(tour.title);
});

test.describe('the dashboard', () => {
  test('shows the section cards, 3 latest and 8 of all videos; the promo stays dismissed', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInNewMember(page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    const sections = page.getByRole('navigation', { name: 'Sections' }).getByRole('link');
    await expect(sections).toHaveText([
      /Courses/,
      /Live stream/,
      /Essentials videos \(playlist\)/,
      /Journal/,
      /Trades/,
      /Audio/,
      /Chat/,
      /Affiliates/,
      /Account/,
    ]);
    await expect(sections.first()).toHaveAttribute('href', '/courses');
    await expect(sections.nth(2)).toHaveAttribute('href', '/videos/playlists/essentials');
    await expect(cards(page, 'Latest videos')).toHaveCount(3);
    await expect(cards(page, 'All videos')).toHaveCount(8);
    await expect(cards(page, 'All videos').first()).toContainText(newestFirst[3]?.title ?? '');
    await expect(page.getByRole('link', { name: 'View all videos' })).toHaveAttribute('href', '/videos');

    const promo = page.getByRole('complementary', { name: 'Yearly plan' });
    await expect(promo.getByRole('link', { name: 'Upgrade to Yearly' })).toHaveAttribute('href', '/account');
    await promo.getByRole('button', { name: 'Dismiss' }).click();
    await expect(promo).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('hide-promo-3'))).not.toBeNull();
    await page.reload();
    await expect(cards(page, 'All videos')).toHaveCount(8);
    await expect(promo).toBeHidden();
  });

  test('at any width All Videos starts after the three Latest Videos: none is shown twice', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await signInNewMember(page);
    await page.reload();
    const titles = async (label: string) =>
      (await cards(page, label).getByRole('link').allTextContents()).join('\n');
    for (const width of [800, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(cards(page, 'Latest videos')).toHaveCount(3);
      await expect(cards(page, 'All videos')).toHaveCount(8);
      await expect(cards(page, 'All videos').first()).toContainText(newestFirst[3]?.title ?? '');
      const latest = await titles('Latest videos');
      for (const video of newestFirst.slice(0, 3)) expect(latest).toContain(video.title);
      const all = await titles('All videos');
      for (const video of newestFirst.slice(0, 3)) expect(all).not.toContain(video.title);
    }
  });

  test('no Upgrade to Yearly in the first week after the first payment; after it, the promo', async ({
    page,
  }) => {
    const { sub } = await signInNewMember(page);
    // Paid a second ago, as the member index records a first payment.
    await withStore((redis) =>
      redis.hSet(opsKeys.member(sub), memberFields.signedUpAt, String(Date.now() - 1000)),
    );
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'Latest Videos' })).toBeVisible();
    await expect(cards(page, 'Latest videos')).toHaveCount(3);
    await expect(page.getByRole('complementary', { name: 'Yearly plan' })).toHaveCount(0);

    // Eight days later (the first payment moved back), the promo is offered.
    await withStore((redis) =>
      redis.hSet(opsKeys.member(sub), memberFields.signedUpAt, String(Date.now() - 8 * 86_400_000)),
    );
    await page.reload();
    await expect(
      page
        .getByRole('complementary', { name: 'Yearly plan' })
        .getByRole('link', { name: 'Upgrade to Yearly' }),
    ).toBeVisible();
  });
});

/** The start of the last session that began over an hour ago: clocks fixed in the past keep the member's tokens valid. */
function pastSessionStart(): number {
  let last = 0;
  for (let t = Date.now() - 8 * 86_400_000; ; ) {
    const session = liveSchedule.currentOrNextSession(t, site.liveStream);
    if (!session || session.start > Date.now() - 3_600_000) return last;
    last = session.start;
    t = session.end;
  }
}

test('the stream plays by itself only during the session; before it, a replay and the countdown', async ({
  page,
}) => {
  await signInNewMember(page);
  const start = pastSessionStart();

  // 11 hours before: no autoplay, labelled a replay, the next session counted down.
  await page.clock.setFixedTime(start - 11 * 3_600_000);
  await page.goto('/stream');
  await expect(page.locator('.live-status')).toContainText('Next session in 11 h 0 min');
  await expect(page.locator('.stream-frame figcaption')).toHaveText(/^Replay/);
  const video = page.locator('.stream video');
  await expect(video).toHaveAttribute('src', /^\/samples\//);
  await expect(video).not.toHaveAttribute('autoplay', /.*/);
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

  // During the session: live, playing by itself.
  await page.clock.setFixedTime(start + 10 * 60_000);
  await page.reload();
  await expect(page.locator('.live-status')).toContainText('Live now');
  await expect(page.locator('.stream-frame figcaption')).toHaveText('● Live');
  await expect(video).toHaveAttribute('autoplay', '');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
});

test('a member gets the live stream and the 25 latest episodes', async ({ page }) => {
  await signInNewMember(page);
  await page.goto('/stream');
  await expect(page.getByRole('heading', { level: 1, name: 'Live Stream' })).toBeVisible();
  await expect(page.locator('.stream video')).toHaveAttribute('src', /^\/samples\//);
  await page.getByRole('link', { name: 'Videos' }).first().click();
  await page.goto('/audio');
  await expect(page.getByRole('heading', { level: 2, name: 'Latest Audio' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Episodes' }).getByRole('listitem')).toHaveCount(25);
  await expect(page.locator('audio')).toHaveCount(25);
});
