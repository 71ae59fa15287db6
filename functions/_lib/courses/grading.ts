/**
 * Grading a knowledge check on the server (docs/courses.md): the member's answers are checked
 * against the questions drawn for this attempt (draw.ts) before anything is judged or written, each
 * problem a 400 naming the field; then every question is right or wrong as a whole (all its correct
 * choices and no other), the score is the percent of questions right and the pass mark is compared
 * exactly. What a member then sees of an attempt (attemptView) holds which questions were wrong,
 * their explanations and the lesson to review, and the correct choices only once the check is passed:
 * before that, a retry could copy them.
 */
import { badRequest } from '../http/errors.ts';
import { parseJson } from '../store.ts';
import type { Draw } from './draw.ts';
import type { BundledCourse, BundledLesson, BundledModule } from './library.ts';

export interface Answer {
  question: string;
  choices: string[];
}
type Check = NonNullable<BundledModule['check']>;

/** One question of a stored attempt: what was chosen and whether it was right. */
export interface AttemptQuestion {
  id: string;
  chosen: string[];
  correct: boolean;
}

/** An attempt as stored (attempts.ts): the drawn questions in the order asked. */
export interface StoredAttempt {
  at: number;
  score: number;
  passed: boolean;
  questions: AttemptQuestion[];
}

export interface Grade {
  /** Percent of questions fully right, rounded to a whole number. */
  score: number;
  passed: boolean;
  questions: AttemptQuestion[];
}

interface Choice {
  id: string;
  text: string;
}

/** A graded question as the member sees it. */
export interface GradedQuestion {
  id: string;
  prompt: string;
  correct: boolean;
  chosen: Choice[];
  /** For a question answered wrong, and for every question once the check is passed. */
  explanation?: string;
  /** Only once the check is passed. */
  correctChoices?: Choice[];
  teaches: {
    lesson: string;
    title: string;
    video?: string;
    videoPath?: string;
    article?: string;
    chapterStart?: number;
  };
}

export interface AttemptView {
  at: number;
  score: number;
  passed: boolean;
  questions: GradedQuestion[];
}

/**
 * Throws a 400 naming the field when the answers are not one valid answer per question drawn for
 * this attempt: no question of the bank that was not drawn, none missing, only its own choices.
 */
export function checkAnswers(check: Check, draw: Draw, answers: readonly Answer[]): void {
  const bank = new Map(check.questions.map((q) => [q.id, q]));
  const drawn = new Set(draw.questions.map((q) => q.id));
  const seen = new Set<string>();
  answers.forEach((answer, i) => {
    const question = bank.get(answer.question);
    if (!question)
      throw badRequest(
        `answers.${i}.question: "${answer.question}" is not a question of this module's check`,
      );
    if (!drawn.has(answer.question))
      throw badRequest(`answers.${i}.question: "${answer.question}" was not drawn for this attempt`);
    if (seen.has(answer.question))
      throw badRequest(`answers.${i}.question: "${answer.question}" is answered more than once`);
    seen.add(answer.question);
    const known = new Set(question.choices.map((c) => c.id));
    const unknown = answer.choices.find((choice) => !known.has(choice));
    if (unknown !== undefined)
      throw badRequest(`answers.${i}.choices: "${unknown}" is not a choice of question "${answer.question}"`);
    if (new Set(answer.choices).size !== answer.choices.length)
      throw badRequest(`answers.${i}.choices: a choice is given more than once`);
    if (question.kind === 'single' && answer.choices.length !== 1)
      throw badRequest(`answers.${i}.choices: question "${answer.question}" takes exactly one choice`);
    if (answer.choices.length === 0)
      throw badRequest(`answers.${i}.choices: question "${answer.question}" needs at least one choice`);
  });
  const missing = draw.questions.find((q) => !seen.has(q.id));
  if (missing)
    throw badRequest(`answers: question "${missing.id}" was drawn for this attempt and is not answered`);
}

/** Grades valid answers to the drawn questions (checkAnswers first), in the order they were asked. */
export function gradeCheck(check: Check, draw: Draw, answers: readonly Answer[]): Grade {
  const bank = new Map(check.questions.map((q) => [q.id, q]));
  const given = new Map(answers.map((a) => [a.question, a.choices]));
  const questions = draw.questions.map(({ id }): AttemptQuestion => {
    const correctChoices = bank.get(id)?.choices.filter((c) => c.correct) ?? [];
    const chosen = given.get(id) ?? [];
    const picked = new Set(chosen);
    const correct = picked.size === correctChoices.length && correctChoices.every((c) => picked.has(c.id));
    return { id, chosen, correct };
  });
  const right = questions.filter((q) => q.correct).length;
  const total = questions.length;
  return {
    score: Math.round((right * 100) / total),
    // Exactly, not on the rounded score: 2 of 3 (66.7%) does not reach a pass mark of 67.
    passed: right * 100 >= check.passMark * total,
    questions,
  };
}

/**
 * An attempt as the member sees it. `passed`: the check has been passed (by this attempt or an
 * earlier one), so the correct choices and every explanation may be shown. A question no longer in
 * the bank is left out.
 */
export function attemptView(
  course: BundledCourse,
  check: Check,
  attempt: StoredAttempt,
  passed: boolean,
): AttemptView {
  const lessons = new Map<string, BundledLesson>(
    course.modules.flatMap((m) => m.lessons.map((lesson) => [lesson.id, lesson] as const)),
  );
  const bank = new Map(check.questions.map((q) => [q.id, q]));
  const questions = attempt.questions.flatMap((asked): GradedQuestion[] => {
    const question = bank.get(asked.id);
    if (!question) return [];
    const choice = (id: string) => question.choices.find((c) => c.id === id);
    const lesson = lessons.get(question.teaches.lesson);
    const chapterStart = question.teaches.chapterStart ?? lesson?.chapterStart;
    return [
      {
        id: question.id,
        prompt: question.prompt,
        correct: asked.correct,
        chosen: asked.chosen.flatMap((id) => {
          const c = choice(id);
          return c ? [{ id: c.id, text: c.text }] : [];
        }),
        ...(!asked.correct || passed ? { explanation: question.explanation } : {}),
        ...(passed
          ? {
              correctChoices: question.choices
                .filter((c) => c.correct)
                .map((c) => ({ id: c.id, text: c.text })),
            }
          : {}),
        teaches: {
          lesson: question.teaches.lesson,
          title: lesson?.title ?? question.teaches.lesson,
          ...(lesson?.video ? { video: lesson.video } : {}),
          ...(lesson?.videoPath ? { videoPath: lesson.videoPath } : {}),
          ...(lesson?.article ? { article: lesson.article } : {}),
          ...(chapterStart !== undefined ? { chapterStart } : {}),
        },
      },
    ];
  });
  return { at: attempt.at, score: attempt.score, passed: attempt.passed, questions };
}

/** A stored attempt, or null for anything else (an entry of an older shape is not shown). */
export function parseAttempt(raw: unknown): StoredAttempt | null {
  const attempt = parseJson<StoredAttempt>(raw);
  return attempt && typeof attempt.at === 'number' && Array.isArray(attempt.questions) ? attempt : null;
}
