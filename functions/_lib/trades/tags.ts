/**
 * Tags on round trips (setup and mistake tags, the member's own words). A tag's id is worked out
 * from its kind and name (`setup:gap-and-go`), so naming a tag twice, from two tabs at once, makes
 * one tag, and a re-import never loses it: tags hang on the round trip's id (its opening trade's).
 */

export const TAG_KINDS = ['setup', 'mistake'] as const;
export type TagKind = (typeof TAG_KINDS)[number];

/** Per round trip: a trade with more than 10 labels has none that means anything. */
export const MAX_TAGS_PER_TRIP = 10;
/** Distinct tags a member may define: reports split past 100 buckets say nothing. */
export const MAX_TAGS = 100;
/** Round trips one call may tag (bulk tagging of the selected rows). */
export const MAX_TRIPS_PER_CALL = 500;
export const MAX_TAG_NAME = 40;

export const TAG_ID = /^(?:setup|mistake):[a-z0-9]+(?:-[a-z0-9]+)*$/;
/**
 * Letters (any script), digits, spaces and a few marks traders use (`R&D`, `1/2 size`, `VWAP+`).
 * No `=`, `@`, double quotes or brackets, so a name can never spell a spreadsheet function call.
 * A leading `+` or `-` stays allowed (`+EV`, `-1R stop`, and names already saved): CSV exports
 * neutralise it (functions/_lib/csv.ts), which they must do for every free-text cell anyway.
 */
const TAG_NAME = /^[\p{L}\p{N} &/+#.'_-]+$/u;

export interface TripTag {
  id: string;
  name: string;
  kind: TagKind;
}

/** Spaces trimmed and collapsed; null when nothing usable is left or a character is not allowed. */
export function cleanTagName(name: string): string | null {
  const text = name.trim().replace(/\s+/g, ' ');
  if (text === '' || text.length > MAX_TAG_NAME || !TAG_NAME.test(text)) return null;
  return tagSlug(text) === '' ? null : text;
}

function tagSlug(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** `setup` + `Gap and Go!` → `setup:gap-and-go`. Names of letters outside a–z keep a stable code. */
export function tagId(kind: TagKind, name: string): string {
  const slug = tagSlug(name);
  if (/[^\p{ASCII}]/u.test(name.normalize('NFKD').replace(/\p{M}/gu, ''))) {
    // Non-Latin names (日本株) would slug to nothing or collide: their code points make the id.
    const code = [...name.toLowerCase()].map((c) => (c.codePointAt(0) ?? 0).toString(36)).join('-');
    return `${kind}:${[slug, code].filter(Boolean).join('-')}`.slice(0, 80).replace(/-+$/, '');
  }
  return `${kind}:${slug}`.slice(0, 80).replace(/-+$/, '');
}
