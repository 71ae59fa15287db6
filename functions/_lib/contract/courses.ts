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

const ChoiceText = z.object({ id: z.string(), text: z.string() });

/**
 * A question of an attempt, graded: whether it was right and what was chosen; for a wrong one the
 * explanation and the lesson to review. The correct choices only once the check is passed.
 */
export const GradedQuestion = z.object({
  id: z.string(),
  prompt: z.string(),
  correct: z.boolean(),
  chosen: z.array(ChoiceText),
  explanation: z.string().optional(),
  correctChoices: z.array(ChoiceText).optional(),
  teaches: z.object({
    lesson: z.string(),
    title: z.string(),
    video: z.string().optional(),
    videoPath: z.string().optional(),
    article: z.string().optional(),
    chapterStart: z.number().optional(),
  }),
});

/** One of the member's attempts at a check, as kept on the server (the last 10). */
export const CheckAttempt = z.object({
  at: z.number(),
  score: z.number(),
  passed: z.boolean(),
  questions: z.array(GradedQuestion),
});

/** A practice goal's progress, counted on the server from the member's journal. */
export const GoalProgress = z.object({
  kind: z.enum([
    'closed-trips-with-risk',
    'tagged-trips',
    'cashtag-notes',
    'reviewed-trades',
    'max-position-week',
  ]),
  sentence: z.string(),
  count: z.number(),
  target: z.number(),
  met: z.boolean(),
  /**
   * Where in the app the practice is done: /journal, or /trades at the very field (`#note=TRADE`,
   * `#tags=TRIP`, `#risk=TRIP`: the trade's Note, a round trip's tag box or planned risk).
   */
  href: z.string(),
  /** The link's words ("Write the note of your latest ABCD trade"). */
  action: z.string(),
  /** What counts towards the goal and where it is entered. */
  counts: z.string(),
  /** Why it cannot be counted yet (e.g. no account size stated). */
  hint: z.string().optional(),
});

/** A lesson's place in a member's path: done, or started (watched in part). */
export const LessonProgress = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(['video', 'article']),
  /** The lesson's page: the video page (with ?t= for a chapter) or the article. */
  href: z.string(),
  started: z.boolean(),
  done: z.boolean(),
});

export const ModuleProgress = z.object({
  id: z.string(),
  title: z.string(),
  /** False while a sequential course's earlier module is incomplete. */
  unlocked: z.boolean(),
  complete: z.boolean(),
  lessons: z.array(LessonProgress),
  check: z
    .object({
      /** How many questions an attempt asks. */
      questions: z.number(),
      passMark: z.number(),
      passed: z.boolean(),
      best: z.number().nullable(),
    })
    .nullable(),
  goal: GoalProgress.nullable(),
});

export const Certificate = z.object({
  id: z.string(),
  name: z.string(),
  issuedAt: z.number(),
  /** The public page: /certificates/{id}. */
  path: z.string(),
});

export const CourseProgress = z.object({
  slug: z.string(),
  title: z.string(),
  /** Lessons done, checks passed and goals met, of all of them: whole percent, rounded down. */
  percent: z.number(),
  done: z.number(),
  total: z.number(),
  complete: z.boolean(),
  started: z.boolean(),
  /** The first lesson not done yet in an open module (null when none is left). */
  next: z.object({ module: z.string(), lesson: z.string(), title: z.string(), href: z.string() }).nullable(),
  certificate: Certificate.nullable(),
  modules: z.array(ModuleProgress),
});
export type CourseProgress = z.infer<typeof CourseProgress>;

const decimalDollars = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, 'use dollars, e.g. 25000 or 25000.50')
  .refine((text) => /[1-9]/.test(text), 'use an amount above 0');

export const coursesApi = {
  // Every course with the member's progress: lessons, checks, goals, the next lesson, the certificate.
  'courses/progress': {
    method: 'POST',
    request: Body,
    response: z.object({ courses: z.array(CourseProgress), accountSize: z.string().nullable() }),
  },
  // Issues (or renames) the member's certificate for a course they completed: the public page's address.
  'courses/certificate': {
    method: 'POST',
    request: Body.extend({ course: id, name: z.string().trim().min(1).max(80) }),
    response: z.object({ certificate: Certificate }),
  },
  // Withdraws the member's certificate for a course: its public page answers 404 from then on.
  'courses/certificate/withdraw': {
    method: 'POST',
    request: Body.extend({ course: id }),
    response: z.object({ withdrawn: z.boolean() }),
  },
  // The account size practice goals measure position size against (null forgets it).
  'courses/profile': {
    method: 'POST',
    request: Body.extend({ accountSize: decimalDollars.nullable() }),
    response: z.object({ accountSize: z.string().nullable() }),
  },
  // A module of a course for a member: lessons with notes, the questions drawn for the member's next
  // attempt (no answers; none while a failed check waits), the check's state and the last attempts.
  'courses/module': {
    method: 'POST',
    request: ModuleRequest,
    response: z.object({
      course: z.object({ slug: z.string(), title: z.string() }),
      module: z.object({ id: z.string(), title: z.string() }),
      lessons: z.array(CourseLesson),
      /** The member's progress in this module (lessons done, the goal) and in the course. */
      progress: ModuleProgress,
      percent: z.number(),
      /** The account size a max-position-week goal measures against (courses/profile). */
      accountSize: z.string().nullable(),
      check: z
        .object({
          passMark: z.number(),
          questions: z.array(CheckQuestion),
          state: CheckState,
          /** Newest first. */
          attempts: z.array(CheckAttempt),
        })
        .nullable(),
    }),
  },
  // Answers to the questions drawn for this attempt, graded on the server; a failed attempt waits
  // before the next, which is a new draw.
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
