import { Parser } from 'htmlparser2';

/**
 * A linear-time check in front of the sanitizer. sanitize-html's cost grows with the square of the
 * markup's nesting depth (each element opened deeper revisits the open ones): 200 KB of `<x>` costs
 * a third of a second, 800 KB twenty. The journal's editor writes a few levels (a table cell's
 * paragraph, a list inside a list), so markup deeper than MAX_NOTE_DEPTH is not a note.
 */
export const MAX_NOTE_DEPTH = 64;

class TooDeep extends Error {}

/**
 * The deepest nesting of `html` as the sanitizer's own parser (htmlparser2, with sanitize-html's
 * options) builds it — implied closes included, so the count is exact — or `stopAbove + 1` as soon
 * as it goes past `stopAbove`. Stopping there keeps the parser's stack short, so every step costs at
 * most `stopAbove` and the whole check is linear in the markup's length.
 */
export function markupDepth(html: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  const parser = new Parser(
    {
      onopentag() {
        depth++;
        if (depth > deepest) deepest = depth;
        if (deepest > stopAbove) throw new TooDeep();
      },
      onclosetag() {
        depth--;
      },
    },
    { decodeEntities: true },
  );
  try {
    parser.end(html);
  } catch (error) {
    if (!(error instanceof TooDeep)) throw error;
  }
  return deepest;
}

/** Why a note's body is refused before it reaches the sanitizer, or null. */
export function noteMarkupError(html: string): string | null {
  return markupDepth(html, MAX_NOTE_DEPTH) > MAX_NOTE_DEPTH
    ? `This note is nested too deeply: at most ${MAX_NOTE_DEPTH} levels of lists, quotes and tables`
    : null;
}
