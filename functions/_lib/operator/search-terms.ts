/**
 * What the console's member search matches (docs/operator.md "Search"): the terms each member is
 * filed under in the search index (search-index.ts), and the query in the same spelling. Terms and
 * queries are written here only, in JavaScript (Lua lower-cases ASCII alone), so a name in any
 * script matches as typed in any case.
 */

/** The longest query the search takes; a term is cut to it (a longer query could not match more). */
export const QUERY_MAX = 200;
/** The shortest query: one character would match most of the index. */
export const QUERY_MIN = 2;

/** Where a member's terms come from; each source's terms are replaced as a whole by its writer. */
export type SearchSource = 'email' | 'customer' | 'chat' | `cert:${string}`;
/** A member's terms by source: what an index write sets (search-index.ts `search_update`). */
export type SearchUpdate = Partial<Record<SearchSource, string[]>>;

/**
 * The one spelling of terms and queries: Unicode-compatible forms folded (NFKC, so a full-width
 * letter is its plain one), lower case, runs of white space as one space, no control characters
 * (a term's end in the index is a NUL), cut to QUERY_MAX characters.
 */
export function searchText(value: string): string {
  const text = value
    .normalize('NFKC')
    .toLowerCase()
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what goes.
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...text];
  return chars.length > QUERY_MAX ? chars.slice(0, QUERY_MAX).join('').trimEnd() : text;
}

/**
 * An email's terms: the whole address (so any beginning of the local part matches) and the domain
 * after an `@` (so a beginning of the domain matches: the query is also looked up with an `@`
 * before it, and `@exam` matches domains only).
 */
export function emailTerms(email: string): string[] {
  const address = searchText(email);
  if (address === '') return [];
  const at = address.lastIndexOf('@');
  return at >= 0 && at < address.length - 1 ? unique([address, address.slice(at)]) : [address];
}

/** A payment customer id, lower-cased: found by any beginning of it. */
export function customerTerms(customerId: string | null | undefined): string[] {
  const id = searchText(customerId ?? '');
  return id === '' ? [] : [id];
}

/** Words of a name a search may start at, after the first: enough for a first, middle and last name. */
const NAME_WORDS = 4;

/**
 * A name's terms (a chat username, a certificate's name): the whole name, and what follows each of
 * its first word breaks (space, `.`, `_`, `-`), so "Ann Lee" is found by "lee" and "trader.one"
 * by "one". Pieces shorter than the shortest query are left out.
 */
export function nameTerms(name: string | null | undefined): string[] {
  const text = searchText(name ?? '');
  if (text === '') return [];
  const terms = [text];
  for (const match of text.matchAll(/[ ._-]+/g)) {
    if (terms.length > NAME_WORDS) break;
    const rest = text.slice((match.index ?? 0) + match[0].length);
    if ([...rest].length >= QUERY_MIN) terms.push(rest);
  }
  return unique(terms);
}

const unique = (terms: string[]) => [...new Set(terms)];
