import { fileURLToPath } from 'node:url';
import { loadCourses } from '../../functions/_lib/courses/content.ts';
import { answerCheck, endCheckWait } from './support/courses.ts';
import { signInNewMember } from './support/members.ts';
import { expect, test } from './support/test.ts';

// A member's module page (/learn/{course}/{module}): lessons with notes, the knowledge check graded
// on the server, explanations and Review links after answering, the wait after a failed check.

const root = fileURLToPath(new URL('../..', import.meta.url));
const course = loadCourses(root)[0];
const module = course?.modules.find((m) => m.check);
const check = module?.check;
if (!course || !module || !check) throw new Error('content/courses needs a course with a checked module');

test('a member fails the check, sees why and when to retry, then (after the wait) passes', async ({
  page,
}) => {
  const { sub } = await signInNewMember(page);
  const answersSeen: string[] = [];
  page.on('response', async (response) => {
    if (response.url().includes('/api/courses/module')) answersSeen.push(await response.text());
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
  await expect(page.getByRole('group')).toHaveCount(check.questions.length);
  // Before answering, no explanation is on the page nor in the answer that drew it.
  const explanation = check.questions[0]?.explanation ?? '';
  await expect(page.getByText(explanation)).toHaveCount(0);
  expect(answersSeen.join('')).not.toContain(explanation);

  await answerCheck(page, check, false);
  const status = page.getByRole('status');
  await expect(status).toContainText('Not passed yet');
  await expect(status).toContainText('You can try again at');
  await expect(page.getByText(explanation)).toBeVisible();
  const teaches = check.questions[0]?.teaches.lesson;
  const lesson = course.modules.flatMap((m) => m.lessons).find((l) => l.id === teaches);
  await expect(page.getByRole('link', { name: `Review: ${lesson?.title}` }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit answers' })).toBeDisabled();

  // The wait ends: the stored summary's retryAt moved to the past, as two minutes later.
  await endCheckWait(sub, course.slug, module.id);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Submit answers' })).toBeEnabled();
  await answerCheck(page, check, true);
  await expect(status).toContainText('Passed');
  await expect(status).toContainText('100%');
});
