import { describe, expect, it } from 'vitest';
import { checkKeys, RETRY_WAIT_MS } from '../../functions/_lib/courses/attempts.ts';
import { courseLibrary } from '../../functions/_lib/courses/library.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import checkFn from '../../functions/courses-check.ts';
import moduleFn from '../../functions/courses-module.ts';
import { memberCaller, signedIn } from '../support/members.ts';
import { post } from '../support/requests.ts';

// A member's module page and knowledge check (docs/courses.md) on real Redis: the answers stay on the
// server until graded, bad input is refused with the field named and nothing written, a failed
// check waits RETRY_WAIT_MS, two answers at once store one, and a member reaches only their own.

const deps = getDeps();
const { store } = deps;
const COURSE = 'penny-stock-essentials';
const course = courseLibrary.find((c) => c.slug === COURSE);
const first = course?.modules[0];
const check = first?.check;
if (!course || !first || !check) throw new Error(`${COURSE} must start with a module that has a check`);
const MODULE = first.id;

/** Every question answered right (`right`), or each with one wrong choice (single) / its first right only. */
const answersFor = (right: boolean) =>
  check.questions.map((q) => {
    const correct = q.choices.filter((c) => c.correct).map((c) => c.id);
    const wrong = q.choices.find((c) => !c.correct)?.id ?? '';
    return { question: q.id, choices: right ? correct : [wrong] };
  });
const submit = (m: Awaited<ReturnType<typeof memberCaller>>, answers: unknown, module = MODULE) =>
  m.call(checkFn, 'courses/check', { course: COURSE, module, answers });

/** Moves the clock of the functions (deps.now) ahead while `run` runs. */
async function later<T>(ms: number, run: () => Promise<T>): Promise<T> {
  const real = deps.now;
  deps.now = () => real() + ms;
  try {
    return await run();
  } finally {
    deps.now = real;
  }
}

describe('courses/module', () => {
  it('a visitor gets 401, a signed-in non-member 403', async () => {
    const body = { course: COURSE, module: MODULE };
    expect((await moduleFn(post('/api/courses/module', body))).status).toBe(401);
    expect((await checkFn(post('/api/courses/check', { ...body, answers: [] }))).status).toBe(401);
    const { headers } = await signedIn(store, null);
    expect((await moduleFn(post('/api/courses/module', body, headers))).status).toBe(403);
    expect(
      (await checkFn(post('/api/courses/check', { ...body, answers: answersFor(true) }, headers))).status,
    ).toBe(403);
  });

  it('answers the lessons with notes and the questions without answers or explanations', async () => {
    const m = await memberCaller(store);
    const { status, body } = await m.call(moduleFn, 'courses/module', { course: COURSE, module: MODULE });
    expect(status).toBe(200);
    const lessons = body.lessons as Array<{ id: string; notesHtml: string }>;
    expect(lessons.map((l) => l.id)).toEqual(first.lessons.map((l) => l.id));
    expect(lessons[0]?.notesHtml).toMatch(/^<p>/);
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/"correct"|"explanation"/);
    for (const q of check.questions) expect(text).not.toContain(q.explanation);
    expect((body.check as { state: unknown }).state).toEqual({
      attempts: 0,
      best: null,
      passed: false,
      lastAt: null,
      retryAt: null,
    });
  });

  it('an unknown course or module is a 404 that says which', async () => {
    const m = await memberCaller(store);
    const noCourse = await m.call(moduleFn, 'courses/module', { course: 'nope', module: MODULE });
    expect(noCourse).toEqual({ status: 404, body: { error: 'No course "nope"' } });
    const noModule = await m.call(moduleFn, 'courses/module', { course: COURSE, module: 'nope' });
    expect(noModule.status).toBe(404);
    expect(noModule.body.error).toContain('no module "nope"');
    expect((await submit(m, answersFor(true), 'nope')).status).toBe(404);
  });
});

describe('courses/check', () => {
  it('refuses answers of another module, missing or repeated ones, with the field named and nothing written', async () => {
    const m = await memberCaller(store);
    const other = course.modules[1]?.check?.questions[0];
    const otherModule = await submit(m, [
      ...answersFor(true).slice(1),
      { question: other?.id, choices: ['x'] },
    ]);
    expect(otherModule.status).toBe(400);
    expect(otherModule.body.error).toMatch(
      /^answers\.\d+\.question: ".*" is not a question of this module's check/,
    );
    const missing = await submit(m, answersFor(true).slice(1));
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/^answers: question ".*" is not answered/);
    const twice = await submit(m, [...answersFor(true), answersFor(true)[0]]);
    expect(twice.status).toBe(400);
    expect(twice.body.error).toMatch(/answered more than once/);
    expect(
      await store.exists(checkKeys.record(m.sub, COURSE, MODULE), checkKeys.attempts(m.sub, COURSE, MODULE)),
    ).toBe(0);
  });

  it('a pass: score, explanations and the lesson that teaches each question', async () => {
    const m = await memberCaller(store);
    const { status, body } = await submit(m, answersFor(true));
    expect(status).toBe(200);
    expect(body).toMatchObject({ score: 100, passed: true, passMark: check.passMark });
    const graded = body.questions as Array<Record<string, unknown>>;
    expect(graded[0]).toMatchObject({ correct: true, explanation: check.questions[0]?.explanation });
    expect(graded[0]?.teaches).toMatchObject({ lesson: check.questions[0]?.teaches.lesson });
    expect((body.state as { passed: boolean }).passed).toBe(true);
    // Passed stays passed; another attempt is allowed at once.
    const again = await submit(m, answersFor(false));
    expect(again.status).toBe(200);
    expect(again.body.state).toMatchObject({ attempts: 2, best: 100, passed: true, retryAt: null });
    expect(await store.llen(checkKeys.attempts(m.sub, COURSE, MODULE))).toBe(2);
  });

  it('a fail waits RETRY_WAIT_MS: refused with the time named, then allowed', async () => {
    const m = await memberCaller(store);
    const failed = await submit(m, answersFor(false));
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ score: 0, passed: false });
    const retryAt = (failed.body.state as { retryAt: number }).retryAt;
    expect(retryAt).toBeGreaterThan(Date.now() + RETRY_WAIT_MS - 5000);
    const refused = await submit(m, answersFor(true));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ retryAt });
    expect(refused.body.error).toContain(new Date(retryAt).toISOString());
    const page = await m.call(moduleFn, 'courses/module', { course: COURSE, module: MODULE });
    expect((page.body.check as { state: unknown }).state).toMatchObject({
      attempts: 1,
      passed: false,
      retryAt,
    });
    const allowed = await later(RETRY_WAIT_MS + 1000, () => submit(m, answersFor(true)));
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({ passed: true, state: { attempts: 2, best: 100, passed: true } });
  });

  it('two answers at once: one graded and stored, the other 409', async () => {
    const m = await memberCaller(store);
    const answers = await Promise.all([submit(m, answersFor(true)), submit(m, answersFor(true))]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.error).toMatch(/at the same time/);
    expect(await store.llen(checkKeys.attempts(m.sub, COURSE, MODULE))).toBe(1);
  });

  it("member B never sees member A's attempts", async () => {
    const a = await memberCaller(store);
    const b = await memberCaller(store);
    await submit(a, answersFor(false));
    const page = await b.call(moduleFn, 'courses/module', { course: COURSE, module: MODULE, custID: a.sub });
    expect((page.body.check as { state: unknown }).state).toMatchObject({ attempts: 0, retryAt: null });
    expect((await submit(b, answersFor(true))).status).toBe(200);
  });
});
