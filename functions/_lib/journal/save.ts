import type { MembershipGate } from '../billing/gate.ts';
import type { NoteSummary } from '../contract/index.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { foldTitle } from '../library/records.ts';
import { flatEntries } from '../store.ts';
import { csv, journalKeys } from './keys.ts';
import { noteMarkupError } from './markup-guard.ts';
import { ATTEMPTS, toNote } from './notes.ts';
import { cleanSymbols, MAX_BODY_BYTES, MAX_NOTES, MAX_SEARCH_TEXT, noteTitleError } from './rules.ts';
import { loadSanitizer, sanitizeNoteBody } from './sanitize.ts';
import { SAVE_NOTE } from './scripts.ts';

// Its own module so that only the save function bundles the sanitizer.

export interface NoteInput {
  note_id: string;
  title: string;
  body: string;
  basedOn?: number | null | undefined;
  symbols?: string[] | undefined;
  categories?: string[] | undefined;
}

/**
 * docs/product.md §7 journal/notes/update: create or replace a note, its symbol index and its categories in
 * one script, after checking it is based on the stored version (409 with the stored one otherwise).
 * Two sequential round trips: the gate's pipeline (membership and the stored note), then the script.
 */
export async function saveNote(
  deps: Pick<Deps, 'store' | 'now'>,
  gate: MembershipGate,
  input: NoteInput,
): Promise<{ note: NoteSummary }> {
  const titleError = noteTitleError(input.title);
  if (titleError) throw new HttpError(400, titleError);
  const title = input.title.trim();
  tooLong(input.body);
  // Loads while the membership is read (a module, not the member's input).
  const sanitizerLoaded = loadSanitizer();
  sanitizerLoaded.catch(() => {}); // awaited below; a refusal before that must not leave it unhandled
  let body: string | undefined;
  const symbols = cleanSymbols(input.symbols ?? []);
  const categories = [...new Set(input.categories ?? [])];
  const { sub } = gate.caller;
  const noteKey = journalKeys.note(sub, input.note_id);

  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const [raw] = await gate.read<[unknown]>((pipe) => pipe.hgetall(noteKey));
    // Only now, with the membership and the rate limit judged by that read, is the body worked on.
    body ??= await cleanBody(input.body, sanitizerLoaded);
    const stored = toNote(input.note_id, Object.fromEntries(flatEntries(raw)));
    if (stored && stored.timestamp !== input.basedOn) {
      throw new HttpError(409, 'This note was changed in another tab or device', {}, { conflict: stored });
    }
    // The server's clock orders notes; a version is always newer than the one it replaces.
    const timestamp = Math.max(deps.now(), (stored?.timestamp ?? 0) + 1);
    const symbolKeys = [...new Set([...(stored?.symbols ?? []), ...symbols])];
    const categoryKeys = [...new Set([...(stored?.categories ?? []), ...categories])];
    const outcome = await deps.store.eval(
      SAVE_NOTE,
      [
        noteKey,
        journalKeys.notes(sub),
        journalKeys.symbols(sub),
        journalKeys.categories(sub),
        ...symbolKeys.map((s) => journalKeys.symbol(sub, s)),
        ...categoryKeys.map((c) => journalKeys.category(sub, c)),
      ],
      [
        input.note_id,
        stored ? String(stored.timestamp) : '',
        String(timestamp),
        title,
        body,
        String(MAX_NOTES),
        csv(symbols),
        csv(categories),
        String(symbolKeys.length),
        String(categoryKeys.length),
        ...symbolKeys,
        ...categoryKeys,
        searchText(title, body),
      ],
    );
    if (outcome === 'ok') return { note: { note_id: input.note_id, title, timestamp, symbols, categories } };
    if (outcome === 'limit') {
      throw new HttpError(
        422,
        `You have ${MAX_NOTES} notes, the most a journal holds. Delete one to add another.`,
      );
    }
    if (typeof outcome === 'string' && outcome.startsWith('category:')) {
      throw new HttpError(400, 'That category does not exist (it may have been deleted)');
    }
    // 'stale': saved or deleted elsewhere between our read and our write; read again.
  }
  throw new HttpError(409, 'This note is being changed elsewhere; try again');
}

const tooLong = (html: string): void => {
  if (Buffer.byteLength(html) > MAX_BODY_BYTES) {
    throw new HttpError(413, `This note is too long: a note holds at most ${MAX_BODY_BYTES / 1024} KB`);
  }
};

/**
 * The body as stored: refused in linear time when nested deeper than any note (markup-guard.ts), then
 * sanitized, and bounded again (sanitizing may lengthen it: `&` becomes `&amp;`).
 */
async function cleanBody(html: string, sanitizerLoaded: Promise<void>): Promise<string> {
  const problem = noteMarkupError(html);
  if (problem) throw new HttpError(400, problem);
  await sanitizerLoaded;
  const body = sanitizeNoteBody(html);
  tooLong(body);
  return body;
}

/** The words of a sanitized body (tags dropped, entities read), folded for search. */
function searchText(title: string, body: string): string {
  const words = body
    .replace(/<[^>]*>/g, ' ')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&nbsp;', ' ')
    .replaceAll('&amp;', '&');
  return foldTitle(`${title} ${words}`).slice(0, MAX_SEARCH_TEXT);
}
