import { z } from 'zod';
import { Body, type ContractEntry } from './shared.ts';

const id = z.string().min(1).max(64);
const ModuleRequest = Body.extend({ course: id, module: id });

/** A lesson as a member's module page shows it; notes are HTML rendered and sanitized at build. */
export const CourseLesson = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(['video', 'article']),
  video: z.string().optional(),
  /** A video lesson's page: /videos/watch/{id}/{slug}. */
  videoPath: z.string().optional(),
  chapterStart: z.number().optional(),
  article: z.string().optional(),
  notesHtml: z.string(),
});

/** A question before it is answered: no correct flag, no explanation (docs/courses.md). */
export const CheckQuestion = z.object({
  id: z.string(),
  prompt: z.string(),
  kind: z.enum(['single', 'multiple']),
  choices: z.array(z.object({ id: z.string(), text: z.string() })),
});

/** The member's attempts at one module's check so far. */
export const CheckState = z.object({
  attempts: z.number(),
  best: z.number().nullable(),
  passed: z.boolean(),
  lastAt: z.number().nullable(),
  /** When a failed attempt's wait ends (ms), while it runs; otherwise null. */
  retryAt: z.number().nullable(),
});

export const GradedQuestion = z.object({
  id: z.string(),
  correct: z.boolean(),
  correctChoices: z.array(z.string()),
  explanation: z.string(),
  teaches: z.object({
    lesson: z.string(),
    title: z.string(),
    video: z.string().optional(),
    videoPath: z.string().optional(),
    article: z.string().optional(),
    chapterStart: z.number().optional(),
  }),
});

export const coursesApi = {
  // A module of a course for a member: lessons with notes, the check's questions (no answers) and state.
  'courses/module': {
    method: 'POST',
    request: ModuleRequest,
    response: z.object({
      course: z.object({ slug: z.string(), title: z.string() }),
      module: z.object({ id: z.string(), title: z.string() }),
      lessons: z.array(CourseLesson),
      check: z
        .object({ passMark: z.number(), questions: z.array(CheckQuestion), state: CheckState })
        .nullable(),
    }),
  },
  // Answers to a module's check, graded on the server; a failed attempt waits before the next.
  'courses/check': {
    method: 'POST',
    request: ModuleRequest.extend({
      answers: z.array(z.object({ question: id, choices: z.array(id).max(6) })).max(10),
    }),
    response: z.object({
      score: z.number(),
      passed: z.boolean(),
      passMark: z.number(),
      questions: z.array(GradedQuestion),
      state: CheckState,
    }),
  },
} as const satisfies Record<string, ContractEntry>;
