/**
 * A course as editors write it: content/courses/{slug}.json. An ordered list of modules, each an
 * ordered list of lessons (a library video, optionally from a chapter, or an article), an optional
 * knowledge check and an optional practice goal measured on the member's journal.
 *
 * Zod only: the build (content.ts), the content editor (/admin/, fields generated from this schema)
 * and the member functions share it. Rules that need more than one field or another file (a video
 * that exists, one correct choice, unique ids) are in rules.ts, checked at build.
 *
 * A check asks `ask` questions drawn per attempt from its bank, which holds at least twice as many
 * (checked in rules.ts), so a retry after a fail meets questions it has not just seen.
 *
 * Ids (course slug, module, lesson, question and choice ids) are stable: a member's progress and
 * answers are stored by them, so an editor renames titles freely but keeps ids once published.
 */
import { z } from 'zod';

const text = z.string().trim().min(1);
/** A stable id: lower-case letters, digits and "-", e.g. "the-market". */
const stableId = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'use lower-case letters, digits and - (e.g. the-market)');
/** A chapter's start in the video, in seconds (a chapter of content/library/videos.json). */
const chapterStart = z.number().min(0);

export const COURSE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const LESSON_KINDS = ['video', 'article'] as const;
export const QUESTION_KINDS = ['single', 'multiple'] as const;

/**
 * Practice measured on the member's own journal, evaluated on the server; a closed set, so every
 * kind has a counter. `tag` is for tagged-trips (the setup tag), `percent` for max-position-week
 * (largest position as a percent of the member's stated account size). See docs/courses.md.
 */
export const GOAL_KINDS = [
  'closed-trips-with-risk',
  'tagged-trips',
  'cashtag-notes',
  'reviewed-trades',
  'max-position-week',
] as const;
export type GoalKind = (typeof GOAL_KINDS)[number];

/**
 * Rules a lesson teaches, checked on the member's own closed trips once the lesson is done
 * (trade-rules.ts, docs/courses.md "Rules checked on your trades"); a closed set, each kind with its
 * evaluation. `percent` is for max-risk-percent, `minutes` for no-entry-first-minutes.
 */
export const RULE_KINDS = [
  'no-averaging-down',
  'stop-planned',
  'max-risk-percent',
  'no-entry-first-minutes',
  'plan-note-before-entry',
] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

/**
 * A lesson's rule as editors write it. One object with optional parameters rather than a union per
 * kind: the content editor builds its fields from this schema and has no widget for a union, so
 * rules.ts checks that each kind carries exactly its parameters (as for goals), and trade-rules.ts
 * reads it as the union `TradeRule`.
 */
export const ruleSchema = z.strictObject({
  kind: z.enum(RULE_KINDS),
  /** max-risk-percent: the most one trade may risk, in percent of the member's stated account size. */
  percent: z.number().min(0.1).max(10).optional(),
  /** no-entry-first-minutes: how long after the 09:30 (New York) open no trade is entered. */
  minutes: z.number().int().min(1).max(120).optional(),
});

export const lessonSchema = z.strictObject({
  id: stableId,
  title: text.max(120),
  kind: z.enum(LESSON_KINDS),
  /** For a video lesson: the id of a video of content/library/videos.json. */
  video: z
    .string()
    .regex(/^[\w-]{1,64}$/, 'use a video id of the library, e.g. v1132')
    .optional(),
  /** For a video lesson that starts at a chapter: that chapter's start (s). */
  chapterStart: chapterStart.optional(),
  /**
   * For a video lesson: where its stretch of the video ends (s), after its start and within the
   * video. Without it, the next chapter's start or the video's end. Two lessons on one video each
   * complete only by watching their own stretch.
   */
  end: z.number().gt(0).optional(),
  /** For an article lesson: the article's address, content/articles/{article}.md. */
  article: z
    .string()
    .regex(/^[a-z0-9][\w-]*$/, 'use an article address, e.g. how_the_otc_market_works')
    .optional(),
  /** The lesson's written notes (Markdown); members only. */
  text: text.max(4000),
  /** The rule the lesson teaches, checked on the member's closed trips once the lesson is done. */
  rule: ruleSchema.optional(),
});

export const choiceSchema = z.strictObject({
  id: stableId,
  text: text.max(200),
  correct: z.boolean().default(false),
});

export const questionSchema = z.strictObject({
  id: stableId,
  prompt: text.max(300),
  kind: z.enum(QUESTION_KINDS),
  choices: z.array(choiceSchema).min(2).max(6),
  /** Shown after the member answers. */
  explanation: text.max(600),
  /** Where the answer is taught: a lesson of this course, optionally a chapter of its video. */
  teaches: z.strictObject({ lesson: stableId, chapterStart: chapterStart.optional() }),
});

/** The most questions a check may ask, and so its bank's smallest size is twice `ask` (rules.ts). */
export const MAX_ASKED = 10;

export const checkSchema = z.strictObject({
  /** Percent of the questions answered right to pass. */
  passMark: z.number().int().min(1).max(100),
  /** How many questions each attempt asks, drawn from `questions` (at least twice as many). */
  ask: z.number().int().min(3).max(MAX_ASKED),
  /** The bank: each attempt draws `ask` of these, spread over the lessons they test. */
  questions: z
    .array(questionSchema)
    .min(6)
    .max(4 * MAX_ASKED),
});

export const goalSchema = z.strictObject({
  kind: z.enum(GOAL_KINDS),
  /** How many (trips, notes, reviewed trades, weeks) the member needs. */
  target: z.number().int().min(1).max(100),
  /** tagged-trips: the setup tag the trips carry. */
  tag: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'use a tag in lower case with -, e.g. panic-dip')
    .optional(),
  /** max-position-week: the largest position allowed, in percent of the stated account size. */
  percent: z.number().gt(0).max(100).optional(),
});

export const moduleSchema = z.strictObject({
  id: stableId,
  title: text.max(120),
  lessons: z.array(lessonSchema).min(1).max(20),
  check: checkSchema.optional(),
  goal: goalSchema.optional(),
});

export const courseSchema = z.strictObject({
  /** The address /courses/{slug} and the file name; fixed once published. */
  slug: stableId,
  title: text.max(120),
  summary: text.min(40).max(320),
  level: z.enum(COURSE_LEVELS),
  /** A web image of the site, e.g. /images/articles/how_the_otc_market_works.webp. */
  cover: z
    .string()
    .regex(/^\/images\/[\w\-./]+\.(?:webp|jpe?g|png)$/, 'use a site image, e.g. /images/articles/cover.webp'),
  coverAlt: text.max(200),
  /** On: each module opens once the one before it is complete. */
  sequential: z.boolean().default(false),
  modules: z.array(moduleSchema).min(1).max(20),
});

export type Course = z.infer<typeof courseSchema>;
export type CourseModule = z.infer<typeof moduleSchema>;
export type Lesson = z.infer<typeof lessonSchema>;
export type Question = z.infer<typeof questionSchema>;
export type Goal = z.infer<typeof goalSchema>;
export type LessonRule = z.infer<typeof ruleSchema>;
