/**
 * Spaces between the editor's text and HTML. A browser collapses a run of spaces into one and drops
 * spaces at the start and end of a line, so:
 * - writing, a space that would vanish (after another space, first or last on a line) becomes
 *   U+00A0, as browsers do while editing; what the member typed is what any page shows;
 * - reading, spaces are collapsed as a browser does, so pasted markup's indentation disappears and
 *   a written note reads back to the same HTML.
 *
 * Both work on one line of text cut in parts (its text nodes, in order): '\n' is a line break
 * (`<br />`), and ATOM stands for something visible that is not text (a chip, an image). Each
 * returns the parts, same count, same order, so the caller puts them back where they came from.
 */

export const ATOM = '\ufffc';
const NBSP = '\u00a0';

export function encodeSpaces(parts: readonly string[]): string[] {
  const all = parts.join('');
  let out = '';
  for (let i = 0; i < all.length; i++) {
    const char = all[i] as string;
    const before = out[i - 1];
    const after = all[i + 1];
    const edge = before === undefined || before === '\n' || after === undefined || after === '\n';
    out += char === ' ' && (edge || before === ' ') ? NBSP : char;
  }
  return cut(
    out,
    parts.map((part) => part.length),
  );
}

/** Line breaks come as '\n'; any other HTML whitespace must already be a plain space. */
export function decodeSpaces(parts: readonly string[]): string[] {
  const all = parts.join('');
  const keep: boolean[] = [];
  // Pass 1: one space per run, none at the start of a line.
  let before = '\n';
  for (let i = 0; i < all.length; i++) {
    const char = all[i] as string;
    keep[i] = char !== ' ' || (before !== '\n' && before !== ' ');
    if (keep[i]) before = char;
  }
  // Pass 2: none at the end of a line.
  let after = '\n';
  for (let i = all.length - 1; i >= 0; i--) {
    if (!keep[i]) continue;
    if (all[i] === ' ' && after === '\n') keep[i] = false;
    else after = all[i] as string;
  }
  let at = 0;
  return parts.map((part) => {
    let text = '';
    for (let i = 0; i < part.length; i++, at++) if (keep[at]) text += part[i];
    return text;
  });
}

function cut(text: string, lengths: readonly number[]): string[] {
  let at = 0;
  return lengths.map((length) => {
    at += length;
    return text.slice(at - length, at);
  });
}
