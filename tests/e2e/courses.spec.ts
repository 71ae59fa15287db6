import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCourses } from '../../functions/_lib/courses/content.ts';
import { goalSentence } from '../../functions/_lib/courses/goals.ts';
import { isMemberPath } from '../../member-app/member-paths.ts';
import { fingerprints, words } from './support/leak-text.ts';
import { signInNewMember } from './support/members.ts';
import { scriptsOf } from './support/scripts.ts';
import { expect, test } from './support/test.ts';

// Courses as visitors get them: the pre-built list and outlines with no framework JS, lessons locked,
// a join call to action, and no question, answer, explanation or lesson note in any published file.

const root = fileURLToPath(new URL('../..', import.meta.url));
const courses = loadCourses(root);
const course = courses[0];
if (!course) throw new Error('content/courses needs a course');
const questions = course.modules.flatMap((module) => module.check?.questions ?? []);

/**
 * What must never be published, as word strings: every prompt and explanation, every correct choice
 * long enough to be its own (a short one such as "33%" or "Expert Market" is ordinary copy elsewhere;
 * without its question it reveals nothing), and every sentence of every lesson's notes.
 */
const secrets = [
  ...questions.flatMap((q) => [
    q.prompt,
    q.explanation,
    ...q.choices.filter((c) => c.correct && words(c.text).split(' ').length >= 4).map((c) => c.text),
  ]),
].map(words);
const lessonSentences = course.modules.flatMap((m) => m.lessons.flatMap((l) => fingerprints(l.text)));

/** Every text file the site publishes (dist/), as words. */
function publishedFiles(): Array<{ file: string; text: string }> {
  const dist = path.join(root, 'dist');
  return (readdirSync(dist, { recursive: true }) as string[])
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => /\.(html|js|mjs|css|xml|txt|json|svg|webmanifest|yml|map)$/.test(file))
    .map((file) => ({ file, text: ` ${words(readFileSync(path.join(dist, file), 'utf8'))} ` }));
}

const leaksIn = (text: string, needles: string[]) => needles.filter((needle) => text.includes(` ${needle} `));

