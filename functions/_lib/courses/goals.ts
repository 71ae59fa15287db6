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

/**
 * What counts towards a goal and where in the app it is entered, in words: a note written in the
 * journal is not a trade's note, so each goal says which field it reads.
 */
const COUNTS: Record<GoalKind, (goal: Goal) => string> = {
  'closed-trips-with-risk': () =>
    'A closed round trip counts once its Planned risk is saved (Trades → Closed trades → ▸ on the trip).',
  'tagged-trips': (g) =>
    `A closed round trip counts once it carries the tag "${g.tag ?? ''}" (Trades → Closed trades → ▸ on the trip → Tag).`,
  'cashtag-notes': () =>
    'A journal note counts when it mentions a $cashtag such as $ABCD (Journal → New note).',
  'reviewed-trades': () =>
    'A trade counts once its Note field is filled in (Trades → Executions → Edit → Note). Journal notes and tags do not count.',
  'max-position-week': (g) =>
    `A week (Monday to Sunday, UTC) counts when a round trip closed in it and no position held that week cost more than ${g.percent ?? 0}% of your account size (US dollar trades only).`,
};

export const goalCounts = (goal: Goal): string => COUNTS[goal.kind](goal);
