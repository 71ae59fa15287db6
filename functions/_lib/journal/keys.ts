/**
 * Where a member's journal lives in Redis (docs/journal.md, "Data model"). Every key is under the token subject's
 * namespace, so an id sent in a body can only ever name something of the caller's own.
 * Lists inside a note hash are comma-separated (ids and symbols never contain commas), so the
 * Lua scripts that keep the indexes consistent need no JSON.
 */
export const journalKeys = {
  /** ZSET score = last saved (ms) → note id: the list, newest first. */
  notes: (sub: string) => `u:${sub}:notes`,
  /** HASH title, body, timestamp, symbols (CSV), categories (CSV), text (folded words, for search). */
  note: (sub: string, noteId: string) => `u:${sub}:note:${noteId}`,
  /** SET of the symbols that have at least one note. */
  symbols: (sub: string) => `u:${sub}:symbols`,
  /** SET of the note ids that mention a symbol (docs/product.md §3 Symbol). */
  symbol: (sub: string, symbol: string) => `u:${sub}:sym:${symbol}`,
  /** HASH category id → name. */
  categories: (sub: string) => `u:${sub}:cats`,
  /** SET of the note ids in a category. */
  category: (sub: string, categoryId: string) => `u:${sub}:cat:${categoryId}`,
} as const;

export const csv = (items: readonly string[]) => items.join(',');
export const fromCsv = (value: unknown) =>
  typeof value === 'string' && value !== '' ? value.split(',') : [];
