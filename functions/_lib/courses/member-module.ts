/**
 * The member's side of a course module (docs/courses.md): the module page's content, the questions
 * drawn for the member's next attempt and their last attempts (`courses/module`), and an attempt at
 * its check (`courses/check`). An attempt is two sequential round trips: the course data with the
 * membership, the summary and the draw (progress-read.ts), then one script that stores the attempt
 * and the next draw. The page is the first of those (a second round only when a goal needs the
 * trades), plus one script the first time a member opens the module, which stores their first draw.
 */
import type { MembershipGate } from '../billing/gate.ts';
import type { Deps } from '../deps.ts';
import { HttpError, notFound } from '../http/errors.ts';
import {
  ATTEMPTS_KEPT,
  type CheckState,
  checkKeys,
  checkState,
  nextRecord,
  parseRecord,
  SAVE_ATTEMPT,
  storedAttempt,
} from './attempts.ts';
import { checkId, courseProgress, type MemberCourseData } from './course-progress.ts';
import { type Draw, drawFits, drawQuestions, parseDraw, type RandomInt, STORE_DRAW } from './draw.ts';
import {
  type Answer,
  type AttemptView,
  attemptView,
  checkAnswers,
  gradeCheck,
  parseAttempt,
} from './grading.ts';
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

type Check = NonNullable<BundledModule['check']>;

/**
 * The member's draw for their next attempt: the one stored if it still fits the bank, else a new
 * one stored now (by one script, so two page loads at once agree on it).
 */
async function currentDraw(
  deps: Pick<Deps, 'store'>,
  key: string,
  check: Check,
  raw: unknown,
  random?: RandomInt,
): Promise<Draw> {
  const stored = parseDraw(raw);
  if (drawFits(check, stored)) return stored;
  const next = drawQuestions(check, null, random);
  const kept = parseDraw(
    await deps.store.eval(STORE_DRAW, [key], [typeof raw === 'string' ? raw : '', JSON.stringify(next)]),
  );
  return drawFits(check, kept) ? kept : next;
}

export async function moduleForMember(
  deps: Pick<Deps, 'store' | 'now'>,
  gate: MembershipGate,
  ref: ModuleRef,
  courses: readonly BundledCourse[] = courseLibrary,
  random?: RandomInt,
) {
  const sub = gate.caller.sub;
  const drawKey = checkKeys.draw(sub, ref.course, ref.module);
  const { data, accountSize, extra } = await readCourseData(deps, gate, onlyCourse(ref, courses), (pipe) =>
    pipe.get(drawKey).lrange(checkKeys.attempts(sub, ref.course, ref.module), 0, ATTEMPTS_KEPT - 1),
  );
  const { course, module } = findModule(ref, courses);
  const { progress, mine } = openModule(course, module, data);
  const record = data.checks.get(checkId(course.slug, module.id)) ?? null;
  let check = null;
  if (module.check) {
    const bank = new Map(module.check.questions.map((q) => [q.id, q]));
    const state = checkState(record, deps.now());
    // While a failed check waits, its next questions stay on the server: the wait is not for
    // looking them up.
    const draw =
      state.retryAt === null ? await currentDraw(deps, drawKey, module.check, extra[0], random) : null;
    const attempts = ((extra[1] as unknown[] | undefined) ?? []).flatMap((raw) => {
      const attempt = parseAttempt(raw);
      return attempt && module.check ? [attemptView(course, module.check, attempt, state.passed)] : [];
    });
    check = {
      passMark: module.check.passMark,
      // The answers stay here: no correct flag, no explanation before the member answers.
      questions: (draw?.questions ?? []).flatMap((drawn) => {
        const q = bank.get(drawn.id);
        if (!q) return [];
        const choices = new Map(q.choices.map((c) => [c.id, c.text]));
        return [
          {
            id: q.id,
            prompt: q.prompt,
            kind: q.kind,
            choices: drawn.choices.map((id) => ({ id, text: choices.get(id) ?? '' })),
          },
        ];
      }),
      state,
      attempts,
    };
  }
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
  random?: RandomInt,
): Promise<Omit<AttemptView, 'at'> & { passMark: number; state: CheckState }> {
  const sub = gate.caller.sub;
  const recordKey = checkKeys.record(sub, input.course, input.module);
  const drawKey = checkKeys.draw(sub, input.course, input.module);
  const { data, extra } = await readCourseData(deps, gate, onlyCourse(input, courses), (pipe) =>
    pipe.get(recordKey).get(drawKey),
  );
  const { course, module } = findModule(input, courses);
  openModule(course, module, data);
  const [raw, drawRaw] = extra;
  if (!module.check) throw notFound(`Module "${module.id}" has no knowledge check`);
  const draw = parseDraw(drawRaw);
  if (!drawFits(module.check, draw))
    throw new HttpError(
      409,
      "No questions are drawn for this attempt yet: open the module's page to see them",
    );
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
  checkAnswers(module.check, draw, input.answers);
  const grade = gradeCheck(module.check, draw, input.answers);
  const next = nextRecord(record, grade, now);
  const attempt = storedAttempt(grade, now);
  const saved = await deps.store.eval(
    SAVE_ATTEMPT,
    [
      recordKey,
      checkKeys.attempts(sub, course.slug, module.id),
      courseStatsKeys.checkAttempted(course.slug, module.id),
      courseStatsKeys.checkPassed(course.slug, module.id),
      drawKey,
    ],
    [
      typeof raw === 'string' ? raw : '',
      JSON.stringify(next),
      JSON.stringify(attempt),
      ATTEMPTS_KEPT,
      sub,
      grade.passed ? '1' : '0',
      typeof drawRaw === 'string' ? drawRaw : '',
      // The retry's questions: none of these, when the bank allows (draw.ts).
      JSON.stringify(drawQuestions(module.check, draw, random)),
    ],
  );
  if (saved !== 'ok')
    throw new HttpError(
      409,
      'This check was answered in another request at the same time: reload to see its result',
    );
  const { at: _at, ...view } = attemptView(course, module.check, attempt, next.passed);
  return { ...view, passMark: module.check.passMark, state: checkState(next, now) };
}
