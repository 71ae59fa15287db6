/**
 * A name people will read (the name printed on a certificate, shown on its public page and image and
 * in the console): one canonical form (NFC), without the characters that make a name render other
 * than it reads — bidi controls (a name can render reversed, or hide another's behind it) and
 * zero-width characters — nor control characters, spaces collapsed, at most NAME_MAX characters
 * (code points, so a character outside the BMP is never cut in half). No dependencies: the member
 * app can use it for the form.
 */
export const NAME_MAX = 80;

// U+061C arabic letter mark, U+200B–U+200F zero-width space/joiners and LRM/RLM, U+202A–U+202E
// embeddings and overrides, U+2060–U+2064 word joiner and invisible operators, U+2066–U+2069
// isolates, U+FEFF zero-width no-break space.
const INVISIBLE = /[\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/g;

export function displayName(raw: string): string {
  const clean = raw.normalize('NFC').replace(INVISIBLE, '').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  return Array.from(clean).slice(0, NAME_MAX).join('').trim();
}
