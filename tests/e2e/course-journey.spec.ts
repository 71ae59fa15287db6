import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { loadCourses } from '../../functions/_lib/courses/content.ts';
import { progressKeys } from '../../functions/_lib/courses/progress-keys.ts';
import { tradeKeys } from '../../functions/_lib/trade-store/keys.ts';
import { lessonsAndChecksDone, reviewedTripsWithRisk } from '../support/course-progress.ts';
import { answerCheck, endCheckWait } from './support/courses.ts';
import { signInNewMember } from './support/members.ts';
import { scriptsOf } from './support/scripts.ts';
import { withStore } from './support/store.ts';
import { expect, test } from './support/test.ts';
import { importBrokerFile, TRADEZERO } from './support/trades.ts';

// The course end to end (docs/courses.md), as a new member learns it: a lesson watched to its end,
// a knowledge check failed and then passed, a practice goal met by importing a broker file and
// tagging its round trips, then the certificate, which a visitor opens and verifies. What a member
// would do over many days (the other lessons and checks, earlier trades with a planned risk and a
// note) is written to the store directly, as it would be stored.

const root = fileURLToPath(new URL('../..', import.meta.url));
const course = loadCourses(root)[0];
const first = course?.modules[0];
const check = first?.check;
const lesson = first?.lessons.find((l) => l.video && l.chapterStart === undefined);
const tagged = course?.modules.find((m) => m.goal?.kind === 'tagged-trips');
if (!course || !first || !check || !lesson || !tagged)
  throw new Error(
    'content/courses needs a first module with a check and a whole-video lesson, and a tagged-trips goal',
  );
const NAME = 'Jordan Q. Member';

const player = (page: Page) => page.locator('video.player__media');

test('a new member watches a lesson, fails then passes a check, meets a goal from an imported file, and earns a certificate a visitor verifies', async ({
  page,
  browser,
}) => {
  test.slow();
  const { sub } = await signInNewMember(page);
  const modulePath = `/learn/${course.slug}/${first.id}`;

  // 1. A lesson watched to its end, at normal speed (the local clip is 24 s).
  await page.goto(modulePath);
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
  await page.getByRole('link', { name: lesson.title, exact: true }).click();
  await expect(player(page)).toBeVisible();
  await expect
    .poll(() => player(page).evaluate((v: HTMLVideoElement) => v.readyState))
    .toBeGreaterThanOrEqual(1);
  const end = page.waitForResponse((response) => {
    if (!response.url().endsWith('/api/videos/progress')) return false;
    const body = JSON.parse(response.request().postData() ?? '{}') as {
      position?: number;
      duration?: number;
    };
    return response.ok() && (body.position ?? 0) >= (body.duration ?? Number.POSITIVE_INFINITY) - 1;
  });
  await player(page).evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect
    .poll(() => player(page).evaluate((v: HTMLVideoElement) => v.ended), { timeout: 60_000 })
    .toBe(true);
  await end;
  await page.goto(modulePath);
  const lessonCard = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: lesson.title }) });
  await expect(lessonCard).toContainText('✓ Done');

  // 2. The check: failed, then (once the wait is over) passed.
  await answerCheck(page, check, false);
  const status = page.getByRole('status');
  await expect(status).toContainText('Not passed yet');
  await endCheckWait(sub, course.slug, first.id);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Submit answers' })).toBeEnabled();
  await answerCheck(page, check, true);
  await expect(status).toContainText('Passed');

  // The rest of the course as done on other days: lessons, checks, and five earlier round trips with
  // a planned risk and a review note (the risk and review goals), none tagged.
  await withStore(async (redis) => {
    const done = lessonsAndChecksDone(sub, course);
    const { [lesson.video ?? '']: _watched, ...others } = done.watch;
    await redis.hSet(progressKeys.watch(sub), others);
    await redis.sAdd(progressKeys.articlesRead(sub), done.articles);
    for (const [key, value] of done.checks.slice(1)) await redis.set(key, value);
    const { trades, tripNotes } = reviewedTripsWithRisk(5, { tagged: false });
    for (const t of trades) {
      await redis.set(tradeKeys.trade(sub, t.trade_id), JSON.stringify(t));
      await redis.zAdd(tradeKeys.trades(sub), { score: t.time, value: t.trade_id });
      await redis.zAdd(tradeKeys.symbol(sub, t.symbol), { score: t.time, value: t.trade_id });
    }
    await redis.hSet(tradeKeys.tripNotes(sub), tripNotes);
  });

  // 3. The tagged-trips goal: not met, then met by importing a broker file and tagging its trips.
  await page.goto(`/learn/${course.slug}/${tagged.id}`);
  const goal = page.getByRole('region', { name: 'Practice in your journal' });
  await expect(goal).toContainText(`0 of ${tagged.goal?.target}`);
  // The goal links to the tag box of the latest round trip not tagged yet, opened and focused.
  await goal.getByRole('link', { name: /^Tag your latest GOAL. trade$/ }).click();
  await page.waitForURL((url) => url.pathname === '/trades');
  await expect(page.getByRole('form', { name: 'Add a tag' }).getByLabel('Tag')).toBeFocused();
  await importBrokerFile(page, TRADEZERO, 9);
  // tradezero.csv closes AITX, ALPP and TSNP: the filings were read before each.
  const trips = page
    .getByRole('table', { name: 'Closed trades' })
    .locator(':scope > tbody > tr:not(.trip-detail)');
  for (const symbol of ['AITX', 'ALPP', 'TSNP'])
    await trips
      .filter({ has: page.getByRole('link', { name: symbol, exact: true }) })
      .getByRole('checkbox')
      .check();
  const bulk = page.getByRole('region', { name: 'Selected trades' });
  await expect(bulk).toContainText('3 selected');
  await bulk.getByLabel('Tag', { exact: true }).fill('Checked filings');
  await bulk.getByRole('combobox', { name: 'Kind', exact: true }).selectOption('setup');
  await bulk.getByRole('button', { name: 'Tag selected trades' }).click();
  await expect(trips.locator('.tag-chip', { hasText: 'Checked filings' })).toHaveCount(3);
  await page.goto(`/learn/${course.slug}/${tagged.id}`);
  await expect(goal).toContainText(`Done: ${tagged.goal?.target} of ${tagged.goal?.target}`);

  // 4. The course complete: the certificate, with the name the member chooses.
  await page.goto(`/courses/${course.slug}`);
  const panel = page.getByRole('region', { name: 'Certificate' });
  await panel.getByLabel('Name on the certificate').fill(NAME);
  await panel.getByRole('button', { name: 'Issue my certificate' }).click();
  const view = panel.getByRole('link', { name: 'View certificate' });
  await expect(view).toBeVisible();
  const address = (await view.getAttribute('href')) ?? '';
  expect(address).toMatch(/^\/certificates\/[A-Za-z0-9_-]{20}$/);
  // The dashboard's course card now lists the finished course with its certificate (beside any
  // other course still to continue).
  await page.goto('/');
  const card = page.getByRole('region', { name: /^(Continue your course|Course complete)$/ });
  const done = card.getByRole('listitem').filter({ hasText: `${course.title} completed` });
  await expect(done.getByRole('link', { name: course.title })).toHaveAttribute(
    'href',
    `/courses/${course.slug}`,
  );
  await expect(done.getByRole('link', { name: 'View your certificate' })).toHaveAttribute('href', address);

  // 5. A visitor (no session) opens the address and can verify it.
  const visitor = await browser.newContext();
  try {
    const other = await visitor.newPage();
    const answer = await other.goto(address);
    expect(answer?.status()).toBe(200);
    await expect(other.getByText('Certificate of completion')).toBeVisible();
    await expect(other.getByText(NAME)).toBeVisible();
    await expect(other.getByRole('link', { name: course.title })).toHaveAttribute(
      'href',
      `/courses/${course.slug}`,
    );
    const image = await other.locator('meta[property="og:image"]').getAttribute('content');
    const preview = await other.request.get(image ?? '');
    expect(preview.headers()['content-type']).toBe('image/png');
  } finally {
    await visitor.close();
  }
});

