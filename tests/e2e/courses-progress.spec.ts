import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { checkKeys } from '../../functions/_lib/courses/attempts.ts';
import { loadCourses } from '../../functions/_lib/courses/content.ts';
import { progressKeys } from '../../functions/_lib/courses/progress-keys.ts';
import { tradeKeys } from '../../functions/_lib/trade-store/keys.ts';
import { type TripTag, tagId } from '../../functions/_lib/trades/tags.ts';
import { reviewedTripsWithRisk } from '../support/course-progress.ts';
import { signInNewMember } from './support/members.ts';
import { scriptsOf } from './support/scripts.ts';
import { withStore } from './support/store.ts';
import { expect, test } from './support/test.ts';

// A member's progress on the pre-built course pages and the dashboard: the outline's panel and
// marks, each course card's percent, the Continue your course card; visitors get none of it and
// load no script; once the course is complete, the certificate panel: issue, view, copy, rename,
// withdraw.

const root = fileURLToPath(new URL('../..', import.meta.url));
const course = loadCourses(root)[0];
const [first, second] = course?.modules ?? [];
const firstArticle = first?.lessons[0];
if (!course || !first || !second || firstArticle?.kind !== 'article' || !firstArticle.article || !first.check)
  throw new Error(
    'content/courses needs a course whose first lesson is an article and whose first module has a check',
  );

/** Lessons, checks and goals: what the percent counts. */
const total = course.modules.reduce(
  (sum, m) => sum + m.lessons.length + (m.check ? 1 : 0) + (m.goal ? 1 : 0),
  0,
);
const percent = (done: number) => Math.floor((done * 100) / total);
const outline = `/courses/${course.slug}`;

/**
 * Writes progress where it is kept, as the member's watching, reading and checks would: every
 * lesson of `modules` done and its check passed, and with `journal` enough reviewed round trips
 * with a planned risk, tagged with every tag a tagged-trips goal names, for every practice goal.
 */
async function writeProgress(sub: string, modules: NonNullable<typeof course>['modules'], journal = false) {
  await withStore(async (redis) => {
    for (const module of modules) {
      for (const lesson of module.lessons) {
        if (lesson.kind === 'video' && lesson.video)
          await redis.hSet(
            progressKeys.watch(sub),
            lesson.video,
            '{"b":"fffffffffffffffffffffffff","p":0,"t":0}',
          );
        if (lesson.kind === 'article' && lesson.article)
          await redis.sAdd(progressKeys.articlesRead(sub), lesson.article);
      }
      if (module.check)
        await redis.set(
          checkKeys.record(sub, course?.slug ?? '', module.id),
          JSON.stringify({ attempts: 1, best: 100, passed: true, lastAt: Date.now(), retryAt: null }),
        );
    }
    if (journal) {
      const { trades, tripNotes } = reviewedTripsWithRisk(10);
      const tags: TripTag[] = (course?.modules ?? []).flatMap((m) =>
        m.goal?.kind === 'tagged-trips' && m.goal.tag
          ? [{ id: tagId('setup', m.goal.tag), name: m.goal.tag, kind: 'setup' as const }]
          : [],
      );
      const noted = JSON.stringify({ tags: tags.map((t) => t.id), risk: '50' });
      for (const trip of Object.keys(tripNotes)) tripNotes[trip] = noted;
      if (tags.length > 0)
        await redis.hSet(tradeKeys.tags(sub), Object.fromEntries(tags.map((t) => [t.id, JSON.stringify(t)])));
      for (const trade of trades) {
        await redis.set(tradeKeys.trade(sub, trade.trade_id), JSON.stringify(trade));
        await redis.zAdd(tradeKeys.trades(sub), { score: trade.time, value: trade.trade_id });
        await redis.zAdd(tradeKeys.symbol(sub, trade.symbol), { score: trade.time, value: trade.trade_id });
      }
      await redis.hSet(tradeKeys.tripNotes(sub), tripNotes);
    }
  });
}

/** The outline's section for a module. */
const moduleSection = (page: Page, id: string) => page.locator(`[data-course-module="${id}"]`);

test('visitors get the outline and the list as before: no progress, no script file', async ({ page }) => {
  expect(await scriptsOf(page, outline)).toEqual([]);
  await expect(page.locator('[data-course-progress]')).toBeHidden();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByText('Start the course')).toHaveCount(0);
  // Lessons stay locked for them.
  await expect(moduleSection(page, first.id).locator('[data-lesson]').first()).toContainText('(locked)');
  expect(await scriptsOf(page, '/courses')).toEqual([]);
  await expect(page.locator('[data-course-card-progress]').first()).toBeHidden();
  await expect(page.getByText(/% complete/)).toHaveCount(0);
});

