import { fileURLToPath } from 'node:url';
import { loadCourses } from '../../functions/_lib/courses/content.ts';
import { progressKeys } from '../../functions/_lib/courses/progress-keys.ts';
import { tradeKeys } from '../../functions/_lib/trade-store/keys.ts';
import { CHECKED_FILINGS, lessonsAndChecksDone, reviewedTripsWithRisk } from '../support/course-progress.ts';
import { answerCheck, checkForm, endCheckWait } from './support/courses.ts';
import { signInNewMember } from './support/members.ts';
import { withStore } from './support/store.ts';
import { expect, test } from './support/test.ts';

// A member's module page (/learn/{course}/{module}): lessons with notes, the knowledge check drawn
// and graded on the server; after a fail the wrong questions' explanations and Review links but no
// correct choice, the wait, a new draw that passes, and the attempts still there after a reload.

const root = fileURLToPath(new URL('../..', import.meta.url));
const course = loadCourses(root)[0];
const module = course?.modules.find((m) => m.check);
const check = module?.check;
if (!course || !module || !check) throw new Error('content/courses needs a course with a checked module');

test('a member fails the check, sees why without the correct choices, passes a new draw after the wait, and reads the attempts after a reload', async ({
  page,
}) => {
  const { sub } = await signInNewMember(page);
  // Every answer of the module and the check, recorded before the page gets it: by the time the page
  // shows it, it is here (a response listener may read a body after the check, or after a reload).
  const answersSeen: string[] = [];
  const courseCalls = /\/api\/courses\/(module|check)$/;
  await page.route(courseCalls, async (route) => {
    const response = await route.fetch();
    answersSeen.push(await response.text());
    await route.fulfill({ response });
  });
  // The course outline (a pre-built page) gives a member each module's page; the dashboard, the courses.
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: /^Courses/ })
    .click();
  await page.waitForURL((url) => url.pathname === '/courses');
  await page.goto(`/courses/${course.slug}`);
  const index = course.modules.indexOf(module) + 1;
  await page.getByRole('link', { name: `Open module ${index}` }).click();
  await page.waitForURL((url) => url.pathname === `/learn/${course.slug}/${module.id}`);
  await expect(page.getByRole('heading', { level: 1, name: module.title })).toBeVisible();
  const first = module.lessons[0];
  await expect(page.getByRole('link', { name: first?.title ?? '' })).toBeVisible();
  await expect(checkForm(page).getByRole('group')).toHaveCount(check.ask);
  // Before answering, no explanation is on the page nor in the answer that drew the questions.
  expect(answersSeen.length).toBeGreaterThan(0);
  for (const q of check.questions) expect(answersSeen.join('')).not.toContain(q.explanation);
  await expect(page.getByText(check.questions[0]?.explanation ?? '')).toHaveCount(0);

  const failed = await answerCheck(page, check, false);
  const status = page.getByRole('status');
  await expect(status).toContainText('Not passed yet');
  await expect(status).toContainText('You can try again at');
  // Each wrong question: its explanation and the lesson to review, but never its correct choice.
  const attempts = page.getByRole('region', { name: 'Your attempts' });
  for (const q of failed) {
    await expect(attempts.getByText(q.explanation)).toBeVisible();
    const lesson = course.modules.flatMap((m) => m.lessons).find((l) => l.id === q.teaches.lesson);
    await expect(attempts.getByRole('link', { name: `Review: ${lesson?.title}` }).first()).toBeVisible();
    for (const c of q.choices.filter((x) => x.correct))
      await expect(attempts.getByText(c.text, { exact: true })).toHaveCount(0);
  }
  await expect(attempts.getByText('Correct:')).toHaveCount(0);
  expect(answersSeen.join('')).not.toContain('correctChoices');
  await page.unroute(courseCalls);
  // While it waits there is no form: the next questions stay on the server.
  await expect(page.getByRole('button', { name: 'Submit answers' })).toHaveCount(0);

  // The wait ends: the stored summary's retryAt moved to the past, as two minutes later.
  await endCheckWait(sub, course.slug, module.id);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Submit answers' })).toBeEnabled();
  // The attempt and its explanations are still there after the reload.
  await expect(attempts.getByText(failed[0]?.explanation ?? '')).toBeVisible();
  const passed = await answerCheck(page, check, true);
  // A new draw: none of the questions just failed.
  expect(passed.filter((q) => failed.includes(q))).toEqual([]);
  await expect(status).toContainText('Passed');
  await expect(status).toContainText('100%');

  // After a reload both attempts are listed; now that the check is passed, with the correct choices.
  await page.reload();
  await expect(attempts.getByRole('group')).toHaveCount(2);
  await expect(attempts.getByText(/: 100%, passed/)).toBeVisible();
  await expect(attempts.getByText(/: 0%, not passed/)).toBeVisible();
  await attempts.getByText(/: 0%, not passed/).click();
  for (const q of failed) await expect(attempts.getByText(q.explanation)).toBeVisible();
  await expect(attempts.getByText('Correct:').first()).toBeVisible();
});

test('the review goal says what counts and links to the Note field of the member’s latest trade', async ({
  page,
}) => {
  const journaling = course.modules.findIndex((m) => m.goal?.kind === 'reviewed-trades');
  const target = course.modules[journaling];
  if (!target?.goal) throw new Error('the course needs a reviewed-trades goal');
  const { sub } = await signInNewMember(page);
  // Every module before it complete (so it is open), and round trips with a planned risk and the
  // tag, whose notes review fewer trades than the goal asks.
  await withStore(async (redis) => {
    const done = lessonsAndChecksDone(sub, course, course.modules.slice(0, journaling));
    await redis.hSet(progressKeys.watch(sub), done.watch);
    await redis.sAdd(progressKeys.articlesRead(sub), done.articles);
    for (const [key, value] of done.checks) await redis.set(key, value);
    const { trades, tripNotes } = reviewedTripsWithRisk(5);
    for (const [i, t] of trades.entries()) {
      const trade = i < 4 ? t : { ...t, note: '' };
      await redis.set(tradeKeys.trade(sub, t.trade_id), JSON.stringify(trade));
      await redis.zAdd(tradeKeys.trades(sub), { score: t.time, value: t.trade_id });
      await redis.zAdd(tradeKeys.symbol(sub, t.symbol), { score: t.time, value: t.trade_id });
    }
    await redis.hSet(tradeKeys.tripNotes(sub), tripNotes);
    await redis.hSet(tradeKeys.tags(sub), { [CHECKED_FILINGS.id]: JSON.stringify(CHECKED_FILINGS) });
  });
  const latest = reviewedTripsWithRisk(5).trades.at(-1);

  await page.goto(`/learn/${course.slug}/${target.id}`);
  const goal = page.getByRole('region', { name: 'Practice in your journal' });
  await expect(goal).toContainText(`2 of ${target.goal.target}`);
  await expect(goal).toContainText('Trades → Executions → Edit → Note');
  await goal.getByRole('link', { name: `Write the note of your latest ${latest?.symbol} trade` }).click();
  await page.waitForURL((url) => url.pathname === '/trades');
  const form = page.getByRole('dialog');
  await expect(form.getByLabel('Note')).toBeFocused();
  await expect(page.getByRole('button', { name: 'Executions', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});
