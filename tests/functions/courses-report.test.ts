import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadCourses } from '../../functions/_lib/courses/content.ts';
import { courseStatsKeys } from '../../functions/_lib/courses/progress-keys.ts';
import {
  type CourseReport,
  formatCourseReport,
  type ReportedCourse,
  readCourseReport,
} from '../../functions/_lib/courses/report.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import { storeRequests } from '../support/round-trips.ts';

// The operator's course report on real Redis: counters written under the keys the progress writes
// keep (courseStatsKeys) for a synthetic course of its own slug, read back in one round trip, and
// `npm run courses:report` on the product's courses.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const { store } = getDeps();

/** Three modules, four lessons (course order a, b, c, d); the first two modules end with a check. */
function syntheticCourse(): ReportedCourse {
  return {
    slug: `t-${randomUUID()}`,
    title: 'Synthetic course',
    modules: [
      {
        id: 'm1',
        title: 'First module',
        lessons: [
          { id: 'a', title: 'Lesson A' },
          { id: 'b', title: 'Lesson B' },
        ],
        check: { passMark: 80 },
      },
      {
        id: 'm2',
        title: 'Second module',
        lessons: [{ id: 'c', title: 'Lesson C' }],
        check: { passMark: 80 },
      },
      { id: 'm3', title: 'Third module', lessons: [{ id: 'd', title: 'Lesson D' }] },
    ],
  };
}

/**
 * Six members s1…s6 started; s5 and s6 completed the course. Furthest lessons: s1 and s2 at a, s3 at
 * b, s4 at c, s5 at d (the last) and s6 at c (completed before d was added to the course).
 */
async function writeCounters(slug: string): Promise<void> {
  const k = courseStatsKeys;
  const subs = (...n: number[]) => n.map((i) => `auth0|s${i}`) as [string, ...string[]];
  const pipe = store.pipeline();
  pipe.sadd(k.started(slug), ...subs(1, 2, 3, 4, 5, 6));
  pipe.sadd(k.completed(slug), ...subs(5, 6));
  pipe.sadd(k.lessonStarted(slug, 'a'), ...subs(1, 2, 3, 4, 5, 6));
  pipe.sadd(k.lessonCompleted(slug, 'a'), ...subs(1, 2, 3, 4, 5, 6));
  pipe.sadd(k.lessonStarted(slug, 'b'), ...subs(2, 3, 4, 5, 6));
  pipe.sadd(k.lessonCompleted(slug, 'b'), ...subs(3, 4, 5, 6));
  pipe.sadd(k.lessonStarted(slug, 'c'), ...subs(3, 4, 5, 6));
  pipe.sadd(k.lessonCompleted(slug, 'c'), ...subs(4, 5, 6));
  pipe.sadd(k.lessonStarted(slug, 'd'), ...subs(4, 5));
  pipe.sadd(k.lessonCompleted(slug, 'd'), ...subs(5));
  pipe.sadd(k.checkAttempted(slug, 'm1'), ...subs(1, 3, 4, 5, 6));
  pipe.sadd(k.checkPassed(slug, 'm1'), ...subs(3, 4, 5, 6));
  pipe.sadd(k.checkAttempted(slug, 'm2'), ...subs(4, 5, 6));
  pipe.sadd(k.checkPassed(slug, 'm2'), ...subs(5, 6));
  pipe.zadd(
    k.furthest(slug),
    { score: 0, member: 'auth0|s1' },
    { score: 0, member: 'auth0|s2' },
    { score: 1, member: 'auth0|s3' },
    { score: 2, member: 'auth0|s4' },
    { score: 3, member: 'auth0|s5' },
    { score: 2, member: 'auth0|s6' },
  );
  await pipe.exec();
}

