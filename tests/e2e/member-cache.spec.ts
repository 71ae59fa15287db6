import type { Page } from '@playwright/test';
import { countApiCalls, signInNewMember } from './support/members.ts';
import { expect, test } from './support/test.ts';

// The member app's client data: answers are kept while navigating in the app, and a write
// refreshes what it changed, without a reload.

const cards = (page: Page, label = 'Videos') =>
  page.getByRole('list', { name: label, exact: true }).getByRole('listitem');
const player = (page: Page) => page.locator('video.player__media');
const playerTime = (page: Page) => player(page).evaluate((v: HTMLVideoElement) => v.currentTime);

test('going back and forth in the app asks for lists and videos only once', async ({ page }) => {
  await signInNewMember(page);
  const videoCalls = countApiCalls(page, 'videos');
  const tagCalls = countApiCalls(page, 'tags');
  const metadataCalls = countApiCalls(page, 'videos/metadata');
  const signInSdkReady = page.waitForResponse('**/api/appconfig');
  await page.goto('/videos');
  await expect(cards(page)).toHaveCount(12);
  // The sign-in SDK mirrors its (same) token into the session once loaded: that keeps the cache.
  await signInSdkReady;

  // A playlist from start-up, back to the latest, into a video and back, the same video again.
  await page.getByRole('navigation', { name: 'Playlists' }).getByRole('link', { name: 'Essentials' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Essentials' })).toBeVisible();
  await page.locator('header').getByRole('link', { name: 'Videos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Latest Videos' })).toBeVisible();
  const title = (await cards(page).first().locator('.video-card__title').textContent()) ?? '';
  await cards(page).first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await page.goBack();
  await expect(cards(page)).toHaveCount(12);
  await cards(page).first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  // Start-up's one request for every list; nothing asked again.
  expect(videoCalls()).toBe(1);
  expect(tagCalls()).toBe(1);
  expect(metadataCalls()).toBe(1);
});

/** Opens a video from the dashboard's latest list, in the app, and plays a couple of seconds of it. */
async function watchALittle(page: Page, index: number) {
  await cards(page, 'Latest videos').nth(index).getByRole('link').click();
  await expect(player(page)).toBeVisible();
  await player(page).evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => playerTime(page)).toBeGreaterThanOrEqual(2);
}

test('a saved position shows under Continue watching when the member goes back', async ({ page }) => {
  await signInNewMember(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(cards(page, 'Latest videos')).toHaveCount(3);
  await expect(cards(page, 'Continue watching')).toHaveCount(0);

  // Pausing saves the position; back on the dashboard (its list was read a moment ago), the save
  // made it ask again.
  await watchALittle(page, 0);
  const saved = page.waitForResponse('**/api/videos/progress');
  await player(page).evaluate((v: HTMLVideoElement) => v.pause());
  expect((await saved).ok()).toBe(true);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(cards(page, 'Continue watching')).toHaveCount(1);

  // Leaving a playing video saves it as the dashboard is already showing: the list follows.
  await watchALittle(page, 1);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(cards(page, 'Continue watching')).toHaveCount(2);
});

test('/account asks for the plan once a visit: the first waits for it, a later one asks again beside the last answer', async ({
  page,
}) => {
  await signInNewMember(page);
  const statusCalls = countApiCalls(page, 'subscription/status');
  await page.goto('/account');
  await expect(page.locator('[data-subscription-status]')).toContainText('Monthly plan');
  expect(statusCalls()).toBe(1);
  // Away and back inside the app: the plan shows at once and is asked for again (billing may have
  // changed it elsewhere), once.
  await page.locator('header').getByRole('link', { name: 'Videos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Latest Videos' })).toBeVisible();
  const answered = page.waitForResponse('**/api/subscription/status');
  await page.locator('header').getByRole('button', { name: 'Account' }).click();
  await page.getByRole('link', { name: 'Manage' }).click();
  await expect(page.locator('[data-subscription-status]')).toContainText('Monthly plan');
  await answered;
  expect(statusCalls()).toBe(2);
});

test('a first visit to /journal asks for each start-up list once, and the library and dashboard ask for none again', async ({
  page,
}) => {
  await signInNewMember(page);
  // docs/product.md §4 start-up: the default lists (latest, essentials, dd) and frontload_friday, in one request.
  const lists: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/videos') lists.push(request.postData() ?? '');
  });
  const notesCalls = countApiCalls(page, 'journal/notes');
  const tagCalls = countApiCalls(page, 'tags');
  await page.goto('/journal');
  await expect(page.getByRole('heading', { level: 1, name: 'Trading Journal' })).toBeVisible();
  await page.locator('header').getByRole('link', { name: 'Videos' }).click();
  await expect(cards(page)).toHaveCount(12);
  await page.getByRole('navigation', { name: 'Playlists' }).getByRole('link', { name: 'Essentials' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Essentials' })).toBeVisible();
  await page.locator('header a[href="/"]').first().click();
  await expect(cards(page, 'All videos')).toHaveCount(8);

  expect(lists.map((body) => JSON.parse(body))).toEqual([
    { maxResults: 100, alsoPlaylists: ['frontload_friday'] },
  ]);
  expect(notesCalls()).toBe(1);
  expect(tagCalls()).toBe(1);
});
