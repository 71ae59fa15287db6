import type { MembershipGate } from '../billing/gate.ts';
import type { Note, NoteSummary } from '../contract/index.ts';
import type { Deps } from '../deps.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { flatEntries } from '../store.ts';
import { csv, fromCsv, journalKeys } from './keys.ts';
import { cleanSymbols, MAX_BODY_BYTES, MAX_NOTES, NOTES_PAGE_SIZE, noteTitleError } from './rules.ts';
import { sanitizeNoteBody } from './sanitize.ts';
import { DELETE_NOTE, SAVE_NOTE } from './scripts.ts';

type Store = Deps['store'];
/** What another tab or device may change between our read and our write: read again this often. */
const ATTEMPTS = 3;
const SUMMARY_FIELDS = ['title', 'timestamp', 'symbols', 'categories'] as const;

export interface NoteInput {
  note_id: string;
  title: string;
  body: string;
  basedOn?: number | null | undefined;
  symbols?: string[] | undefined;
  categories?: string[] | undefined;
}

/** SPEC §7 journal/notes: a page of 99, newest saved first, in two round trips. */
export async function listNotes(
  deps: Pick<Deps, 'store'>,
  gate: MembershipGate,
  page = 0,
): Promise<{ notes: NoteSummary[]; more: boolean; total: number }> {
  const key = journalKeys.notes(gate.caller.sub);
  const start = page * NOTES_PAGE_SIZE;
  const [ids, total] = await gate.exec<[string[], number]>(
    gate
      .pipeline()
      .zrange(key, start, start + NOTES_PAGE_SIZE - 1, { rev: true })
      .zcard(key),
  );
  return {
    notes: await readSummaries(deps.store, gate.caller.sub, ids),
    more: start + ids.length < total,
    total,
  };
}

/** SPEC §7 journal/metadata: one note with its body (one round trip). */
export async function readNote(gate: MembershipGate, noteId: string): Promise<{ note: Note }> {
  const [raw] = await gate.exec<[unknown]>(
    gate.pipeline().hgetall(journalKeys.note(gate.caller.sub, noteId)),
  );
  const note = toNote(noteId, Object.fromEntries(flatEntries(raw)));
  if (!note) throw notFound('No such note');
  return { note };
}

/**
 * SPEC §7 journal/notes/update: create or replace a note, its symbol index and its categories in
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
  const body = sanitizeNoteBody(input.body);
  if (Buffer.byteLength(body) > MAX_BODY_BYTES) {
    throw new HttpError(413, `This note is too long: a note holds at most ${MAX_BODY_BYTES / 1024} KB`);
  }
  const symbols = cleanSymbols(input.symbols ?? []);
  const categories = [...new Set(input.categories ?? [])];
  const { sub } = gate.caller;
  const noteKey = journalKeys.note(sub, input.note_id);

  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const pipe = attempt === 0 ? gate.pipeline() : deps.store.pipeline();
    pipe.hgetall(noteKey);
    const [raw] = attempt === 0 ? await gate.exec<[unknown]>(pipe) : ((await pipe.exec()) as [unknown]);
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

/** SPEC §7 journal/notes/delete: the note leaves the list, its symbols and its categories together. */
export async function deleteNote(
  deps: Pick<Deps, 'store'>,
  gate: MembershipGate,
  noteId: string,
): Promise<{ deleted: boolean }> {
  const { sub } = gate.caller;
  const noteKey = journalKeys.note(sub, noteId);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const pipe = (attempt === 0 ? gate.pipeline() : deps.store.pipeline()).hmget(noteKey, ...SUMMARY_FIELDS);
    const [raw] = attempt === 0 ? await gate.exec<[unknown]>(pipe) : ((await pipe.exec()) as [unknown]);
    const stored = toSummary(noteId, raw);
    if (!stored) return { deleted: false };
    const outcome = await deps.store.eval(
      DELETE_NOTE,
      [
        noteKey,
        journalKeys.notes(sub),
        journalKeys.symbols(sub),
        ...stored.symbols.map((s) => journalKeys.symbol(sub, s)),
        ...stored.categories.map((c) => journalKeys.category(sub, c)),
      ],
      [noteId, String(stored.timestamp), String(stored.symbols.length), ...stored.symbols],
    );
    if (outcome === 'ok') return { deleted: true };
    if (outcome === 'missing') return { deleted: false };
  }
  throw new HttpError(409, 'This note is being changed elsewhere; try again');
}

/** Notes by id (one pipeline of HMGETs, bodies left out), newest saved first; missing ones skipped. */
export async function readSummaries(
  store: Store,
  sub: string,
  ids: readonly string[],
): Promise<NoteSummary[]> {
  if (ids.length === 0) return [];
  const pipe = store.pipeline();
  for (const id of ids) pipe.hmget(journalKeys.note(sub, id), ...SUMMARY_FIELDS);
  const replies = (await pipe.exec()) as unknown[];
  return ids.flatMap((id, i) => toSummary(id, replies[i]) ?? []).sort((a, b) => b.timestamp - a.timestamp);
}

/** An HMGET reply of SUMMARY_FIELDS (a list, or an object from the SDK) as a summary; null when absent. */
function toSummary(noteId: string, reply: unknown): NoteSummary | null {
  const values = Array.isArray(reply)
    ? reply
    : reply && typeof reply === 'object'
      ? SUMMARY_FIELDS.map((f) => (reply as Record<string, unknown>)[f])
      : [];
  const [title, timestamp, symbols, categories] = values;
  if (typeof title !== 'string' || timestamp === null || timestamp === undefined) return null;
  return {
    note_id: noteId,
    title,
    timestamp: Number(timestamp),
    symbols: fromCsv(symbols),
    categories: fromCsv(categories),
  };
}

function toNote(noteId: string, hash: Record<string, string>): Note | null {
  const summary = toSummary(noteId, [hash.title, hash.timestamp, hash.symbols, hash.categories]);
  return summary ? { ...summary, body: hash.body ?? '' } : null;
}
