/**
 * The member's side of a course module (docs/courses.md): the module page's content and check
 * state (`courses/module`), and an attempt at its check (`courses/check`). Each is at most two
 * sequential round trips: the membership with the check's summary, then (an attempt) one script.
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
import { type Answer, checkAnswers, type Grade, gradeCheck } from './grading.ts';
import { type BundledCourse, type BundledModule, courseLibrary } from './library.ts';

interface ModuleRef {
  course: string;
  module: string;
}

/** The course and module named, or a 404 saying which is unknown (after the membership is judged). */
async function findModule(
  gate: MembershipGate,
  ref: ModuleRef,
  courses: readonly BundledCourse[],
): Promise<{ course: BundledCourse; module: BundledModule } | null> {
  const course = courses.find((c) => c.slug === ref.course);
  const module = course?.modules.find((m) => m.id === ref.module);
  if (course && module) return { course, module };
  await gate.require();
  if (!course) throw notFound(`No course "${ref.course}"`);
  throw notFound(`Course "${ref.course}" has no module "${ref.module}"`);
}

export async function moduleForMember(
  deps: Pick<Deps, 'now'>,
  gate: MembershipGate,
  ref: ModuleRef,
  courses: readonly BundledCourse[] = courseLibrary,
) {
  const found = await findModule(gate, ref, courses);
  if (!found) throw notFound();
  const { course, module } = found;
  let check = null;
  if (module.check) {
    const [raw] = await gate.exec<[unknown]>(
      gate.pipeline().get(checkKeys.record(gate.caller.sub, course.slug, module.id)),
    );
    check = {
      passMark: module.check.passMark,
      // The answers stay here: no correct flag, no explanation before the member answers.
      questions: module.check.questions.map((q) => ({
        id: q.id,
        prompt: q.prompt,
        kind: q.kind,
        choices: q.choices.map((c) => ({ id: c.id, text: c.text })),
      })),
      state: checkState(parseRecord(raw), deps.now()),
    };
  } else {
    await gate.require();
  }
  return {
    course: { slug: course.slug, title: course.title },
    module: { id: module.id, title: module.title },
    lessons: module.lessons.map((lesson) => ({ ...lesson })),
    check,
  };
}

export async function answerCheck(
  deps: Pick<Deps, 'store' | 'now'>,
  gate: MembershipGate,
  input: ModuleRef & { answers: Answer[] },
  courses: readonly BundledCourse[] = courseLibrary,
): Promise<Grade & { passMark: number; state: CheckState }> {
  const found = await findModule(gate, input, courses);
  if (!found) throw notFound();
  const { course, module } = found;
  const sub = gate.caller.sub;
  const recordKey = checkKeys.record(sub, course.slug, module.id);
  const [raw] = await gate.exec<[unknown]>(gate.pipeline().get(recordKey));
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
    [recordKey, checkKeys.attempts(sub, course.slug, module.id)],
    [
      typeof raw === 'string' ? raw : '',
      JSON.stringify(next),
      attemptJson(grade, input.answers, now),
      ATTEMPTS_KEPT,
    ],
  );
  if (saved !== 'ok')
    throw new HttpError(
      409,
      'This check was answered in another request at the same time: reload to see its result',
    );
  return { ...grade, passMark: module.check.passMark, state: checkState(next, now) };
}
