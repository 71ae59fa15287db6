/**
 * Which rules apply to a member's trades: those of the lessons they have completed, by the same
 * completion rules as their course progress (course-progress.ts). Two lessons teaching one kind with
 * different numbers are both kept: each is checked and each answer names its lesson.
 */

import type { RuleCheck } from '../contract/review.ts';
import type { Store } from '../store.ts';
import { lessonHref, lessonState } from './course-progress.ts';
import { inCourse } from './lesson-link.ts';
import { type BundledCourse, type BundledLesson, courseLibrary } from './library.ts';
import { progressKeys } from './progress-keys.ts';
import { checkTradeRule, ruleLabel, type TradeRule, type TripFacts, tradeRuleOf } from './trade-rules.ts';
import { parseWatch, type WatchRecord } from './watch.ts';

export interface RuleTaken {
  rule: TradeRule;
  course: string;
  module: string;
  lesson: string;
  title: string;
  /** The lesson's page in its course (with the course bar): /videos/watch/…?t=…&course=…&lesson=…. */
  href: string;
}

/** `course/lesson`: how a completed lesson is named in `rulesTaken`'s set (lesson ids are unique per course). */
export const lessonKey = (course: string, lesson: string) => `${course}/${lesson}`;

interface RuleLesson {
  course: BundledCourse;
  module: string;
  lesson: BundledLesson;
  rule: TradeRule;
}

/** Every lesson that teaches a rule, in course order. */
function ruleLessons(courses: readonly BundledCourse[]): RuleLesson[] {
  return courses.flatMap((course) =>
    course.modules.flatMap((module) =>
      module.lessons.flatMap((lesson) => {
        const rule = lesson.rule ? tradeRuleOf(lesson.rule) : null;
        return rule ? [{ course, module: module.id, lesson, rule }] : [];
      }),
    ),
  );
}

const taken = ({ course, module, lesson, rule }: RuleLesson): RuleTaken => ({
  rule,
  course: course.slug,
  module,
  lesson: lesson.id,
  title: lesson.title,
  href: inCourse(lessonHref(lesson), course.slug, lesson.id),
});

/** The rules of the lessons the member completed (`lessonKey`s), in course order. */
export function rulesTaken(
  courses: readonly BundledCourse[],
  completedLessons: ReadonlySet<string>,
): RuleTaken[] {
  return ruleLessons(courses)
    .filter((entry) => completedLessons.has(lessonKey(entry.course.slug, entry.lesson.id)))
    .map(taken);
}

type Pipeline = ReturnType<Store['pipeline']>;

/**
 * The reads that tell which rule lessons a member completed, to add to a pipeline of the caller's
 * own (e.g. the membership gate's first one): the watch records of those lessons' videos (HMGET) and
 * whether their articles were read (SMISMEMBER); nothing when no lesson teaches a rule. `taken`
 * reads the replies of those commands, in the order `add` queued them.
 */
export function rulesTakenReads(
  sub: string,
  courses: readonly BundledCourse[] = courseLibrary,
): { add: (pipe: Pipeline) => Pipeline; count: number; taken: (replies: readonly unknown[]) => RuleTaken[] } {
  const lessons = ruleLessons(courses);
  const videos = [...new Set(lessons.flatMap(({ lesson }) => (lesson.video ? [lesson.video] : [])))];
  const articles = [...new Set(lessons.flatMap(({ lesson }) => (lesson.article ? [lesson.article] : [])))];
  const count = (videos.length > 0 ? 1 : 0) + (articles.length > 0 ? 1 : 0);
  const add = (pipe: Pipeline) => {
    let next = pipe;
    if (videos.length > 0) next = next.hmget(progressKeys.watch(sub), ...videos);
    if (articles.length > 0) next = next.smismember(progressKeys.articlesRead(sub), articles);
    return next;
  };
  const read = (replies: readonly unknown[]) => {
    const [watchReply, readReply] = videos.length > 0 ? replies : [undefined, replies[0]];
    const watch = new Map<string, WatchRecord>();
    videos.forEach((video, i) => {
      const record = parseWatch(fieldAt(watchReply, video, i));
      if (record) watch.set(video, record);
    });
    const flags = Array.isArray(readReply) ? readReply : [];
    const articlesRead = new Set(articles.filter((_, i) => Number(flags[i]) === 1));
    return lessons.filter(({ lesson }) => lessonState(lesson, { watch, articlesRead }).done).map(taken);
  };
  return { add, count, taken: read };
}

/** One HMGET field, whether the SDK answered a list (raw replies) or an object. */
function fieldAt(reply: unknown, field: string, index: number): unknown {
  if (Array.isArray(reply)) return reply[index];
  return reply && typeof reply === 'object' ? (reply as Record<string, unknown>)[field] : undefined;
}

/** The rules a member has taken, in one round trip (one pipeline of at most two commands). */
export async function readRulesTaken(
  store: Pick<Store, 'pipeline'>,
  sub: string,
  courses: readonly BundledCourse[] = courseLibrary,
): Promise<RuleTaken[]> {
  const reads = rulesTakenReads(sub, courses);
  if (reads.count === 0) return [];
  return reads.taken((await reads.add(store.pipeline()).exec()) as unknown[]);
}

/** Each rule taken, checked on one trip: the review's `rules` (contract/review.ts RuleCheck). */
export function ruleChecks(rules: readonly RuleTaken[], facts: TripFacts): RuleCheck[] {
  return rules.map(({ rule, course, module, lesson, title, href }) => ({
    kind: rule.kind,
    label: ruleLabel(rule),
    ...checkTradeRule(rule, facts),
    lesson: { course, module, lesson, title, href },
  }));
}
