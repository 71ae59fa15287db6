import { describe, expect, it } from 'vitest';
import { ATTEMPTS_KEPT, checkKeys, RETRY_WAIT_MS } from '../../functions/_lib/courses/attempts.ts';
import { courseLibrary } from '../../functions/_lib/courses/library.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import checkFn from '../../functions/courses-check.ts';
import moduleFn from '../../functions/courses-module.ts';
import { memberCaller, signedIn } from '../support/members.ts';
import { post } from '../support/requests.ts';

// A member's module page and knowledge check (docs/courses.md) on real Redis: each attempt asks
// questions drawn and stored by the server, the answers stay on the server until graded and the
// correct choices until the check is passed, bad input is refused with the field named and nothing
// written, a failed check waits RETRY_WAIT_MS and then draws anew, attempts stay readable, two
// answers at once store one, and a member reaches only their own.

const deps = getDeps();
const { store } = deps;
const COURSE = 'penny-stock-essentials';
const course = courseLibrary.find((c) => c.slug === COURSE);
const first = course?.modules[0];
const check = first?.check;
if (!course || !first || !check) throw new Error(`${COURSE} must start with a module that has a check`);
const MODULE = first.id;

type Member = Awaited<ReturnType<typeof memberCaller>>;
interface Drawn {
  id: string;
  prompt: string;
  choices: Array<{ id: string; text: string }>;
}
interface Graded {
  id: string;
  correct: boolean;
  explanation?: string;
  correctChoices?: unknown;
  teaches: { lesson: string };
}
const bank = new Map(check.questions.map((q) => [q.id, q]));

/** The module page as the member reads it: the questions drawn for their next attempt. */
async function drawn(m: Member): Promise<Drawn[]> {
  const page = await m.call(moduleFn, 'courses/module', { course: COURSE, module: MODULE });
  expect(page.status).toBe(200);
  return (page.body.check as { questions: Drawn[] }).questions;
}

/** Answers to the drawn questions: every one right, or each with a wrong choice. */
const answersTo = (questions: readonly Drawn[], right: boolean) =>
  questions.map(({ id }) => {
    const q = bank.get(id);
    if (!q) throw new Error(`"${id}" is not a question of the bank`);
    const correct = q.choices.filter((c) => c.correct).map((c) => c.id);
    const wrong = q.choices.find((c) => !c.correct)?.id ?? '';
    return { question: id, choices: right ? correct : [wrong] };
  });
/** The member's current draw, answered. */
const answersFor = async (m: Member, right: boolean) => answersTo(await drawn(m), right);
const submit = (m: Member, answers: unknown, module = MODULE) =>
  m.call(checkFn, 'courses/check', { course: COURSE, module, answers });
const keys = (m: Member) =>
  ['record', 'attempts', 'draw'].map((k) => checkKeys[k as 'draw'](m.sub, COURSE, MODULE));

/**
 * The store round trips `run` makes (pipelines sent and scripts run), the rate limit left out: it
 * is sent beside the first pipeline, not after it.
 */
async function countingTrips<T>(run: () => Promise<T>): Promise<{ answer: T; count: number }> {
  let count = 0;
  const { pipeline, eval: evalScript } = store;
  const limit = deps.rateLimit;
  deps.rateLimit = () => Promise.resolve();
  store.pipeline = (() => {
    const pipe = pipeline.call(store);
    const exec = pipe.exec.bind(pipe);
    pipe.exec = (() => {
      count += 1;
      return exec();
    }) as typeof pipe.exec;
    return pipe;
  }) as typeof store.pipeline;
  store.eval = ((...args: Parameters<typeof evalScript>) => {
    count += 1;
    return evalScript.apply(store, args);
  }) as typeof store.eval;
  try {
    return { answer: await run(), count };
  } finally {
    store.pipeline = pipeline;
    store.eval = evalScript;
    deps.rateLimit = limit;
  }
}

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
    const answers = answersTo(check.questions.slice(0, check.ask), true);
    expect((await checkFn(post('/api/courses/check', { ...body, answers }, headers))).status).toBe(403);
  });

  it('answers the lessons with notes and the drawn questions without answers or explanations', async () => {
    const m = await memberCaller(store);
    const { status, body } = await m.call(moduleFn, 'courses/module', { course: COURSE, module: MODULE });
    expect(status).toBe(200);
    const questions = (body.check as { questions: Drawn[] }).questions;
    expect(questions).toHaveLength(check.ask);
    for (const q of questions)
      expect(q.choices.map((c) => c.id).sort()).toEqual(
        bank
          .get(q.id)
          ?.choices.map((c) => c.id)
          .sort(),
      );
    // The draw is the server's, stored: the page read again shows the same questions, same order.
    const stored = JSON.parse((await store.get<string>(checkKeys.draw(m.sub, COURSE, MODULE))) ?? '{}');
    expect(stored.questions.map((q: { id: string }) => q.id)).toEqual(questions.map((q) => q.id));
    expect(await drawn(m)).toEqual(questions);
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
    expect((await submit(m, await answersFor(m, true), 'nope')).status).toBe(404);
  });
});

