import { z } from 'zod';
import { CATEGORY_ID, MAX_BODY_BYTES, NOTE_ID } from '../journal/rules.ts';
import { Body, type ContractEntry, numeric } from './shared.ts';

const noteId = z.string().regex(NOTE_ID, 'use a note id (note_ and 16 letters or digits)');
const categoryId = z.string().regex(CATEGORY_ID, 'use a category id (category_ and 16 letters or digits)');
/** Symbols are filtered by the rules (invalid ones dropped, docs/product.md §5); this only bounds the input. */
const symbol = z.string().max(20);

/** docs/product.md §3 Category. */
export const Category = z.object({ category_id: z.string(), category: z.string() });
export type Category = z.infer<typeof Category>;

/** docs/product.md §3 Note as lists carry it: everything but the body. `timestamp`: last saved (ms), the version. */
export const NoteSummary = z.object({
  note_id: z.string(),
  title: z.string(),
  timestamp: z.number(),
  symbols: z.array(z.string()),
  categories: z.array(z.string()),
});
export type NoteSummary = z.infer<typeof NoteSummary>;

/** docs/product.md §3 Note with its body: sanitized HTML (functions/_lib/journal/sanitize.ts). */
export const Note = NoteSummary.extend({ body: z.string() });
export type Note = z.infer<typeof Note>;

/** docs/product.md §3 Symbol: a stock symbol and the notes that mention it. */
export const SymbolNotes = z.object({ symbol: z.string(), note_ids: z.array(z.string()) });
export type SymbolNotes = z.infer<typeof SymbolNotes>;

const notes = z.object({ notes: z.array(NoteSummary) });
const categories = z.object({ categories: z.array(Category) });

/** The notes journal (docs/product.md §7 /api/journal/*): members only, every key under the caller's namespace. */
export const journalApi = {
  /**
   * Newest saved first, 99 a page (`page` counts from 0); `total` lets the app hide 'New' at 1000.
   * Beyond the brief: `from`/`to` (ms, `from` inclusive, `to` exclusive) keep the notes last saved in
   * that window (a day of the trade calendar); `total` then counts the window's notes.
   */
  'journal/notes': {
    method: 'POST',
    request: Body.extend({
      page: numeric.pipe(z.number().int().min(0).max(1000)).optional(),
      from: z.number().int().min(0).optional(),
      to: z.number().int().min(0).optional(),
    }).refine((r) => r.from === undefined || r.to === undefined || r.from < r.to, {
      message: '`from` must be before `to`',
      path: ['to'],
    }),
    response: notes.extend({ more: z.boolean(), total: z.number() }),
  },
  /** One note with its body (docs/product.md §7: metadata → body, categories). */
  'journal/metadata': {
    method: 'POST',
    request: Body.extend({ note_id: noteId }),
    response: z.object({ note: Note }),
  },
  /**
   * Create or replace a note. `basedOn` is the `timestamp` of the stored version the edit started
   * from (null for a new note): when the stored note is newer the answer is 409 with that version
   * (`conflict`), never a silent overwrite. The server's clock sets the new `timestamp`; the
   * client's `timestamp` (docs/product.md §7) is accepted and ignored.
   */
  'journal/notes/update': {
    method: 'POST',
    request: Body.extend({
      note_id: noteId,
      title: z.string().max(1000),
      // The stored limit (in characters here, in UTF-8 bytes on the server, before and after sanitizing).
      body: z
        .string()
        .max(MAX_BODY_BYTES, `This note is too long: a note holds at most ${MAX_BODY_BYTES / 1024} KB`),
      basedOn: z.number().int().min(0).nullable().optional(),
      timestamp: z.number().optional(),
      symbols: z.array(symbol).max(200).optional(),
      categories: z.array(categoryId).max(100).optional(),
    }),
    response: z.object({ note: NoteSummary }),
  },
  'journal/notes/delete': {
    method: 'DELETE',
    request: Body.extend({ note_id: noteId }),
    response: z.object({ deleted: z.boolean() }),
  },
  /**
   * Beyond the brief: every note with its body, for the member's own export, 25 a page (a page stays
   * under the function's 6 MB answer limit even with the largest notes), newest saved first.
   */
  'journal/export': {
    method: 'POST',
    request: Body.extend({ page: numeric.pipe(z.number().int().min(0).max(1000)).optional() }),
    response: z.object({ notes: z.array(Note), more: z.boolean() }),
  },
  /** Beyond the brief: the notes whose title or text holds every word of `query` (case and accents ignored). */
  'journal/search': {
    method: 'POST',
    request: Body.extend({ query: z.string().max(200) }),
    response: notes,
  },
  /** Every symbol the member's notes mention, with those notes' ids. */
  'journal/symbols': {
    method: 'POST',
    request: Body,
    response: z.object({ symbols: z.array(SymbolNotes) }),
  },
  'journal/symbols/notes': {
    method: 'POST',
    request: Body.extend({ symbol }),
    response: notes,
  },
  'journal/categories': {
    method: 'POST',
    request: Body,
    response: categories,
  },
  'journal/categories/notes': {
    method: 'POST',
    request: Body.extend({ category_id: categoryId }),
    response: notes,
  },
  /** Create (or rename) `{ category_id, category }`, or delete `{ category_id, delete: 'true' }`; answers the new list. */
  'journal/categories/update': {
    method: 'POST',
    request: Body.extend({
      category_id: categoryId,
      category: z.string().max(200).optional(),
      delete: z.union([z.literal('true'), z.literal(true)]).optional(),
    }),
    response: categories,
  },
} as const satisfies Record<string, ContractEntry>;
