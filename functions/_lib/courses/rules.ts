/**
 * The rules of a course that span fields or files, checked at build after the schema: lessons point
 * at videos, chapters and articles that exist; each question teaches from a lesson of the course;
 * a check's bank holds at least twice the questions it asks; single-choice questions have exactly
 * one correct choice, multiple-choice at least one; ids are
 * unique; a goal, and a lesson's rule, carry what their kind needs. Each problem names its field (modules.0.lessons.1.video).
 * No file access: content.ts passes in what the library holds.
 */
import type { Course, Goal, LessonRule } from './course-schema.ts';

export interface CourseReferences {
  /** Library video id → its chapters' start times (s). */
  videos: ReadonlyMap<string, readonly number[]>;
  /** Library video id → its length (s), the library's (content/library/videos.json `duration`). */
  lengths: ReadonlyMap<string, number>;
  /** Article addresses (content/articles/{slug}.md). */
  articles: ReadonlySet<string>;
}

/** Every cross-field problem of a course that already matches the schema, as "field: message". */
export function courseProblems(course: Course, refs: CourseReferences): string[] {
  const problems: string[] = [];
  const at = (path: string, message: string) => problems.push(`${path}: ${message}`);
  const moduleIds = new Set<string>();
  /** Lesson id → the video it plays, across the course (ids are unique course-wide). */
  const lessons = new Map<string, string | undefined>();

  for (const [m, module] of course.modules.entries()) {
    const where = `modules.${m}`;
    if (moduleIds.has(module.id)) at(`${where}.id`, `"${module.id}" is used by another module`);
    moduleIds.add(module.id);

    for (const [l, lesson] of module.lessons.entries()) {
      const path = `${where}.lessons.${l}`;
      if (lessons.has(lesson.id)) at(`${path}.id`, `"${lesson.id}" is used by another lesson of the course`);
      lessons.set(lesson.id, lesson.kind === 'video' ? lesson.video : undefined);
      if (lesson.rule) problems.push(...ruleProblems(lesson.rule, `${path}.rule`));
      if (lesson.kind === 'video') {
        if (lesson.article !== undefined) at(`${path}.article`, 'a video lesson has no article');
        if (lesson.video === undefined) at(`${path}.video`, 'a video lesson needs the id of a library video');
        else if (!refs.videos.has(lesson.video))
          at(`${path}.video`, `"${lesson.video}" is not a video of content/library/videos.json`);
        else {
          chapterProblem(refs, lesson.video, lesson.chapterStart, `${path}.chapterStart`, at);
          stretchProblem(refs, lesson.video, lesson.chapterStart ?? 0, lesson.end, `${path}.end`, at);
        }
      } else {
        if (lesson.video !== undefined) at(`${path}.video`, 'an article lesson has no video');
        if (lesson.chapterStart !== undefined) at(`${path}.chapterStart`, 'an article lesson has no chapter');
        if (lesson.end !== undefined) at(`${path}.end`, 'an article lesson has no end');
        if (lesson.article === undefined) at(`${path}.article`, 'an article lesson needs an article address');
        else if (!refs.articles.has(lesson.article))
          at(`${path}.article`, `"${lesson.article}" is not an article of content/articles`);
      }
    }
  }

  // Questions may teach from any lesson of the course, earlier modules included.
  for (const [m, module] of course.modules.entries()) {
    if (module.check) {
      const { ask, questions } = module.check;
      // Twice as many as asked, so the retry after a fail draws none of the questions just seen.
      if (questions.length < 2 * ask)
        at(
          `modules.${m}.check.questions`,
          `the bank holds ${questions.length} questions; a check asking ${ask} needs at least ${2 * ask}`,
        );
      const questionIds = new Set<string>();
      for (const [q, question] of module.check.questions.entries()) {
        const path = `modules.${m}.check.questions.${q}`;
        if (questionIds.has(question.id)) at(`${path}.id`, `"${question.id}" is used by another question`);
        questionIds.add(question.id);
        const choiceIds = new Set<string>();
        for (const [c, choice] of question.choices.entries()) {
          if (choiceIds.has(choice.id))
            at(`${path}.choices.${c}.id`, `"${choice.id}" is used by another choice`);
          choiceIds.add(choice.id);
        }
        const correct = question.choices.filter((choice) => choice.correct).length;
        if (question.kind === 'single' && correct !== 1)
          at(`${path}.choices`, `a single-choice question needs exactly one correct choice, not ${correct}`);
        if (question.kind === 'multiple' && correct < 1)
          at(`${path}.choices`, 'a multiple-choice question needs at least one correct choice');
        const { lesson, chapterStart } = question.teaches;
        if (!lessons.has(lesson)) at(`${path}.teaches.lesson`, `"${lesson}" is not a lesson of this course`);
        else if (chapterStart !== undefined) {
          const video = lessons.get(lesson);
          if (video === undefined)
            at(`${path}.teaches.chapterStart`, `"${lesson}" is not a video lesson, so it has no chapters`);
          else chapterProblem(refs, video, chapterStart, `${path}.teaches.chapterStart`, at);
        }
      }
    }
    if (module.goal) problems.push(...goalProblems(module.goal, `modules.${m}.goal`));
  }
  return problems;
}

