/**
 * The questions an attempt at a knowledge check asks (docs/courses.md): `ask` questions drawn from
 * the module's bank, spread over the lessons they test, none of those the previous attempt asked
 * (the bank holds at least twice `ask`, rules.ts), in a random order with their choices shuffled.
 * The server makes and stores each draw (attempts.ts checkKeys.draw): the module page shows the
 * current one, and an attempt is graded against it alone.
 */
import { randomInt } from 'node:crypto';
import { parseJson } from '../store.ts';
import type { BundledModule } from './library.ts';

type Check = NonNullable<BundledModule['check']>;

/** One question of a draw: its id and its choices' ids in the order shown. */
export interface DrawnQuestion {
  id: string;
  choices: string[];
}

/** The questions of the member's current attempt, in the order shown. */
export interface Draw {
  questions: DrawnQuestion[];
}

/** A whole number from 0 up to, not including, `max`: crypto's by default, seeded in tests. */
export type RandomInt = (max: number) => number;

const cryptoInt: RandomInt = (max) => randomInt(max);

/** A shuffled copy (Fisher–Yates). */
export function shuffle<T>(items: readonly T[], random: RandomInt = cryptoInt): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * A new draw for the next attempt. The previous attempt's questions are left out while the bank has
 * enough others, so a retry meets questions it has not just seen (and their explanations, shown
 * after a fail, do not answer the retry). Within what is left, one question per lesson in turn, so
 * the draw covers the module's lessons before it asks a second question about one of them.
 */
export function drawQuestions(check: Check, previous: Draw | null, random: RandomInt = cryptoInt): Draw {
  const seen = new Set(previous?.questions.map((q) => q.id));
  const fresh = check.questions.filter((q) => !seen.has(q.id));
  const pool = fresh.length >= check.ask ? fresh : check.questions;
  const byLesson = new Map<string, Check['questions']>();
  for (const question of shuffle(pool, random))
    byLesson.set(question.teaches.lesson, [...(byLesson.get(question.teaches.lesson) ?? []), question]);
  const groups = shuffle([...byLesson.values()], random);
  const picked: Check['questions'] = [];
  for (let round = 0; picked.length < check.ask; round++)
    for (const group of groups) {
      const question = group[round];
      if (question && picked.length < check.ask) picked.push(question);
    }
  return {
    questions: shuffle(picked, random).map((q) => ({
      id: q.id,
      choices: shuffle(
        q.choices.map((c) => c.id),
        random,
      ),
    })),
  };
}

/**
 * Whether a stored draw still fits the bank: `ask` questions of it, each once, each with exactly its
 * choices. A bank edited since (a question removed, a choice added) makes the member a new draw.
 */
export function drawFits(check: Check, draw: Draw | null): draw is Draw {
  if (!draw || !Array.isArray(draw.questions) || draw.questions.length !== check.ask) return false;
  const bank = new Map(check.questions.map((q) => [q.id, q]));
  const ids = new Set<string>();
  return draw.questions.every((drawn) => {
    const question = bank.get(drawn.id);
    if (!question || ids.has(drawn.id) || !Array.isArray(drawn.choices)) return false;
    ids.add(drawn.id);
    const choices = new Set(question.choices.map((c) => c.id));
    return drawn.choices.length === choices.size && new Set(drawn.choices).size === choices.size
      ? drawn.choices.every((id) => choices.has(id))
      : false;
  });
}

export const parseDraw = (raw: unknown): Draw | null => parseJson<Draw>(raw);

/**
 * Stores a new draw unless another request stored one first. KEYS: the draw. ARGV: the draw read
 * ('' when none), the new draw. Answers the draw that is stored now, so two page loads at once show
 * the same questions.
 */
export const STORE_DRAW = `
local stored = redis.call('GET', KEYS[1])
if stored and stored ~= ARGV[1] then return stored end
redis.call('SET', KEYS[1], ARGV[2])
return ARGV[2]
`;
