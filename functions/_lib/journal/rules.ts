/**
 * The journal's rules (docs/product.md §5, §9), shared by the server (enforced) and the member app's forms and
 * editor (checked as the member types). Plain functions and constants: no zod, no Node imports.
 */

/** docs/product.md §9: more notes load after 99; at most 1000 notes. */
export const NOTES_PAGE_SIZE = 99;
export const MAX_NOTES = 1000;
/** Notes with their bodies in one export answer: 25 × 200 KB stays under a function's 6 MB. */
export const EXPORT_PAGE_SIZE = 25;
/** docs/product.md §5: a note title is 1–65 characters; a category name 1–20. */
export const MAX_TITLE = 65;
export const MAX_CATEGORY_NAME = 20;
/** Beyond the brief: caps that keep one member's data bounded. */
export const MAX_CATEGORIES = 100;
export const MAX_NOTE_CATEGORIES = 20;
export const MAX_NOTE_SYMBOLS = 50;
/** A note's stored HTML, after sanitizing (UTF-8 bytes): about 100 pages of text. */
export const MAX_BODY_BYTES = 200 * 1024;

/** How much of a note's text its search reads (folded characters): the first pages of any note. */
export const MAX_SEARCH_TEXT = 8000;

/** docs/product.md §3: note_ plus 16 random alphanumerics, made by the app. */
export const NOTE_ID = /^note_[A-Za-z0-9]{16}$/;
/** docs/product.md §3: category_ plus 16 random alphanumerics, made by the app. */
export const CATEGORY_ID = /^category_[A-Za-z0-9]{16}$/;
/** docs/product.md §5: a saved symbol is 3–7 letters, dots, hyphens or carets (BRK.A, ^DJI, OTC-X). */
const SYMBOL = /^[A-Za-z.^-]{3,7}$/;
/**
 * docs/product.md §5 editor rule: `$` then 4–8 characters (letters, dots, hyphens, carets) becomes a cashtag.
 * It starts with a letter or caret and ends with a letter, so a sentence's full stop stays out.
 */
export const CASHTAG = /\$([A-Za-z^][A-Za-z.^-]{2,6}[A-Za-z])(?![A-Za-z.^-]*[A-Za-z])/g;

/** Characters as the member sees them (code points), so an emoji counts as one. */
export const charCount = (text: string) => [...text].length;

export function noteTitleError(title: string): string | null {
  const trimmed = title.trim();
  if (trimmed === '') return 'Give the note a title';
  if (charCount(trimmed) > MAX_TITLE) return `Titles are at most ${MAX_TITLE} characters`;
  return null;
}

export function categoryNameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Give the category a name';
  if (charCount(trimmed) > MAX_CATEGORY_NAME)
    return `Category names are at most ${MAX_CATEGORY_NAME} characters`;
  return null;
}

/** docs/product.md §5: symbols are kept only when valid, stored upper-case, each once (first seen order). */
export function cleanSymbols(symbols: readonly string[]): string[] {
  const kept = symbols
    .map((s) => s.trim())
    .filter((s) => SYMBOL.test(s))
    .map((s) => s.toUpperCase());
  return [...new Set(kept)].slice(0, MAX_NOTE_SYMBOLS);
}

/**
 * docs/product.md §4: opening the journal from a video prefills 'Notes for {title}', cut with '...' when over 65.
 * The original brief cuts to 63 + '...' (66 characters), which its own 65-character rule would refuse to
 * save; we cut to 62 + '...' so the prefilled title always saves.
 */
export function videoNoteTitle(videoTitle: string): string {
  const chars = [...`Notes for ${videoTitle}`];
  return chars.length > MAX_TITLE ? `${chars.slice(0, MAX_TITLE - 3).join('')}...` : chars.join('');
}

/** Our video links, pasted into a note, become an embedded video (docs/product.md §2: pasted video links). */
export const VIDEO_LINK = /\/videos\/watch\/([\w-]{1,64})(?:\/[^\s?#]*)?/;