describe('courses/check', () => {
  it('refuses answers to questions not drawn, of another module, missing or repeated, or choices not of the question, with the field named and nothing written', async () => {
    const m = await memberCaller(store);
    const right = await answersFor(m, true);
    const before = await Promise.all(keys(m).map((k) => store.get(k)));
    const notDrawn = check.questions.find((q) => !right.some((a) => a.question === q.id));
    const refusals: Array<[unknown, RegExp]> = [
      [
        [...right.slice(1), { question: notDrawn?.id, choices: [notDrawn?.choices[0]?.id] }],
        /^answers\.\d+\.question: ".*" was not drawn for this attempt$/,
      ],
      [
        [...right.slice(1), { question: course.modules[1]?.check?.questions[0]?.id, choices: ['x'] }],
        /^answers\.\d+\.question: ".*" is not a question of this module's check/,
      ],
      [right.slice(1), /^answers: question ".*" was drawn for this attempt and is not answered/],
      [[...right, right[0]], /^answers\.\d+\.question: ".*" is answered more than once/],
      [
        [{ ...right[0], choices: ['not-a-choice'] }, ...right.slice(1)],
        /^answers\.0\.choices: "not-a-choice" is not a choice/,
      ],
    ];
    for (const [answers, message] of refusals) {
      const refused = await submit(m, answers);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatch(message);
    }
    expect(await Promise.all(keys(m).map((k) => store.get(k)))).toEqual(before);
    expect(
      await store.exists(checkKeys.record(m.sub, COURSE, MODULE), checkKeys.attempts(m.sub, COURSE, MODULE)),
    ).toBe(0);
  });

  it('answers before any draw are refused with 409, nothing written', async () => {
    const m = await memberCaller(store);
    const refused = await submit(m, answersTo(check.questions.slice(0, check.ask), true));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/open the module's page/);
    expect(await store.exists(...(keys(m) as [string]))).toBe(0);
  });

  it('a pass: score, every explanation, the correct choices and the lesson that teaches each question', async () => {
    const m = await memberCaller(store);
    const questions = await drawn(m);
    const { status, body } = await submit(m, answersTo(questions, true));
    expect(status).toBe(200);
    expect(body).toMatchObject({ score: 100, passed: true, passMark: check.passMark });
    const graded = body.questions as Graded[];
    expect(graded.map((q) => q.id)).toEqual(questions.map((q) => q.id));
    const first = bank.get(graded[0]?.id ?? '');
    expect(graded[0]).toMatchObject({ correct: true, explanation: first?.explanation });
    expect(graded[0]?.correctChoices).toEqual(
      first?.choices.filter((c) => c.correct).map((c) => ({ id: c.id, text: c.text })),
    );
    expect(graded[0]?.teaches).toMatchObject({ lesson: first?.teaches.lesson });
    expect((body.state as { passed: boolean }).passed).toBe(true);
    // Passed stays passed; another attempt is allowed at once, on a new draw.
    const next = await drawn(m);
    expect(next.filter((q) => questions.some((p) => p.id === q.id))).toEqual([]);
    const again = await submit(m, answersTo(next, false));
    expect(again.status).toBe(200);
    expect(again.body.state).toMatchObject({ attempts: 2, best: 100, passed: true, retryAt: null });
    expect(await store.llen(checkKeys.attempts(m.sub, COURSE, MODULE))).toBe(2);
  });

  it('a fail shows which were wrong, why and what to review, never the correct choices; the retry waits, then asks a new draw', async () => {
    const m = await memberCaller(store);
    const questions = await drawn(m);
    const failed = await submit(m, answersTo(questions, false));
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ score: 0, passed: false });
    const graded = failed.body.questions as Graded[];
    for (const q of graded) {
      expect(q.correct).toBe(false);
      expect(q.explanation).toBe(bank.get(q.id)?.explanation);
      expect(q.teaches.lesson).toBe(bank.get(q.id)?.teaches.lesson);
      expect(q).not.toHaveProperty('correctChoices');
    }
    const retryAt = (failed.body.state as { retryAt: number }).retryAt;
    expect(retryAt).toBeGreaterThan(Date.now() + RETRY_WAIT_MS - 5000);
    const refused = await submit(m, answersTo(questions, true));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ retryAt });
    expect(refused.body.error).toContain(new Date(retryAt).toISOString());
    // While it waits, the page shows the attempt but none of the next questions.
    const page = await m.call(moduleFn, 'courses/module', { course: COURSE, module: MODULE });
    const waiting = page.body.check as {
      state: unknown;
      questions: unknown[];
      attempts: Array<{ questions: Graded[] }>;
    };
    expect(waiting.state).toMatchObject({ attempts: 1, passed: false, retryAt });
    expect(waiting.questions).toEqual([]);
    expect(waiting.attempts).toHaveLength(1);
    const text = JSON.stringify(page.body);
    expect(text).not.toContain('correctChoices');
    expect(text).not.toMatch(/"correct":true/);
    const allowed = await later(RETRY_WAIT_MS + 1000, async () => {
      const next = await drawn(m);
      expect(next.filter((q) => questions.some((p) => p.id === q.id))).toEqual([]);
      // The old draw's answers are for questions not drawn now.
      expect((await submit(m, answersTo(questions, true))).status).toBe(400);
      return submit(m, answersTo(next, true));
    });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({ passed: true, state: { attempts: 2, best: 100, passed: true } });
  });

  it('keeps the last attempts with their explanations, shown on the page; the correct choices once passed', async () => {
    const m = await memberCaller(store);
    for (let i = 0; i < ATTEMPTS_KEPT + 2; i++) {
      const answered = await later(i * (RETRY_WAIT_MS + 1000), async () =>
        submit(m, await answersFor(m, false)),
      );
      expect(answered.status).toBe(200);
    }
    const page = await later((ATTEMPTS_KEPT + 2) * (RETRY_WAIT_MS + 1000), () =>
      m.call(moduleFn, 'courses/module', { course: COURSE, module: MODULE }),
    );
    const failed = (page.body.check as { attempts: Array<{ at: number; questions: Graded[] }> }).attempts;
    expect(failed).toHaveLength(ATTEMPTS_KEPT);
    expect(failed.map((a) => a.at)).toEqual([...failed.map((a) => a.at)].sort((a, b) => b - a));
    for (const q of failed.flatMap((a) => a.questions)) {
      expect(q).toMatchObject({ correct: false, explanation: bank.get(q.id)?.explanation });
      expect(q).not.toHaveProperty('correctChoices');
    }
    await later((ATTEMPTS_KEPT + 2) * (RETRY_WAIT_MS + 1000), async () =>
      expect((await submit(m, await answersFor(m, true))).status).toBe(200),
    );
    const passed = await m.call(moduleFn, 'courses/module', { course: COURSE, module: MODULE });
    const after = (passed.body.check as { attempts: Array<{ passed: boolean; questions: Graded[] }> })
      .attempts;
    expect(after).toHaveLength(ATTEMPTS_KEPT);
    expect(after[0]?.passed).toBe(true);
    for (const q of after.flatMap((a) => a.questions)) expect(q.correctChoices).toBeDefined();
  });

  it('two answers at once: one graded and stored, the other 409', async () => {
    const m = await memberCaller(store);
    const answers = await answersFor(m, true);
    const both = await Promise.all([submit(m, answers), submit(m, answers)]);
    expect(both.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(both.find((a) => a.status === 409)?.body.error).toMatch(/at the same time/);
    expect(await store.llen(checkKeys.attempts(m.sub, COURSE, MODULE))).toBe(1);
  });

  it('an attempt is two round trips: the reads with the membership, then one script', async () => {
    const m = await memberCaller(store);
    const answers = await answersFor(m, true);
    const trips = await countingTrips(() => submit(m, answers));
    expect(trips.answer.status).toBe(200);
    expect(trips.count).toBe(2);
  });

  it('two first page loads at once show the same draw', async () => {
    const m = await memberCaller(store);
    const [a, b] = await Promise.all([drawn(m), drawn(m)]);
    expect(a).toEqual(b);
  });

  it("member B never sees member A's attempts", async () => {
    const a = await memberCaller(store);
    const b = await memberCaller(store);
    await submit(a, await answersFor(a, false));
    const page = await b.call(moduleFn, 'courses/module', { course: COURSE, module: MODULE, custID: a.sub });
    expect(page.body.check).toMatchObject({ state: { attempts: 0, retryAt: null }, attempts: [] });
    expect((await submit(b, await answersFor(b, true))).status).toBe(200);
  });
});
