/**
 * A member's progress through a course (docs/courses.md, "Progress"), from what the store holds:
 * which parts of each video they watched, which articles they read, their check summaries, their
 * certificates and, for practice goals, their journal. Pure: the reads are in progress-read.ts.
 *
 * Completion rules, the one place they are written:
 * - a video lesson is done when WATCHED_SHARE of its part of the video (its chapter, or the whole
 *   video) was watched (watch.ts); an article lesson when the article was read;
 * - a check counts when passed, a goal when met;
 * - a module is complete when its lessons, check and goal are; in a sequential course a module
 *   opens when every module before it is complete;
 * - the course's percent is done ÷ total over lessons, checks and goals, rounded down, so 100
 *   means everything.
 */
import type { CourseProgress } from '../contract/courses.ts';
import type { CheckRecord } from './attempts.ts';
import type { GoalJournal, GoalProgress } from './goal-progress.ts';
import { goalProgress } from './goal-progress.ts';
import type { BundledCourse, BundledLesson } from './library.ts';
import { isWatched, type WatchRecord } from './watch.ts';

/** What a member's stored certificate entry holds (progress-keys.ts `certificates`). */
export interface MemberCertificate {
  id: string;
  name: string;
  issuedAt: number;
}

export interface MemberCourseData {
  /** Video id → the member's watch record. */
  watch: ReadonlyMap<string, WatchRecord>;
  articlesRead: ReadonlySet<string>;
  /** `{course}:{module}` → the check's summary. */
  checks: ReadonlyMap<string, CheckRecord>;
  /** Course slug → certificate. */
  certificates: ReadonlyMap<string, MemberCertificate>;
  /** The member's journal, when a goal of the courses judged needs it. */
  journal: GoalJournal | null;
}

export const checkId = (course: string, module: string) => `${course}:${module}`;

/** A lesson's page: its video page (at its chapter) or its article. */
export function lessonHref(lesson: BundledLesson): string {
  if (lesson.kind === 'article') return `/articles/${lesson.article ?? ''}`;
  const page = lesson.videoPath ?? `/videos/watch/${lesson.video ?? ''}`;
  return lesson.chapterStart ? `${page}?t=${lesson.chapterStart}` : page;
}

/** Whether a lesson is started and done, from the member's watch records and articles read. */
export function lessonState(lesson: BundledLesson, data: Pick<MemberCourseData, 'watch' | 'articlesRead'>) {
  if (lesson.kind === 'article') {
    const read = data.articlesRead.has(lesson.article ?? '');
    return { started: read, done: read };
  }
  const record = data.watch.get(lesson.video ?? '') ?? null;
  const [from, to] = lesson.range ?? [0, 1];
  return { started: record !== null, done: isWatched(record, from, to) };
}

const emptyJournal: GoalJournal = {
  trades: [],
  tripNotes: {},
  tags: [],
  cashtagNotes: 0,
  accountSize: null,
};

export function courseProgress(course: BundledCourse, data: MemberCourseData): CourseProgress {
  let open = true;
  let done = 0;
  let total = 0;
  let next: CourseProgress['next'] = null;
  const modules = course.modules.map((module) => {
    const unlocked = !course.sequential || open;
    const lessons = module.lessons.map((lesson) => ({
      id: lesson.id,
      title: lesson.title,
      kind: lesson.kind,
      href: lessonHref(lesson),
      ...lessonState(lesson, data),
    }));
    const record = module.check ? data.checks.get(checkId(course.slug, module.id)) : undefined;
    const check = module.check
      ? {
          questions: module.check.ask,
          passMark: module.check.passMark,
          passed: record?.passed ?? false,
          best: record ? record.best : null,
        }
      : null;
    const goal: GoalProgress | null = module.goal
      ? goalProgress(module.goal, data.journal ?? emptyJournal)
      : null;
    const parts = [
      ...lessons.map((l) => l.done),
      ...(check ? [check.passed] : []),
      ...(goal ? [goal.met] : []),
    ];
    done += parts.filter(Boolean).length;
    total += parts.length;
    const complete = parts.every(Boolean);
    const first = lessons.find((l) => !l.done);
    if (!next && unlocked && first)
      next = { module: module.id, lesson: first.id, title: first.title, href: first.href };
    if (!complete) open = false;
    return { id: module.id, title: module.title, unlocked, complete, lessons, check, goal };
  });
  const certificate = data.certificates.get(course.slug);
  return {
    slug: course.slug,
    title: course.title,
    percent: total === 0 ? 0 : Math.floor((done * 100) / total),
    done,
    total,
    complete: done === total,
    started: modules.some((m) => m.lessons.some((l) => l.started)) || done > 0,
    next,
    certificate: certificate ? { ...certificate, path: `/certificates/${certificate.id}` } : null,
    modules,
  };
}
