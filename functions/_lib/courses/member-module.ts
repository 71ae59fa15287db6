/**
 * The member's side of a course module (docs/courses.md): the module page's content and check
 * state (`courses/module`), and an attempt at its check (`courses/check`). Each is at most two
 * sequential round trips: the course data with the membership (progress-read.ts: a second round
 * only when a goal needs the trades) and, for an attempt, one script.
 */
import type { MembershipGate } from '../billing/gate.ts';
import type { Deps } from '../deps.ts';
import { HttpError, notFound } from '../http/errors.ts';
import {
  ATTEMPTS_KEPT,
  attemptJson,
  type CheckState,
  checkKeys,
  checkState,
  nextRecord,
  parseRecord,
  SAVE_ATTEMPT,
} from './attempts.ts';
import { checkId, courseProgress, type MemberCourseData } from './course-progress.ts';
import { type Answer, checkAnswers, type Grade, gradeCheck } from './grading.ts';
import { type BundledCourse, type BundledModule, courseLibrary } from './library.ts';
import { opensOnce, waitingFor } from './lock-words.ts';
import { courseStatsKeys } from './progress-keys.ts';
import { readCourseData } from './progress-read.ts';

interface ModuleRef {
  course: string;
  module: string;
}

/** The course and module named, or a 404 saying which is unknown (after the membership is judged). */
function findModule(
  ref: ModuleRef,
  courses: readonly BundledCourse[],
): { course: BundledCourse; module: BundledModule } {
  const course = courses.find((c) => c.slug === ref.course);
  const module = course?.modules.find((m) => m.id === ref.module);
  if (course && module) return { course, module };
  if (!course) throw notFound(`No course "${ref.course}"`);
  throw notFound(`Course "${ref.course}" has no module "${ref.module}"`);
}

/**
 * The member's progress in the course and this module. A sequential course's module opens once
 * every module before it is complete: until then its page and its check answer 403 naming the one
 * to finish.
 */
function openModule(course: BundledCourse, module: BundledModule, data: MemberCourseData) {
  const progress = courseProgress(course, data);
  const index = course.modules.indexOf(module);
  const mine = progress.modules[index];
  if (!mine) throw notFound();
  if (!mine.unlocked) {
    const waiting = waitingFor(progress.modules, index);
    throw new HttpError(
      403,
      `Module ${index + 1} is not open yet. ${opensOnce(waiting)}`,
      {},
      { locked: true, waiting },
    );
  }
  return { progress, mine };
}

/** The course given, if it is one: the reads of the course data then cover only it. */
const onlyCourse = (ref: ModuleRef, courses: readonly BundledCourse[]) =>
  courses.filter((c) => c.slug === ref.course);

export async function moduleForMember(
  deps: Pick<Deps, 'store' | 'now'>,
  gate: MembershipGate,
  ref: ModuleRef,
  courses: readonly BundledCourse[] = courseLibrary,
) {
  const { data, accountSize } = await readCourseData(deps, gate, onlyCourse(ref, courses));
  const { course, module } = findModule(ref, courses);
  const { progress, mine } = openModule(course, module, data);
  const record = data.checks.get(checkId(course.slug, module.id)) ?? null;
  const check = module.check
    ? {
        passMark: module.check.passMark,
        // The answers stay here: no correct flag, no explanation before the member answers.
        questions: module.check.questions.map((q) => ({
          id: q.id,
          prompt: q.prompt,
          kind: q.kind,
          choices: q.choices.map((c) => ({ id: c.id, text: c.text })),
        })),
        state: checkState(record, deps.now()),
      }
    : null;
  return {
    course: { slug: course.slug, title: course.title },
    module: { id: module.id, title: module.title },
    lessons: module.lessons.map(({ range: _range, ...lesson }) => lesson),
    progress: mine,
    percent: progress.percent,
    accountSize,
    check,
  };
}

export async function answerCheck(
  deps: Pick<Deps, 'store' | 'now'>,
  gate: MembershipGate,
  input: ModuleRef & { answers: Answer[] },
  courses: readonly BundledCourse[] = courseLibrary,
): Promise<Grade & { passMark: number; state: CheckState }> {
  const sub = gate.caller.sub;
  const recordKey = checkKeys.record(sub, input.course, input.module);
  const { data, extra } = await readCourseData(deps, gate, onlyCourse(input, courses), (pipe) =>
    pipe.get(recordKey),
  );
  const { course, module } = findModule(input, courses);
  openModule(course, module, data);
  const raw = extra[0];
  if (!module.check) throw notFound(`Module "${module.id}" has no knowledge check`);
  checkAnswers(module.check, input.answers);
  const now = deps.now();
  const record = parseRecord(raw);
  const waiting = checkState(record, now).retryAt;
  if (waiting !== null) {
    const seconds = Math.ceil((waiting - now) / 1000);
    throw new HttpError(
      429,
      `This check can be tried again at ${new Date(waiting).toISOString()} (in ${seconds} s)`,
      { 'Retry-After': String(seconds) },
      { retryAt: waiting },
    );
  }
  const grade = gradeCheck(course, module.check, input.answers);
  const next = nextRecord(record, grade, now);
  const saved = await deps.store.eval(
    SAVE_ATTEMPT,
    [
      recordKey,
      checkKeys.attempts(sub, course.slug, module.id),
      courseStatsKeys.checkAttempted(course.slug, module.id),
      courseStatsKeys.checkPassed(course.slug, module.id),
    ],
    [
      typeof raw === 'string' ? raw : '',
      JSON.stringify(next),
      attemptJson(grade, input.answers, now),
      ATTEMPTS_KEPT,
      sub,
      grade.passed ? '1' : '0',
    ],
  );
  if (saved !== 'ok')
    throw new HttpError(
      409,
      'This check was answered in another request at the same time: reload to see its result',
    );
  return { ...grade, passMark: module.check.passMark, state: checkState(next, now) };
}
