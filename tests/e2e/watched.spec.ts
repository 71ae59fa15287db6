import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import content from '../../content/library/videos.json' with { type: 'json' };
import { loadArticles } from '../../functions/_lib/articles/content.ts';
import { progressKeys } from '../../functions/_lib/courses/progress-keys.ts';
import { videoSlug } from '../../member-app/videos/slug.ts';
import { signInNewMember } from './support/members.ts';
import { withStore } from './support/store.ts';
import { expect, test } from './support/test.ts';

// What the member has watched and read, judged on the server from what the player reports
// (docs/courses.md): a video played to its end gets its Watched check on the cards and its page, a
// video skipped to its end does not, and an article read to its end is stored as read.

const tour = content.videos.find((v) => v.id === 'tour-library') as (typeof content.videos)[number];
const tourPath = `/videos/watch/${tour.id}/${videoSlug(tour.title)}`;
const other = content.videos.find((v) => v.id === 'tour-journal') as (typeof content.videos)[number];
const articles = loadArticles(fileURLToPath(new URL('../..', import.meta.url)));
const memberArticle = articles.find((a) => !a.free);
const freeArticle = articles.find((a) => a.free);
if (!memberArticle || !freeArticle)
  throw new Error('content/articles needs a free and a members-only article');

const player = (page: Page) => page.locator('video.player__media');

/** The progress save sent once the clip has ended (the pause at its end), answered. */
const lastSave = (page: Page) =>
  page.waitForResponse((response) => {
    if (!response.url().endsWith('/api/videos/progress')) return false;
    const body = JSON.parse(response.request().postData() ?? '{}') as { position?: number; anchor?: boolean };
    return response.ok() && !body.anchor && (body.position ?? 0) >= tour.duration - 1;
  });

/** Opens the tour's page with its player ready and muted (the clip is 24 s). */
async function openTour(page: Page) {
  const watched = page.waitForResponse('**/api/videos/watched');
  await page.goto(tourPath);
  await expect(page.getByRole('heading', { level: 1, name: tour.title })).toBeVisible();
  await watched;
  await expect(player(page)).toBeVisible();
  await expect
    .poll(() => player(page).evaluate((v: HTMLVideoElement) => v.readyState))
    .toBeGreaterThanOrEqual(1);
  // Normal speed: the server credits what wall time allows, so a machine slowed down by other work
  // (a report held up on the way) cannot cost the clip its check.
  await player(page).evaluate((v: HTMLVideoElement) => {
    v.muted = true;
  });
}

const ended = (page: Page) =>
  expect.poll(() => player(page).evaluate((v: HTMLVideoElement) => v.ended), { timeout: 45_000 }).toBe(true);

test('a member who plays a video to its end gets its Watched check, on its page and its card', async ({
  page,
}) => {
  test.slow();
  await signInNewMember(page);
  await openTour(page);
  await expect(page.locator('.watch__meta')).not.toContainText('Watched');
  // A seek while paused sends an anchor: its answer means the endpoint is warm, so the first
  // stretch is not judged from a report delayed by the function's first start.
  const anchored = page.waitForResponse('**/api/videos/progress');
  await player(page).evaluate((v: HTMLVideoElement) => {
    v.currentTime = 0.1;
  });
  expect((await anchored).ok()).toBe(true);
  const saved = lastSave(page);
  await player(page).evaluate((v: HTMLVideoElement) => v.play());
  await ended(page);
  await saved;
  // The save at the end asks for the watched videos again: the page's own check appears.
  await expect(page.locator('.watch__meta')).toContainText('Watched');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: tour.title })).toBeVisible();
  await expect(page.locator('.watch__meta')).toContainText('Watched');

  // Both Start Here videos: the one played has the check, the other not.
  await page.goto('/videos?search=start+here');
  const card = (title: string) =>
    page.getByRole('list', { name: 'Videos' }).getByRole('listitem').filter({ hasText: title });
  await expect(card(tour.title)).toContainText('Watched');
  // Beside the date, off the picture: the thumbnail's own text (its category, top left) stays readable.
  const mark = await card(tour.title).locator('.watched-mark').boundingBox();
  const picture = await card(tour.title).locator('.video-card__thumb').boundingBox();
  const date = await card(tour.title).locator('.video-card__meta').boundingBox();
  if (!mark || !picture || !date) throw new Error('the card, its picture and its Watched check are drawn');
  expect(mark.width * mark.height).toBeGreaterThan(0);
  expect(mark.y).toBeGreaterThanOrEqual(picture.y + picture.height);
  expect(mark.y).toBeGreaterThanOrEqual(date.y);
  expect(mark.y + mark.height).toBeLessThanOrEqual(date.y + date.height);
  await expect(card(other.title)).toBeVisible();
  await expect(card(other.title)).not.toContainText('Watched');
});

