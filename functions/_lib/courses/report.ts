import type { Store } from '../store.ts';
import { courseStatsKeys } from './progress-keys.ts';

/**
 * The operator's course report (`npm run courses:report`): how many members started and completed
 * each course, how far they got lesson by lesson, where they stopped, and how the checks went. Read
 * from the counters the progress writes keep (progress-keys.ts courseStatsKeys) in one pipeline,
 * never by walking members' keys, so it costs the same with ten members or a million.
 */

/** What the report needs of a course: loadCourses() and the functions' bundle both fit. */
export interface ReportedCourse {
  slug: string;
  title: string;
  modules: ReadonlyArray<{
    id: string;
    title: string;
    lessons: ReadonlyArray<{ id: string; title: string }>;
    check?: unknown;
  }>;
}

export interface LessonReport {
  module: string;
  moduleTitle: string;
  lesson: string;
  title: string;
  /** 0-based over all the course's lessons: the furthest-lesson score. */
  index: number;
  started: number;
  completed: number;
  /** Lesson completed × 100 / course started, one decimal; null while nobody started the course. */
  completionPercent: number | null;
  /** Members whose furthest completed lesson is this one and who have not completed the course. */
  stoppedHere: number;
}

export interface CheckReport {
  module: string;
  moduleTitle: string;
  attempted: number;
  passed: number;
  /** Passed × 100 / attempted, one decimal; null while nobody attempted it. */
  passPercent: number | null;
}

/** One course's numbers: exactly what `npm run courses:report -- --json` prints, one per course. */
export interface CourseReport {
  course: string;
  title: string;
  started: number;
  completed: number;
  lessons: LessonReport[];
  checks: CheckReport[];
}

/**
 * Per lesson index, how many members who completed the course have it as their furthest lesson: the
 * ZCOUNT of an index counts them too, and a completed member did not stop. Usually every one is at
 * the last lesson, but not after lessons are added to a published course, so count rather than
 * assume. Reads only; visits the completed members (not every member) and answers one number a lesson.
 */
const COMPLETED_AT = `
local counts = {}
local n = tonumber(ARGV[1])
for i = 1, n do counts[i] = 0 end
for _, sub in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  local score = redis.call('ZSCORE', KEYS[1], sub)
  if score then
    local i = tonumber(score) + 1
    if counts[i] then counts[i] = counts[i] + 1 end
  end
end
return counts
`;

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part * 1000) / whole) / 10 : null);

const lessonsOf = (course: ReportedCourse) =>
  course.modules.flatMap((module) => module.lessons.map((lesson) => ({ module, lesson })));

/** Every course's report, read in one round trip (none when there are no courses). */
export async function readCourseReport(
  store: Store,
  courses: readonly ReportedCourse[],
): Promise<CourseReport[]> {
  if (courses.length === 0) return [];
  const pipe = store.pipeline();
  for (const course of courses) {
    const slug = course.slug;
    const lessons = lessonsOf(course);
    pipe.scard(courseStatsKeys.started(slug)).scard(courseStatsKeys.completed(slug));
    lessons.forEach(({ lesson }, index) => {
      pipe
        .scard(courseStatsKeys.lessonStarted(slug, lesson.id))
        .scard(courseStatsKeys.lessonCompleted(slug, lesson.id))
        .zcount(courseStatsKeys.furthest(slug), index, index);
    });
    pipe.eval(
      COMPLETED_AT,
      [courseStatsKeys.furthest(slug), courseStatsKeys.completed(slug)],
      [String(lessons.length)],
    );
    for (const module of course.modules) {
      if (!module.check) continue;
      pipe
        .scard(courseStatsKeys.checkAttempted(slug, module.id))
        .scard(courseStatsKeys.checkPassed(slug, module.id));
    }
  }
  const replies: unknown[] = await pipe.exec();
  let at = 0;
  const next = () => Number(replies[at++] ?? 0);
  return courses.map((course) => {
    const started = next();
    const completed = next();
    const counts = lessonsOf(course).map(() => ({ started: next(), completed: next(), furthest: next() }));
    const completedAt = replies[at++];
    const done = (index: number) => Number((Array.isArray(completedAt) ? completedAt[index] : 0) ?? 0);
    const lessons = lessonsOf(course).map(({ module, lesson }, index): LessonReport => {
      const count = counts[index] ?? { started: 0, completed: 0, furthest: 0 };
      return {
        module: module.id,
        moduleTitle: module.title,
        lesson: lesson.id,
        title: lesson.title,
        index,
        started: count.started,
        completed: count.completed,
        completionPercent: percent(count.completed, started),
        stoppedHere: Math.max(0, count.furthest - done(index)),
      };
    });
    const checks = course.modules
      .filter((module) => module.check)
      .map((module): CheckReport => {
        const attempted = next();
        const passed = next();
        return {
          module: module.id,
          moduleTitle: module.title,
          attempted,
          passed,
          passPercent: percent(passed, attempted),
        };
      });
    return { course: course.slug, title: course.title, started, completed, lessons, checks };
  });
}

type Align = 'left' | 'right';

/** A plain-text table: columns two spaces apart, numbers right-aligned, no trailing spaces. */
function table(headings: Array<[string, Align]>, rows: string[][]): string {
  const width = headings.map(([heading], c) =>
    Math.max(heading.length, ...rows.map((r) => (r[c] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, c) =>
        headings[c]?.[1] === 'right' ? cell.padStart(width[c] ?? 0) : cell.padEnd(width[c] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [line(headings.map(([heading]) => heading)), ...rows.map(line)].join('\n');
}

const shownPercent = (value: number | null) => (value === null ? '–' : `${value.toFixed(1)}%`);

/** The report as the operator reads it in a terminal: per course, a lessons table and a checks table. */
export function formatCourseReport(reports: readonly CourseReport[]): string {
  if (reports.length === 0) return 'No courses: add one to content/courses/.\n';
  return reports
    .map((report) => {
      const lessons = table(
        [
          ['Module', 'left'],
          ['Lesson', 'left'],
          ['Started', 'right'],
          ['Completed', 'right'],
          ['Completion', 'right'],
          ['Stopped here', 'right'],
        ],
        report.lessons.map((l) => [
          l.moduleTitle,
          l.title,
          String(l.started),
          String(l.completed),
          shownPercent(l.completionPercent),
          String(l.stoppedHere),
        ]),
      );
      const checks =
        report.checks.length === 0
          ? 'No knowledge checks.'
          : table(
              [
                ['Check (module)', 'left'],
                ['Attempted', 'right'],
                ['Passed', 'right'],
                ['Pass rate', 'right'],
              ],
              report.checks.map((c) => [
                c.moduleTitle,
                String(c.attempted),
                String(c.passed),
                shownPercent(c.passPercent),
              ]),
            );
      return [
        `${report.title} (${report.course})`,
        `Started: ${report.started} members, completed the course: ${report.completed}`,
        '',
        lessons,
        '',
        checks,
        '',
      ].join('\n');
    })
    .join('\n');
}