test('/courses lists every course with its cover, level, summary and size, with no script file', async ({
  page,
}) => {
  const scripts = await scriptsOf(page, '/courses');
  await expect(page).toHaveTitle('Courses | OTC Edge');
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  expect(scripts).toEqual([]);
  const cards = page.locator('[data-course-card]');
  await expect(cards).toHaveCount(courses.length);
  // A catalogue: both courses are listed.
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText([
    'Penny Stock Essentials',
    'Reading a penny-stock filing',
  ]);
  const card = cards.first();
  const lessons = course.modules.reduce((sum, m) => sum + m.lessons.length, 0);
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(course.title);
  await expect(card).toContainText(`${course.modules.length} modules · ${lessons} lessons`);
  await expect(card).toContainText(course.summary);
  await expect(card).toContainText(/beginner/i);
  await expect(card.locator('img')).toHaveAttribute('src', course.cover);
  await card.getByRole('link', { name: course.title }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${course.slug}$`));
  const html = await (await page.request.get('/courses')).text();
  expect(html).not.toContain('data-member-app');
  expect(html.toLowerCase()).not.toContain('react');
});

test("a course's outline: modules, locked lessons, each check and goal named, and a join call to action", async ({
  page,
}) => {
  const scripts = await scriptsOf(page, `/courses/${course.slug}`);
  expect(scripts).toEqual([]);
  await expect(page).toHaveTitle(`${course.title} | OTC Edge`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.title);
  const lessons = course.modules.reduce((sum, m) => sum + m.lessons.length, 0);
  const checks = course.modules.filter((m) => m.check).length;
  await expect(page.locator('.course-page__header .article-meta')).toContainText(
    `${course.modules.length} modules · ${lessons} lessons · ${checks} knowledge checks`,
  );
  const modules = page.locator('[data-course-module]');
  await expect(modules).toHaveCount(course.modules.length);
  for (const [index, module] of course.modules.entries()) {
    const section = modules.nth(index);
    await expect(section.getByRole('heading', { level: 2 })).toHaveText(module.title);
    await expect(section.locator('[data-lesson]')).toHaveText(
      module.lessons.map(
        (lesson) => new RegExp(`${lesson.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*\\(locked\\)`),
      ),
    );
    await expect(section.locator('[data-lesson] svg')).toHaveCount(module.lessons.length * 2);
    if (module.check)
      await expect(section.locator('[data-module-check]')).toHaveText(
        `Knowledge check: ${module.check.ask} questions`,
      );
    else await expect(section.locator('[data-module-check]')).toHaveCount(0);
    if (module.goal)
      await expect(section.locator('[data-module-goal]')).toContainText(goalSentence(module.goal));
    else await expect(section.locator('[data-module-goal]')).toHaveCount(0);
    // The way into the module is for members only.
    await expect(section.getByRole('link', { name: /^Open module/ })).toBeHidden();
  }
  const join = page.locator('[data-join-course]');
  await expect(join.getByRole('heading', { name: 'Join to start this course' })).toBeVisible();
  await expect(join.getByRole('link', { name: 'Join to start this course' })).toHaveAttribute(
    'href',
    '/callback?login=signup',
  );
  const html = await (await page.request.get(`/courses/${course.slug}`)).text();
  expect(html).not.toContain('data-member-app');
  expect(html.toLowerCase()).not.toContain('react');
});

test('/courses stays a pre-built page: not a member route, and in the sitemap', async ({ request }) => {
  expect(isMemberPath('/courses')).toBe(false);
  expect(isMemberPath(`/courses/${course.slug}`)).toBe(false);
  expect(readFileSync(path.join(root, 'netlify.toml'), 'utf8')).not.toMatch(/from = "\/courses/);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('<loc>https://otcedge.app/courses</loc>');
  for (const each of courses)
    expect(sitemap).toContain(`<loc>https://otcedge.app/courses/${each.slug}</loc>`);
});

test.describe('no question, answer or lesson note is published', () => {
  test('the detector finds what is published: the outline and lesson titles (control)', () => {
    const outline = publishedFiles().find((f) => f.file === `courses/${course.slug}/index.html`);
    expect(outline, 'the outline page is built').toBeDefined();
    const published = [
      course.title,
      course.summary,
      ...course.modules.flatMap((m) => m.lessons.map((l) => l.title)),
    ];
    expect(leaksIn(outline?.text ?? '', published.map(words))).toHaveLength(published.length);
    // The detector reads text the way it is written in the course: a prompt put in a page is found.
    const planted = ` ${words(`<p>${questions[0]?.prompt}</p>`)} `;
    expect(leaksIn(planted, secrets)).toHaveLength(1);
    expect(secrets.length).toBeGreaterThan(questions.length * 2);
    expect(lessonSentences.length).toBeGreaterThan(course.modules.length * 4);
  });

  test('in any file of dist/: pages, scripts, styles, the sitemap, the editor configuration', () => {
    const leaks = publishedFiles().flatMap(({ file, text }) =>
      [...leaksIn(text, secrets), ...leaksIn(text, lessonSentences)].map((leak) => `${file}: "${leak}"`),
    );
    expect(leaks).toEqual([]);
  });
});

test('the header leads to the courses from a static page, for visitors and members', async ({ page }) => {
  for (const path of ['/features', '/articles']) {
    await page.goto(path);
    const link = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Courses', exact: true });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', '/courses');
  }
  // The landing page and the features page say there is a course, and link to it.
  await page.goto('/');
  await expect(page.getByRole('main').getByRole('link', { name: 'See the courses' })).toHaveAttribute(
    'href',
    '/courses',
  );
  await page.goto('/features');
  await page.getByRole('main').getByRole('link', { name: 'See the courses' }).click();
  await page.waitForURL((url) => url.pathname === '/courses');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses', exact: true }),
  ).toHaveAttribute('aria-current', 'page');

  await signInNewMember(page);
  await page.goto(`/courses/${course.slug}`);
  const link = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Courses', exact: true });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('aria-current', 'page');
});