test('a new member sees 0%, starts, and sees a lesson done and the percent move on the outline, the list and the dashboard', async ({
  page,
}) => {
  const { sub } = await signInNewMember(page);

  // The dashboard: the course to continue, above the section cards.
  const card = page.getByRole('region', { name: 'Continue your course' });
  await expect(card.getByRole('link', { name: course.title })).toHaveAttribute('href', outline);
  await expect(card).toContainText('0% complete');
  await expect(card.getByRole('link', { name: firstArticle.title })).toHaveAttribute(
    'href',
    `/articles/${firstArticle.article}?course=${course.slug}&lesson=${firstArticle.id}`,
  );
  await expect(card).toContainText(`Next lesson: ${firstArticle.title} · Module 1: ${first.title}`);

  await page.goto('/courses');
  await expect(page.locator(`[data-course-card="${course.slug}"]`)).toContainText('0% complete');

  await page.goto(outline);
  const panel = page.locator('[data-course-progress]');
  await expect(panel).toContainText(`0% complete · 0 of ${total}`);
  await expect(panel.getByRole('progressbar', { name: 'Your progress in this course' })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );
  await expect(panel.getByRole('link', { name: 'Start the course' })).toHaveAttribute(
    'href',
    `/articles/${firstArticle.article}?course=${course.slug}&lesson=${firstArticle.id}`,
  );
  await expect(page.getByRole('heading', { name: 'Certificate' })).toHaveCount(0);
  const one = moduleSection(page, first.id);
  await expect(one.locator('[data-module-state]')).toHaveText(`0 of ${first.lessons.length} lessons`);
  await expect(one.locator('[data-module-check]')).toContainText('Not passed yet');
  await expect(one.getByRole('link', { name: 'Open module 1' })).toBeVisible();
  // Members see no locks; nothing is done yet.
  await expect(one.locator('[data-lesson]').first().getByText('(locked)')).toBeHidden();
  await expect(page.locator('[data-lesson-state]').getByText('Done')).toHaveCount(0);
  if (course.sequential) {
    // One rule, in the same words on the outline and each module card, and a closed module is no button.
    await expect(
      page.getByText('Modules open in order: each opens once every module before it is complete.'),
    ).toBeVisible();
    await expect(moduleSection(page, second.id).locator('[data-module-state]')).toHaveText(
      'Opens once module 1 is complete',
    );
    await expect(moduleSection(page, second.id).getByRole('link', { name: /^Open module/ })).toHaveCount(0);
    const third = course.modules[2];
    if (third) {
      await expect(moduleSection(page, third.id).locator('[data-module-state]')).toHaveText(
        'Opens once modules 1 and 2 are complete',
      );
      // The module page, opened by its address, says the same.
      await page.goto(`/learn/${course.slug}/${third.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Not open yet' })).toBeVisible();
      await expect(page.getByText('Opens once modules 1 and 2 are complete.')).toBeVisible();
      await page.goto(outline);
    }
  }
  const goalModule = course.modules.find((m) => m.goal);
  if (goalModule) {
    const goal = moduleSection(page, goalModule.id).locator('[data-module-goal]');
    await expect(goal.getByRole('link', { name: `0 of ${goalModule.goal?.target}` })).toBeVisible();
  }

  // The first lesson read, as the article page reports it.
  const status = await page.evaluate(async (article) => {
    const response = await fetch('/api/articles/read', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${localStorage.getItem('accessToken')}`,
      },
      body: JSON.stringify({ article }),
    });
    return response.status;
  }, firstArticle.article);
  expect(status).toBe(200);

  await page.reload();
  const nextLesson = first.lessons[1];
  await expect(panel).toContainText(`${percent(1)}% complete · 1 of ${total}`);
  await expect(panel.getByRole('link', { name: `Continue: ${nextLesson?.title}` })).toBeVisible();
  await expect(one.locator(`[data-lesson="${firstArticle.id}"]`)).toContainText('Done');
  await expect(one.locator(`[data-lesson="${nextLesson?.id}"]`)).not.toContainText('Done');
  await expect(one.locator('[data-module-state]')).toHaveText(`1 of ${first.lessons.length} lessons`);

  await page.goto('/courses');
  await expect(page.locator(`[data-course-card="${course.slug}"]`)).toContainText(`${percent(1)}% complete`);

  // The rest of the first module done where the progress is kept: videos watched, the check passed.
  await writeProgress(sub, [first]);
  const doneNow = first.lessons.length + 1;
  await page.goto(outline);
  await expect(panel).toContainText(`${percent(doneNow)}% complete · ${doneNow} of ${total}`);
  await expect(one.locator('[data-module-state]')).toHaveText('Complete');
  await expect(one.locator('[data-module-check]')).toContainText('Passed, best 100%');
  await expect(one.locator('[data-lesson-state]').getByText('Done')).toHaveCount(first.lessons.length);
  await expect(moduleSection(page, second.id).locator('[data-module-state]')).toHaveText(
    `0 of ${second.lessons.length} lessons`,
  );
  await expect(panel.getByRole('link', { name: `Continue: ${second.lessons[0]?.title}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Certificate' })).toHaveCount(0);

  await page.goto('/');
  await expect(card).toContainText(`${percent(doneNow)}% complete`);
  await expect(card).toContainText(`Next lesson: ${second.lessons[0]?.title} · Module 2: ${second.title}`);
});

test('a member who completed the course issues, copies, renames and withdraws the certificate', async ({
  page,
  context,
}) => {
  const { sub } = await signInNewMember(page);
  await writeProgress(sub, course.modules, true);
  await page.goto(outline);
  const panel = page.locator('[data-course-progress]');
  await expect(panel).toContainText(`100% complete · ${total} of ${total}`);
  await expect(panel.getByRole('link', { name: /^(Continue|Start)/ })).toHaveCount(0);
  for (const module of course.modules)
    await expect(moduleSection(page, module.id).locator('[data-module-state]')).toHaveText('Complete');

  const certificate = page.getByRole('region', { name: 'Certificate' });
  const name = certificate.getByLabel('Name on the certificate');
  await expect(name).toHaveValue('');
  // A name is needed: said in an alert, nothing sent.
  await certificate.getByRole('button', { name: 'Issue my certificate' }).click();
  await expect(certificate.getByRole('alert')).toContainText('1 to 80 characters');
  await name.fill('  Ada   Lovelace ');
  await certificate.getByRole('button', { name: 'Issue my certificate' }).click();
  const view = certificate.getByRole('link', { name: 'View certificate' });
  await expect(view).toHaveAttribute('href', /^\/certificates\/[\w-]{20}$/);
  await expect(certificate).toContainText('to Ada Lovelace');
  await expect(certificate.getByRole('alert')).toHaveCount(0);
  const path = (await view.getAttribute('href')) ?? '';
  const publicPage = await page.request.get(path);
  expect(publicPage.status()).toBe(200);
  expect(await publicPage.text()).toContain('Ada Lovelace');

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await certificate.getByRole('button', { name: 'Copy link' }).click();
  await expect(certificate.getByRole('status')).toHaveText('Link copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(path, page.url()).href);

  // A rename keeps the address.
  await expect(name).toHaveValue('Ada Lovelace');
  await name.fill('Ada King');
  await certificate.getByRole('button', { name: 'Rename' }).click();
  await expect(certificate).toContainText('to Ada King');
  await expect(view).toHaveAttribute('href', path);

  // Withdrawn after a confirmation: the public page is gone, and a new one can be issued.
  await certificate.getByRole('button', { name: 'Withdraw' }).click();
  await certificate.getByRole('button', { name: 'Keep it' }).click();
  await expect(view).toBeVisible();
  await certificate.getByRole('button', { name: 'Withdraw' }).click();
  await certificate.getByRole('button', { name: 'Yes, withdraw it' }).click();
  await expect(certificate.getByRole('button', { name: 'Issue my certificate' })).toBeVisible();
  await expect(view).toHaveCount(0);
  expect((await page.request.get(path)).status()).toBe(404);

  await page.goto('/courses');
  await expect(page.locator(`[data-course-card="${course.slug}"]`)).toContainText('Completed');
  // The dashboard lists the finished course; its certificate withdrawn, it leads to where one is issued.
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
  const done = page
    .getByRole('region', { name: /^(Continue your course|Course complete)$/ })
    .getByRole('listitem')
    .filter({ hasText: `${course.title} completed` });
  await expect(done.getByRole('link', { name: 'Get your certificate' })).toHaveAttribute('href', outline);
});
