import { describe, expect, it } from 'vitest';
import { MAX_NOTE_DEPTH, markupDepth, noteMarkupError } from '../../functions/_lib/journal/markup-guard.ts';
import { MAX_BODY_BYTES } from '../../functions/_lib/journal/rules.ts';
import { loadSanitizer, sanitizeNoteBody } from '../../functions/_lib/journal/sanitize.ts';

const nest = (open: string, close: string, depth: number) => `${open.repeat(depth)}x${close.repeat(depth)}`;
/** A body of the largest size the schema accepts, made of `unit` repeated. */
const fill = (unit: string) => unit.repeat(Math.floor(MAX_BODY_BYTES / unit.length));

describe('markupDepth: nesting as the sanitizer parses it', () => {
  it.each([
    ['', 0],
    ['plain text', 0],
    ['<p>a</p><p>b</p>', 1],
    // An empty element is a level of its own while it is open.
    ['<p>a<br>b<img src="https://x.test/a.png"></p>', 2],
    ['<table><tbody><tr><td><p><strong>x</strong></p></td></tr></tbody></table>', 6],
    [nest('<ul><li>', '</li></ul>', 5), 10],
    // Implied closes, as the parser applies them: a paragraph ends another, a list item another.
    ['<p>a<p>b<p>c', 1],
    ['<ul><li>a<li>b<li>c</ul>', 2],
    // A closing tag nothing opened closes nothing; an attribute's markup is text.
    ['<x></y>'.repeat(10), 10],
    ['<x a="</x>">'.repeat(10), 10],
    ['<'.repeat(100), 0],
  ])('%j is %i deep', (html, depth) => {
    expect(markupDepth(html)).toBe(depth);
  });

  it('stops counting past the limit it is given', () => {
    expect(markupDepth('<x>'.repeat(10_000), MAX_NOTE_DEPTH)).toBe(MAX_NOTE_DEPTH + 1);
  });
});

describe('noteMarkupError: the guard in front of the sanitizer', () => {
  it('lets the editor’s deepest markup through, with room to spare', () => {
    expect(noteMarkupError(nest('<blockquote><ul><li>', '</li></ul></blockquote>', 8))).toBeNull();
    expect(noteMarkupError(nest('<x>', '</x>', MAX_NOTE_DEPTH))).toBeNull();
  });

  it.each([
    ['unclosed elements', '<x>'],
    ['unclosed list items in lists', '<ul><li>'],
    ['elements closed by a tag never opened', '<x></y>'],
    ['elements whose attribute holds a closing tag', '<x a="</x>">'],
  ])('refuses a body of %s at the largest size', (_, unit) => {
    expect(noteMarkupError(fill(unit))).toMatch(/^This note is nested too deeply/);
  });
});

/**
 * The cost of a hostile body at the largest size the schema accepts. Unguarded, it was quadratic in
 * the nesting depth (200 KB of `<x>`: 0.35 s; 800 KB, which the schema then accepted: 17 s). Each
 * figure is the best of five runs, so another process on the machine does not decide it.
 * - Refused by the guard: measured at 0–6 ms, held to 100 ms.
 * - Let through to the sanitizer: its cost at the largest size is held to 8× its cost at a quarter
 *   of it (linear is 4×, quadratic 16×), the two timed in turns. An earlier bound, 3× an ordinary
 *   note's cost, held only while the ordinary note was timed first and cold: warm, 1 MB of `<`
 *   costs about 4.5× an ordinary note (each becomes `&lt;`), linearly.
 */
describe('a maximal hostile body costs linear time, and under 100 ms when refused', () => {
  const once = (work: () => void) => {
    const started = performance.now();
    work();
    return performance.now() - started;
  };
  const best = (work: () => void) => {
    let fastest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      work();
      fastest = Math.min(fastest, performance.now() - started);
    }
    return fastest;
  };
  const guardedSanitize = (body: string) => () => {
    expect(noteMarkupError(body)).toBeNull();
    sanitizeNoteBody(body);
  };

  it.each([['<x>'], ['<ul><li>'], ['<x></y>'], ['<x a="</x>">']])('refused at once: %s repeated', (unit) => {
    const body = fill(unit);
    expect(best(() => expect(noteMarkupError(body)).not.toBeNull())).toBeLessThan(100);
  });

  it('let through: no hostile body costs more than linear time in its size', async () => {
    await loadSanitizer();
    // A body's cost at the largest size against a quarter of it, timed in turns so that a busy
    // machine slows both alike: linear work is 4×, the quadratic blow-up the guard stops 16×.
    // A ratio, not a time, so the machine's speed decides nothing.
    const growth = (unit: string) => {
      const quarter = guardedSanitize(unit.repeat(Math.floor(MAX_BODY_BYTES / 4 / unit.length)));
      const whole = guardedSanitize(fill(unit));
      // Once each untimed first: the parser's first pass over a new shape is compiled, not measured.
      quarter();
      whole();
      let [small, large] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
      for (let i = 0; i < 7; i++) {
        small = Math.min(small, once(quarter));
        large = Math.min(large, once(whole));
      }
      return large / small;
    };
    for (const unit of [
      '<p>Bought <strong>$ABCD</strong> at 0.0012, out at <a href="https://x.test/">0.0015</a>.</p>',
      nest('<ul><li>', '</li></ul>', MAX_NOTE_DEPTH / 2),
      nest('<x>', '</x>', MAX_NOTE_DEPTH),
      '<p>a</p>',
      '<a href="https://example.test/">a</a> ',
      '<',
      '&amp;',
    ]) {
      expect(growth(unit), unit.slice(0, 20)).toBeLessThanOrEqual(8);
    }
  });
});
