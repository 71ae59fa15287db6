/**
 * Cashtags (docs/product.md §5): `$` and 4–8 symbol characters become a chip. The rule itself (CASHTAG) and what
 * a saved symbol may be (cleanSymbols) are the server's, imported so the editor and the server agree.
 */
import type { Descendant } from 'slate';
import { CASHTAG, cleanSymbols } from '../../../functions/_lib/journal/rules.ts';
import type { CashtagElement } from './types.ts';

export const cashtag = (symbol: string): CashtagElement => ({
  type: 'cashtag',
  symbol,
  children: [{ text: '' }],
});

/** The chip's symbol when `$value` is, all of it, one cashtag; otherwise null. */
export function cashtagSymbol(value: string): string | null {
  const [match] = `$${value}`.matchAll(CASHTAG);
  return match?.index === 0 && match[0].length === value.length + 1 ? (match[1] ?? '').toUpperCase() : null;
}

/** A typed character that ends a cashtag: a space or punctuation other than the symbol's own `.`, `^`, `-`. */
export const endsCashtag = (char: string): boolean => /^[\s\p{P}\p{S}]$/u.test(char) && !/[.^-]/.test(char);

/**
 * The cashtag that `ending` (a space or punctuation) completes at the end of `before`, the text left
 * of the cursor: where it starts in `before`, how long it is and its symbol. A trailing full stop
 * (`$ABCD.` then a space) stays text, as the CASHTAG rule wants.
 */
export function cashtagBefore(
  before: string,
  ending: string,
): { start: number; length: number; symbol: string } | null {
  const token = /\$[A-Za-z.^-]*$/.exec(before);
  if (!token) return null;
  const [match] = `${token[0]}${ending}`.matchAll(CASHTAG);
  if (match?.index !== 0 || match[1] === undefined) return null;
  return { start: token.index, length: match[1].length + 1, symbol: match[1].toUpperCase() };
}

/** Pasted text cut into its plain runs and its cashtags, in order. */
export function splitCashtags(text: string): (string | CashtagElement)[] {
  const pieces: (string | CashtagElement)[] = [];
  let last = 0;
  for (const match of text.matchAll(CASHTAG)) {
    if (match.index > last) pieces.push(text.slice(last, match.index));
    pieces.push(cashtag((match[1] ?? '').toUpperCase()));
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push(text.slice(last));
  return pieces;
}

/**
 * The note's symbols for the save call: its chips in document order, upper-case, each once, and only
 * those docs/product.md §5 lets a note keep (3–7 characters, so an 8-character chip stays in the text only).
 */
export function symbolsOf(nodes: readonly Descendant[]): string[] {
  const found: string[] = [];
  const visit = (node: Descendant) => {
    if (!('type' in node)) return;
    if (node.type === 'cashtag') found.push(node.symbol);
    else node.children.forEach(visit);
  };
  nodes.forEach(visit);
  return cleanSymbols(found);
}
