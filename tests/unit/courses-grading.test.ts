import { describe, expect, it } from 'vitest';
import { nextRecord, RETRY_WAIT_MS } from '../../functions/_lib/courses/attempts.ts';
import { checkAnswers, gradeCheck } from '../../functions/_lib/courses/grading.ts';
import type { BundledCourse } from '../../functions/_lib/courses/library.ts';

const q = (id: string, kind: 'single' | 'multiple', correct: string[], choices = ['a', 'b', 'c']) => ({
  id,
  prompt: `Question ${id}?`,
  kind,
  choices: choices.map((c) => ({ id: c, text: c.toUpperCase(), correct: correct.includes(c) })),
  explanation: `Why ${id}`,
  teaches: { lesson: 'l1', ...(id === 'q2' ? { chapterStart: 30 } : {}) },
});
const check = (passMark: number) => ({
  passMark,
  questions: [q('q1', 'single', ['a']), q('q2', 'multiple', ['a', 'c']), q('q3', 'single', ['b'])],
});
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

describe('knowledge check grading', () => {
  it('a single-choice question is right with its one correct choice only', () => {
    const grade = gradeCheck(course(), check(67), [r1, r2, { question: 'q3', choices: ['a'] }]);
    expect(grade.questions.map((x) => x.correct)).toEqual([true, true, false]);
    expect(grade.questions[2]).toMatchObject({ correctChoices: ['b'], explanation: 'Why q3' });
  });

  it('a multiple-choice question is right with every correct choice and no other; partial is wrong', () => {
    const partial = gradeCheck(course(), check(1), [r1, { question: 'q2', choices: ['a'] }, r3]);
    expect(partial.questions[1]?.correct).toBe(false);
    const extra = gradeCheck(course(), check(1), [r1, { question: 'q2', choices: ['a', 'b', 'c'] }, r3]);
    expect(extra.questions[1]?.correct).toBe(false);
    expect(gradeCheck(course(), check(1), right).questions[1]?.correct).toBe(true);
  });

  it('scores the percent of questions right and compares the pass mark exactly', () => {
    const twoOfThree = [r1, r2, { question: 'q3', choices: ['c'] }];
    expect(gradeCheck(course(), check(67), twoOfThree)).toMatchObject({ score: 67, passed: false });
    expect(gradeCheck(course(), check(66), twoOfThree)).toMatchObject({ score: 67, passed: true });
    expect(gradeCheck(course(), check(100), right)).toMatchObject({ score: 100, passed: true });
  });

  it('names the lesson, video and chapter that teach each question', () => {
    const grade = gradeCheck(course(), check(50), right);
    expect(grade.questions[1]?.teaches).toEqual({
      lesson: 'l1',
      title: 'Lesson one',
      video: 'v1',
      chapterStart: 30,
    });
  });

  it('refuses answers that are not one valid answer per question, naming the field', () => {
    const refused = (answers: typeof right) => {
      try {
        checkAnswers(check(50), answers);
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(refused(right)).toBeNull();
    expect(refused([...right, { question: 'other', choices: ['a'] }])).toMatch(
      /^answers\.3\.question: "other" is not a question/,
    );
    expect(refused([...right, r1])).toMatch(/^answers\.3\.question: "q1" is answered more than once/);
    expect(refused(right.slice(0, 2))).toMatch(/^answers: question "q3" is not answered/);
    expect(refused([{ question: 'q1', choices: ['a', 'b'] }, r2, r3])).toMatch(/exactly one/);
    expect(refused([{ question: 'q1', choices: ['z'] }, r2, r3])).toMatch(/"z" is not a choice/);
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