test('a member walks a module lesson by lesson from the course bar, and back to the module', async ({
  page,
}) => {
  test.slow();
  await signInNewMember(page);
  const modulePath = `/learn/${course.slug}/${first.id}`;
  await page.goto(modulePath);
  const [opening] = first.lessons;
  if (opening?.kind !== 'article') throw new Error("the first module's first lesson must be an article");
  await page.getByRole('link', { name: opening.title, exact: true }).click();
  const bar = page.getByRole('navigation', { name: 'Course' });

  for (const [index, step] of first.lessons.entries()) {
    await page.waitForURL(
      (url) => url.searchParams.get('course') === course.slug && url.searchParams.get('lesson') === step.id,
    );
    const pathname = new URL(page.url()).pathname;
    if (step.kind === 'article') expect(pathname).toBe(`/articles/${step.article}`);
    else expect(pathname).toMatch(new RegExp(`^/videos/watch/${step.video}/`));
    await expect(bar.getByRole('link', { name: course.title })).toHaveAttribute(
      'href',
      `/courses/${course.slug}`,
    );
    await expect(bar).toContainText(`Module 1: ${first.title}`);
    await expect(bar).toContainText(`Lesson ${index + 1} of ${first.lessons.length}`);
    await expect(bar).toContainText(
      step.kind === 'video'
        ? 'Counts as done once you have watched 90% of it.'
        : 'Counts as done once you have read it to the end.',
    );
    await expect(bar.getByRole('link', { name: 'Back to the module' })).toHaveAttribute('href', modulePath);
    if (index === 0) {
      // Read to its end: the bar says so without a reload.
      await expect(bar).toContainText('Not done yet');
      await page.getByRole('button', { name: 'Mark as read' }).click();
      await expect(bar).toContainText('✓ Done');
    }
    const next = first.lessons[index + 1];
    if (!next) break;
    await bar.getByRole('link', { name: `Next lesson: ${next.title}` }).click();
  }
  // The module's last lesson leads back to the module, where the first lesson counts as done.
  await expect(bar.getByRole('link', { name: /^Next lesson/ })).toHaveCount(0);
  await bar.getByRole('link', { name: 'Back to the module' }).click();
  await page.waitForURL((url) => url.pathname === modulePath);
  await expect(
    page.getByRole('listitem').filter({ has: page.getByRole('link', { name: opening.title }) }),
  ).toContainText('✓ Done');
});

test('a lesson opened from anywhere else, or by a visitor, has no course bar', async ({ page }) => {
  const [opening] = first.lessons;
  const path = `/articles/${opening?.article}?course=${course.slug}&lesson=${opening?.id}`;
  const scripts = await scriptsOf(page, path);
  await expect(page.getByRole('navigation', { name: 'Course' })).toHaveCount(0);
  expect(scripts.filter((script) => script.url.includes('LessonBar'))).toEqual([]);

  await signInNewMember(page);
  await page.goto(`/articles/${opening?.article}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Course' })).toHaveCount(0);
});
