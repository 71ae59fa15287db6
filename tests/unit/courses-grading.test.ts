import { describe, expect, it } from 'vitest';
import { nextRecord, RETRY_WAIT_MS, storedAttempt } from '../../functions/_lib/courses/attempts.ts';
import type { Draw } from '../../functions/_lib/courses/draw.ts';
import { attemptView, checkAnswers, gradeCheck } from '../../functions/_lib/courses/grading.ts';
import type { BundledCourse } from '../../functions/_lib/courses/library.ts';

const q = (id: string, kind: 'single' | 'multiple', correct: string[], choices = ['a', 'b', 'c']) => ({
  id,
  prompt: `Question ${id}?`,
  kind,
  choices: choices.map((c) => ({ id: c, text: c.toUpperCase(), correct: correct.includes(c) })),
  explanation: `Why ${id}`,
  teaches: { lesson: 'l1', ...(id === 'q2' ? { chapterStart: 30 } : {}) },
});
/** A bank of six, three asked; q4 to q6 are in the bank but not drawn below. */
const check = (passMark: number) => ({
  passMark,
  ask: 3,
  questions: [
    q('q1', 'single', ['a']),
    q('q2', 'multiple', ['a', 'c']),
    q('q3', 'single', ['b']),
    q('q4', 'single', ['a']),
    q('q5', 'single', ['a']),
    q('q6', 'single', ['a']),
  ],
});
const draw: Draw = {
  questions: [
    { id: 'q1', choices: ['c', 'a', 'b'] },
    { id: 'q2', choices: ['b', 'c', 'a'] },
    { id: 'q3', choices: ['a', 'b', 'c'] },
  ],
};
const course = (passMark = 67): BundledCourse => ({
  slug: 'c',
  title: 'C',
  summary: 's',
  level: 'beginner',
  cover: '/images/x.webp',
  coverAlt: 'x',
  sequential: false,
  modules: [
    {
      id: 'm1',
      title: 'M1',
      lessons: [{ id: 'l1', title: 'Lesson one', kind: 'video', video: 'v1', notesHtml: '<p>n</p>' }],
      check: check(passMark),
    },
  ],
});
const r1 = { question: 'q1', choices: ['a'] };
const r2 = { question: 'q2', choices: ['c', 'a'] };
const r3 = { question: 'q3', choices: ['b'] };
const right = [r1, r2, r3];
const grade = (passMark: number, answers: typeof right) => gradeCheck(check(passMark), draw, answers);

describe('knowledge check grading', () => {
  it('a single-choice question is right with its one correct choice only', () => {
    const graded = grade(67, [r1, r2, { question: 'q3', choices: ['a'] }]);
    expect(graded.questions.map((x) => x.correct)).toEqual([true, true, false]);
    expect(graded.questions[2]).toEqual({ id: 'q3', chosen: ['a'], correct: false });
  });

  it('a multiple-choice question is right with every correct choice and no other; partial is wrong', () => {
    expect(grade(1, [r1, { question: 'q2', choices: ['a'] }, r3]).questions[1]?.correct).toBe(false);
    expect(grade(1, [r1, { question: 'q2', choices: ['a', 'b', 'c'] }, r3]).questions[1]?.correct).toBe(
      false,
    );
    expect(grade(1, right).questions[1]?.correct).toBe(true);
  });

  it('scores the percent of the drawn questions right and compares the pass mark exactly', () => {
    const twoOfThree = [r1, r2, { question: 'q3', choices: ['c'] }];
    expect(grade(67, twoOfThree)).toMatchObject({ score: 67, passed: false });
    expect(grade(66, twoOfThree)).toMatchObject({ score: 67, passed: true });
    expect(grade(100, right)).toMatchObject({ score: 100, passed: true });
  });

  it('before a pass: which were wrong, their explanation and lesson, never a correct choice', () => {
    const failed = grade(100, [r1, { question: 'q2', choices: ['a'] }, { question: 'q3', choices: ['c'] }]);
    const view = attemptView(course(), check(100), storedAttempt(failed, 1000), false);
    expect(view).toMatchObject({ at: 1000, score: 33, passed: false });
    expect(view.questions.map((x) => x.correct)).toEqual([true, false, false]);
    // A right answer's explanation and every correct choice stay on the server until the pass.
    expect(view.questions[0]).not.toHaveProperty('explanation');
    for (const x of view.questions) expect(x).not.toHaveProperty('correctChoices');
    expect(view.questions[1]).toMatchObject({
      prompt: 'Question q2?',
      chosen: [{ id: 'a', text: 'A' }],
      explanation: 'Why q2',
      teaches: { lesson: 'l1', title: 'Lesson one', video: 'v1', chapterStart: 30 },
    });
    // q3 answered "C": its correct choice "B" is named nowhere.
    expect(JSON.stringify(view)).not.toContain('"B"');
  });

  it('once passed: the correct choices and every explanation', () => {
    const view = attemptView(course(), check(50), storedAttempt(grade(50, right), 1000), true);
    expect(view.questions[1]).toMatchObject({
      explanation: 'Why q2',
      correctChoices: [
        { id: 'a', text: 'A' },
        { id: 'c', text: 'C' },
      ],
    });
    expect(view.questions[0]).toMatchObject({
      explanation: 'Why q1',
      correctChoices: [{ id: 'a', text: 'A' }],
    });
  });

  it('refuses answers that are not one valid answer per drawn question, naming the field', () => {
    const refused = (answers: typeof right) => {
      try {
        checkAnswers(check(50), draw, answers);
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(refused(right)).toBeNull();
    expect(refused([...right, { question: 'other', choices: ['a'] }])).toMatch(
      /^answers\.3\.question: "other" is not a question/,
    );
    expect(refused([r1, r2, { question: 'q4', choices: ['a'] }])).toBe(
      'answers.2.question: "q4" was not drawn for this attempt',
    );
    expect(refused([...right, r1])).toMatch(/^answers\.3\.question: "q1" is answered more than once/);
    expect(refused(right.slice(0, 2))).toMatch(
      /^answers: question "q3" was drawn for this attempt and is not answered/,
    );
    expect(refused([{ question: 'q1', choices: ['a', 'b'] }, r2, r3])).toMatch(/exactly one/);
    expect(refused([{ question: 'q1', choices: ['z'] }, r2, r3])).toMatch(
      /^answers\.0\.choices: "z" is not a choice/,
    );
    expect(refused([r1, { question: 'q2', choices: [] }, r3])).toMatch(/at least one/);
  });

  it('a fail before any pass waits RETRY_WAIT_MS; a pass stays passed', () => {
    const failed = nextRecord(null, { score: 33, passed: false, questions: [] }, 1000);
    expect(failed).toEqual({
      attempts: 1,
      best: 33,
      passed: false,
      lastAt: 1000,
      retryAt: 1000 + RETRY_WAIT_MS,
    });
    const passed = nextRecord(failed, { score: 100, passed: true, questions: [] }, 5000);
    const after = nextRecord(passed, { score: 0, passed: false, questions: [] }, 6000);
    expect(after).toEqual({ attempts: 3, best: 100, passed: true, lastAt: 6000, retryAt: null });
  });
});
