import { describe, expect, it } from 'vitest';
import { drawFits, drawQuestions } from '../../functions/_lib/courses/draw.ts';
import { courseLibrary } from '../../functions/_lib/courses/library.ts';

// The draw (docs/courses.md): `ask` questions of the bank, spread over the lessons they test, none
// of the previous attempt's, in a shuffled order with shuffled choices.

/** A seeded generator (mulberry32), so a failure can be replayed. */
function seeded(seed: number) {
  let a = seed;
  return (max: number) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * max);
  };
}

const modules = courseLibrary.flatMap((c) =>
  c.modules.flatMap((m) => (m.check ? [{ ...m, check: m.check }] : [])),
);
if (modules.length === 0) throw new Error('content/courses needs a module with a check');

describe('drawing a check’s questions', () => {
  it.each(modules.map((m) => [m.id, m.check] as const))(
    '%s: asks `ask` questions of its bank, once each',
    (_, check) => {
      const random = seeded(1);
      for (let i = 0; i < 50; i++) {
        const draw = drawQuestions(check, null, random);
        expect(draw.questions).toHaveLength(check.ask);
        expect(drawFits(check, draw)).toBe(true);
      }
    },
  );

  it.each(modules.map((m) => [m.id, m.check] as const))(
    '%s: the next attempt asks none of the questions just asked',
    (_, check) => {
      const random = seeded(2);
      let previous = drawQuestions(check, null, random);
      for (let i = 0; i < 20; i++) {
        const next = drawQuestions(check, previous, random);
        const before = new Set(previous.questions.map((q) => q.id));
        expect(next.questions.filter((q) => before.has(q.id))).toEqual([]);
        previous = next;
      }
    },
  );

  it.each(modules.map((m) => [m.id, m.check] as const))(
    '%s: covers as many lessons as it can',
    (_, check) => {
      const lessons = new Set(check.questions.map((q) => q.teaches.lesson));
      const random = seeded(3);
      const lessonOf = new Map(check.questions.map((q) => [q.id, q.teaches.lesson]));
      for (let i = 0; i < 20; i++) {
        const draw = drawQuestions(check, null, random);
        const covered = new Set(draw.questions.map((q) => lessonOf.get(q.id)));
        expect(covered.size).toBe(Math.min(check.ask, lessons.size));
      }
    },
  );

  it('shuffles the order of the questions and of each question’s choices', () => {
    const check = modules[0]?.check;
    if (!check) throw new Error('no check');
    const random = seeded(4);
    const orders = new Set<string>();
    const choiceOrders = new Map<string, Set<string>>();
    for (let i = 0; i < 60; i++)
      for (const q of drawQuestions(check, null, random).questions) {
        const seen = choiceOrders.get(q.id) ?? new Set<string>();
        seen.add(q.choices.join());
        choiceOrders.set(q.id, seen);
        orders.add(q.id);
      }
    expect(orders.size).toBe(check.questions.length);
    for (const [id, seen] of choiceOrders)
      expect(seen.size, `choices of ${id} never shuffled`).toBeGreaterThan(1);
  });

  it('a stored draw no longer fits when the bank changed under it', () => {
    const check = modules[0]?.check;
    if (!check) throw new Error('no check');
    const draw = drawQuestions(check, null, seeded(5));
    expect(drawFits(check, draw)).toBe(true);
    const [first, ...rest] = draw.questions;
    if (!first) throw new Error('empty draw');
    expect(drawFits(check, { questions: rest })).toBe(false);
    expect(drawFits(check, { questions: [{ ...first, id: 'gone' }, ...rest] })).toBe(false);
    expect(drawFits(check, { questions: [{ ...first, choices: first.choices.slice(1) }, ...rest] })).toBe(
      false,
    );
    expect(drawFits(check, { questions: [first, first, ...rest.slice(1)] })).toBe(false);
    expect(drawFits(check, null)).toBe(false);
  });
});