describe('readCourseReport', () => {
  it('counts members per course, lesson and check, and where members stopped', async () => {
    const course = syntheticCourse();
    await writeCounters(course.slug);
    const [report] = await readCourseReport(store, [course]);
    expect(report).toEqual({
      course: course.slug,
      title: 'Synthetic course',
      started: 6,
      completed: 2,
      lessons: [
        {
          module: 'm1',
          moduleTitle: 'First module',
          lesson: 'a',
          title: 'Lesson A',
          index: 0,
          started: 6,
          completed: 6,
          completionPercent: 100,
          stoppedHere: 2,
        },
        {
          module: 'm1',
          moduleTitle: 'First module',
          lesson: 'b',
          title: 'Lesson B',
          index: 1,
          started: 5,
          completed: 4,
          completionPercent: 66.7,
          stoppedHere: 1,
        },
        // s4 and s6 are furthest at c, but s6 completed the course: only s4 stopped here.
        {
          module: 'm2',
          moduleTitle: 'Second module',
          lesson: 'c',
          title: 'Lesson C',
          index: 2,
          started: 4,
          completed: 3,
          completionPercent: 50,
          stoppedHere: 1,
        },
        // s5 completed the last lesson and the course: nobody stopped at the end.
        {
          module: 'm3',
          moduleTitle: 'Third module',
          lesson: 'd',
          title: 'Lesson D',
          index: 3,
          started: 2,
          completed: 1,
          completionPercent: 16.7,
          stoppedHere: 0,
        },
      ],
      checks: [
        { module: 'm1', moduleTitle: 'First module', attempted: 5, passed: 4, passPercent: 80 },
        { module: 'm2', moduleTitle: 'Second module', attempted: 3, passed: 2, passPercent: 66.7 },
      ],
    } satisfies CourseReport);
  });

  it('a member who completed the last lesson but not the course stopped there', async () => {
    const course = syntheticCourse();
    await writeCounters(course.slug);
    await store.srem(courseStatsKeys.completed(course.slug), 'auth0|s5');
    const [report] = await readCourseReport(store, [course]);
    expect(report?.completed).toBe(1);
    expect(report?.lessons.map((l) => l.stoppedHere)).toEqual([2, 1, 1, 1]);
  });

  it('gives zeros, and no rates, for a course nobody has started', async () => {
    const course = syntheticCourse();
    const [report] = await readCourseReport(store, [course]);
    expect(report).toMatchObject({ course: course.slug, started: 0, completed: 0 });
    expect(report?.lessons).toHaveLength(4);
    for (const lesson of report?.lessons ?? [])
      expect(lesson).toMatchObject({ started: 0, completed: 0, completionPercent: null, stoppedHere: 0 });
    expect(report?.checks).toEqual([
      { module: 'm1', moduleTitle: 'First module', attempted: 0, passed: 0, passPercent: null },
      { module: 'm2', moduleTitle: 'Second module', attempted: 0, passed: 0, passPercent: null },
    ]);
  });

  it('reads every course in one round trip, and none without courses', async () => {
    const first = syntheticCourse();
    const second = syntheticCourse();
    await writeCounters(second.slug);
    const { result, requests } = await storeRequests(() => readCourseReport(store, [first, second]));
    expect(requests).toBe(1);
    expect(result.map((r) => [r.course, r.started])).toEqual([
      [first.slug, 0],
      [second.slug, 6],
    ]);
    const none = await storeRequests(() => readCourseReport(store, []));
    expect(none).toEqual({ result: [], requests: 0 });
  });
});

describe('formatCourseReport', () => {
  it('prints per course the totals, a row per lesson in course order and a row per check', async () => {
    const course = syntheticCourse();
    await writeCounters(course.slug);
    const text = formatCourseReport(await readCourseReport(store, [course]));
    expect(text).toContain(
      `Synthetic course (${course.slug})\nStarted: 6 members, completed the course: 2\n`,
    );
    expect(text).toMatch(/Module\s+Lesson\s+Started\s+Completed\s+Completion\s+Stopped here\n/);
    const rows = text.split('\n').filter((line) => /^(First|Second|Third) module\s+Lesson/.test(line));
    expect(rows.map((row) => row.split(/\s{2,}/))).toEqual([
      ['First module', 'Lesson A', '6', '6', '100.0%', '2'],
      ['First module', 'Lesson B', '5', '4', '66.7%', '1'],
      ['Second module', 'Lesson C', '4', '3', '50.0%', '1'],
      ['Third module', 'Lesson D', '2', '1', '16.7%', '0'],
    ]);
    expect(text).toMatch(/Check \(module\)\s+Attempted\s+Passed\s+Pass rate\nFirst module\s+5\s+4\s+80.0%\n/);
    expect(text).toMatch(/\nSecond module\s+3\s+2\s+66.7%\n/);
  });

  it('shows a dash for a rate with nobody to count', async () => {
    const text = formatCourseReport(await readCourseReport(store, [syntheticCourse()]));
    expect(text).toMatch(/First module\s+Lesson A\s+0\s+0\s+–\s+0\n/);
    expect(text).toMatch(/First module\s+0\s+0\s+–\n/);
    expect(formatCourseReport([])).toBe('No courses: add one to content/courses/.\n');
  });
});

describe('npm run courses:report', () => {
  const run = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['scripts/courses-report.ts', ...args], {
      cwd: ROOT,
      env: process.env,
    });

  it('--json prints a CourseReport per course of content/courses, every lesson in course order', async () => {
    const { stdout } = await run('--json');
    const reports = JSON.parse(stdout) as CourseReport[];
    const courses = loadCourses(ROOT);
    expect(reports.map((r) => r.course)).toEqual(courses.map((c) => c.slug));
    for (const [i, course] of courses.entries()) {
      const lessons = course.modules.flatMap((m) => m.lessons.map((l) => l.id));
      expect(reports[i]?.lessons.map((l) => l.lesson)).toEqual(lessons);
      expect(reports[i]?.lessons.map((l) => l.index)).toEqual(lessons.map((_, index) => index));
      expect(reports[i]?.checks.map((c) => c.module)).toEqual(
        course.modules.filter((m) => m.check).map((m) => m.id),
      );
    }
  });

  it('prints the tables', async () => {
    const { stdout } = await run();
    const [first] = loadCourses(ROOT);
    expect(stdout).toContain(`${first?.title} (${first?.slug})\nStarted: `);
    expect(stdout).toMatch(/Module\s+Lesson\s+Started\s+Completed\s+Completion\s+Stopped here/);
  });
});