function chapterProblem(
  refs: CourseReferences,
  video: string,
  start: number | undefined,
  path: string,
  at: (path: string, message: string) => void,
) {
  const starts = refs.videos.get(video) ?? [];
  if (start === undefined || starts.includes(start)) return;
  at(
    path,
    starts.length === 0
      ? `video "${video}" has no chapters`
      : `${start} is not a chapter start of video "${video}" (its chapters start at ${starts.join(', ')} s)`,
  );
}

/** A lesson's stretch of its video: its end after its start, and within the video's length. */
function stretchProblem(
  refs: CourseReferences,
  video: string,
  start: number,
  end: number | undefined,
  path: string,
  at: (path: string, message: string) => void,
) {
  if (end === undefined) return;
  const length = refs.lengths.get(video);
  if (end <= start) at(path, `${end} s must be after the lesson's start (${start} s)`);
  else if (length !== undefined && end > length)
    at(path, `${end} s is past the end of video "${video}" (${length} s long)`);
}

/** A goal carries exactly what its kind measures. */
function goalProblems(goal: Goal, path: string): string[] {
  const problems: string[] = [];
  if (goal.kind === 'tagged-trips' && goal.tag === undefined)
    problems.push(`${path}.tag: a tagged-trips goal needs the setup tag`);
  if (goal.kind !== 'tagged-trips' && goal.tag !== undefined)
    problems.push(`${path}.tag: only a tagged-trips goal has a tag`);
  if (goal.kind === 'max-position-week' && goal.percent === undefined)
    problems.push(`${path}.percent: a max-position-week goal needs the largest position in percent`);
  if (goal.kind !== 'max-position-week' && goal.percent !== undefined)
    problems.push(`${path}.percent: only a max-position-week goal has a percent`);
  return problems;
}

/** The parameters each rule kind takes (course-schema.ts ruleSchema); the others take none. */
const RULE_PARAMETERS = {
  percent: { kind: 'max-risk-percent', words: 'the most a trade may risk, in percent of the account' },
  minutes: { kind: 'no-entry-first-minutes', words: 'the minutes after the open with no entry' },
} as const;

/** A lesson's rule carries exactly the parameters of its kind. */
function ruleProblems(rule: LessonRule, path: string): string[] {
  const problems: string[] = [];
  for (const [name, { kind, words }] of Object.entries(RULE_PARAMETERS)) {
    const value = rule[name as keyof typeof RULE_PARAMETERS];
    if (rule.kind === kind && value === undefined)
      problems.push(`${path}.${name}: a ${kind} rule needs ${words}`);
    if (rule.kind !== kind && value !== undefined)
      problems.push(`${path}.${name}: only a ${kind} rule has ${name}`);
  }
  return problems;
}
