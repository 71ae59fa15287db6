/**
 * Article rules shared by the build (pages, API bundle), the functions and the tests. No imports:
 * browser code may use them too.
 */

/** docs/product.md §2: previews on the article list are cut to 140 characters plus an ellipsis. */
export const PREVIEW_LENGTH = 140;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * docs/product.md §2: the article's address is /articles/{slug}, the slug being the title lower-cased, spaces
 * turned to underscores and every character other than a letter, digit, hyphen or underscore
 * removed. Letters are the ASCII ones, so every article address is plain ASCII ("é" is dropped).
 */
export function articleSlug(title: string): string {
  return title
    .toLowerCase()
    .replaceAll(' ', '_')
    .replace(/[^a-z0-9_-]/g, '');
}

/**
 * docs/product.md §2: a preview longer than `length` characters is cut to that many plus an ellipsis; a
 * shorter one is shown whole. Characters are counted as readers see them (an emoji or an accented
 * letter is one, however it is encoded), so the cut never splits one, and spaces left at the cut
 * are dropped before the ellipsis.
 */
export function previewText(preview: string, length = PREVIEW_LENGTH): string {
  const text = preview.trim();
  const characters = Array.from(graphemes.segment(text), (part) => part.segment);
  if (characters.length <= length) return text;
  return `${characters.slice(0, length).join('').trimEnd()}…`;
}
