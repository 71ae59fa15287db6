/**
 * A practice goal in words, for outlines and progress ("Close 10 round trips with a planned risk").
 * One sentence per kind of the closed set in course-schema.ts.
 */
import type { Goal, GoalKind } from './course-schema.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const SENTENCES: Record<GoalKind, (goal: Goal) => string> = {
  'closed-trips-with-risk': (g) =>
    `Close ${plural(g.target, 'round trip', 'round trips')} with a planned risk`,
  'tagged-trips': (g) => `Log ${plural(g.target, 'round trip', 'round trips')} tagged "${g.tag ?? ''}"`,
  'cashtag-notes': (g) => `Write ${plural(g.target, 'note', 'notes')} about a $cashtag`,
  'reviewed-trades': (g) => `Review ${plural(g.target, 'trade', 'trades')} with a linked note`,
  'max-position-week': (g) =>
    `Trade ${plural(g.target, 'week', 'weeks')} with no position over ${g.percent ?? 0}% of your account size`,
};

export const goalSentence = (goal: Goal): string => SENTENCES[goal.kind](goal);
