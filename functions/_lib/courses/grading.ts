/**
 * Grading a knowledge check on the server (docs/courses.md): the member's answers are checked
 * against the module's questions before anything is judged or written, each problem a 400 naming
 * the field; then every question is right or wrong as a whole (all its correct choices and no
 * other), the score is the percent of questions right and the pass mark is compared exactly.
 */
import { badRequest } from '../http/errors.ts';
import type { BundledCourse, BundledLesson, BundledModule } from './library.ts';

export interface Answer {
  question: string;
  choices: string[];
}
type Check = NonNullable<BundledModule['check']>;

export interface GradedQuestion {
  id: string;
  correct: boolean;
  correctChoices: string[];
  explanation: string;
  teaches: {
    lesson: string;
    title: string;
    video?: string;
    videoPath?: string;
    article?: string;
    chapterStart?: number;
  };
}

export interface Grade {
  /** Percent of questions fully right, rounded to a whole number. */
  score: number;
  passed: boolean;
  questions: GradedQuestion[];
}

/** Throws a 400 naming the field when the answers are not one valid answer per question of `check`. */
export function checkAnswers(check: Check, answers: readonly Answer[]): void {
  const questions = new Map(check.questions.map((q) => [q.id, q]));
  const seen = new Set<string>();
  answers.forEach((answer, i) => {
    const question = questions.get(answer.question);
    if (!question)
      throw badRequest(
        `answers.${i}.question: "${answer.question}" is not a question of this module's check`,
      );
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
  const missing = check.questions.find((q) => !seen.has(q.id));
  if (missing) throw badRequest(`answers: question "${missing.id}" is not answered`);
}

/** Grades valid answers (checkAnswers first). */
export function gradeCheck(course: BundledCourse, check: Check, answers: readonly Answer[]): Grade {
  const lessons = new Map<string, BundledLesson>(
    course.modules.flatMap((m) => m.lessons.map((lesson) => [lesson.id, lesson] as const)),
  );
  const given = new Map(answers.map((a) => [a.question, new Set(a.choices)]));
  const questions = check.questions.map((question): GradedQuestion => {
    const correctChoices = question.choices.filter((c) => c.correct).map((c) => c.id);
    const chosen = given.get(question.id) ?? new Set<string>();
    const correct = chosen.size === correctChoices.length && correctChoices.every((id) => chosen.has(id));
    const lesson = lessons.get(question.teaches.lesson);
    const chapterStart = question.teaches.chapterStart ?? lesson?.chapterStart;
    return {
      id: question.id,
      correct,
      correctChoices,
      explanation: question.explanation,
      teaches: {
        lesson: question.teaches.lesson,
        title: lesson?.title ?? question.teaches.lesson,
        ...(lesson?.video ? { video: lesson.video } : {}),
        ...(lesson?.videoPath ? { videoPath: lesson.videoPath } : {}),
        ...(lesson?.article ? { article: lesson.article } : {}),
        ...(chapterStart !== undefined ? { chapterStart } : {}),
      },
    };
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