test('a member who seeks straight to the end does not get the check', async ({ page }) => {
  test.slow();
  const { sub } = await signInNewMember(page);
  await openTour(page);
  const saved = lastSave(page);
  // The save at the end asks for the watched videos again; answered before the reload below.
  const refetched = page.waitForResponse('**/api/videos/watched');
  await player(page).evaluate(async (v: HTMLVideoElement) => {
    v.currentTime = v.duration - 2;
    await v.play();
  });
  await ended(page);
  await saved;
  expect(((await (await refetched).json()) as { videos: string[] }).videos).not.toContain(tour.id);

  // The reports reached the server (a watch record), yet the video is not among the watched.
  await withStore(async (redis) => {
    expect(await redis.hGet(progressKeys.watch(sub), tour.id)).toBeTruthy();
    expect(await redis.sIsMember(progressKeys.watched(sub), tour.id)).toBeFalsy();
  });
  const watchedAnswer = page.waitForResponse('**/api/videos/watched');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: tour.title })).toBeVisible();
  expect(((await (await watchedAnswer).json()) as { videos: string[] }).videos).not.toContain(tour.id);
  await expect(page.locator('.watch__meta')).not.toContainText('Watched');
});

test('a members-only article scrolled to its end is stored as read, and its button says so', async ({
  page,
}) => {
  const { sub } = await signInNewMember(page);
  await page.setViewportSize({ width: 900, height: 600 });
  await page.goto(`/articles/${memberArticle.slug}`);
  await expect(page.locator('[data-member-article] .article-body')).toBeVisible();
  const mark = page.getByRole('button', { name: 'Mark as read' });
  await expect(mark).toBeAttached();
  // The end is below the fold: nothing is stored yet.
  expect(
    await withStore((redis) => redis.sIsMember(progressKeys.articlesRead(sub), memberArticle.slug)),
  ).toBeFalsy();

  const read = page.waitForResponse('**/api/articles/read');
  await mark.scrollIntoViewIfNeeded();
  expect((await read).ok()).toBe(true);
  await expect(page.getByRole('button', { name: 'Read ✓' })).toBeDisabled();
  expect(
    await withStore((redis) => redis.sIsMember(progressKeys.articlesRead(sub), memberArticle.slug)),
  ).toBeTruthy();
});

test('a free article read to its end by a member is stored as read', async ({ page }) => {
  const { sub } = await signInNewMember(page);
  await page.setViewportSize({ width: 900, height: 600 });
  await page.goto(`/articles/${freeArticle.slug}`);
  const mark = page.getByRole('button', { name: 'Mark as read' });
  await expect(mark).toBeAttached();
  const read = page.waitForResponse('**/api/articles/read');
  await mark.scrollIntoViewIfNeeded();
  expect((await read).ok()).toBe(true);
  await expect(page.getByRole('button', { name: 'Read ✓' })).toBeDisabled();
  expect(
    await withStore((redis) => redis.sIsMember(progressKeys.articlesRead(sub), freeArticle.slug)),
  ).toBeTruthy();
});
