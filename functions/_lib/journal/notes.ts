import type { MembershipGate } from '../billing/gate.ts';
import type { Note, NoteSummary } from '../contract/index.ts';
import type { Deps } from '../deps.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { foldTitle } from '../library/records.ts';
import { flatEntries } from '../store.ts';
import { fromCsv, journalKeys } from './keys.ts';
import { EXPORT_PAGE_SIZE, NOTES_PAGE_SIZE } from './rules.ts';
import { DELETE_NOTE } from './scripts.ts';

type Store = Deps['store'];
/** What another tab or device may change between our read and our write: read again this often. */
export const ATTEMPTS = 3;
const SUMMARY_FIELDS = ['title', 'timestamp', 'symbols', 'categories'] as const;

/** Last saved in `[from, to)` (ms); either end may be open. */
export type SavedWindow = { from?: number | undefined; to?: number | undefined };

/**
 * docs/product.md §7 journal/notes: a page of 99, newest saved first, in two round trips. With a window, the
 * notes last saved in it (the list's score is that time, so the index pages itself).
 */
export async function listNotes(
  deps: Pick<Deps, 'store'>,
  gate: MembershipGate,
  page = 0,
  window: SavedWindow = {},
): Promise<{ notes: NoteSummary[]; more: boolean; total: number }> {
  const key = journalKeys.notes(gate.caller.sub);
  const start = page * NOTES_PAGE_SIZE;
  const windowed = window.from !== undefined || window.to !== undefined;
  // `(` makes the upper end exclusive: a note saved at midnight belongs to the next day.
  const max = window.to === undefined ? '+inf' : (`(${window.to}` as const);
  const min = window.from ?? '-inf';
  const pipe = gate.pipeline();
  const [ids, total] = await gate.exec<[string[], number]>(
    windowed
      ? pipe
          .zrange(key, max, min, { byScore: true, rev: true, offset: start, count: NOTES_PAGE_SIZE })
          .zcount(key, min, max)
      : pipe.zrange(key, start, start + NOTES_PAGE_SIZE - 1, { rev: true }).zcard(key),
  );
  return {
    notes: await readSummaries(deps.store, gate.caller.sub, ids),
    more: start + ids.length < total,
    total,
  };
}

/**
 * Beyond the brief: the notes whose title or text holds every word of `query` (case and accents
 * ignored), newest saved first. Two round trips: the ids, then each note's title and folded text.
 */
export async function searchNotes(
  deps: Pick<Deps, 'store'>,
  gate: MembershipGate,
  query: string,
): Promise<{ notes: NoteSummary[] }> {
  const words = foldTitle(query).split(' ').filter(Boolean);
  const { sub } = gate.caller;
  const [ids] = await gate.exec<[string[]]>(
    gate.pipeline().zrange(journalKeys.notes(sub), 0, -1, { rev: true }),
  );
  if (words.length === 0 || ids.length === 0) return { notes: [] };
  const pipe = deps.store.pipeline();
  for (const id of ids) pipe.hmget(journalKeys.note(sub, id), ...SUMMARY_FIELDS, 'text');
  const replies = (await pipe.exec()) as unknown[];
  return {
    notes: ids.flatMap((id, i) => {
      const summary = toSummary(id, replies[i]);
      const text = fieldAt(replies[i], 'text', SUMMARY_FIELDS.length);
      const haystack = `${foldTitle(summary?.title ?? '')} ${text}`;
      return summary && words.every((w) => haystack.includes(w)) ? [summary] : [];
    }),
  };
}

/** One field of an HMGET reply, which the SDK gives as a list (raw) or an object. */
function fieldAt(reply: unknown, field: string, index: number): string {
  const value = Array.isArray(reply) ? reply[index] : (reply as Record<string, unknown> | null)?.[field];
  return typeof value === 'string' ? value : '';
}

/** The member's export: 25 notes with their bodies a page, newest saved first (two round trips). */
export async function exportNotes(
  deps: Pick<Deps, 'store'>,
  gate: MembershipGate,
  page = 0,
): Promise<{ notes: Note[]; more: boolean }> {
  const { sub } = gate.caller;
  const key = journalKeys.notes(sub);
  const start = page * EXPORT_PAGE_SIZE;
  const [ids, total] = await gate.exec<[string[], number]>(
    gate
      .pipeline()
      .zrange(key, start, start + EXPORT_PAGE_SIZE - 1, { rev: true })
      .zcard(key),
  );
  if (ids.length === 0) return { notes: [], more: false };
  const pipe = deps.store.pipeline();
  for (const id of ids) pipe.hgetall(journalKeys.note(sub, id));
  const hashes = (await pipe.exec()) as unknown[];
  return {
    notes: ids.flatMap((id, i) => toNote(id, Object.fromEntries(flatEntries(hashes[i]))) ?? []),
    more: start + ids.length < total,
  };
}

/** docs/product.md §7 journal/metadata: one note with its body (one round trip). */
export async function readNote(gate: MembershipGate, noteId: string): Promise<{ note: Note }> {
  const [raw] = await gate.exec<[unknown]>(
    gate.pipeline().hgetall(journalKeys.note(gate.caller.sub, noteId)),
  );
  const note = toNote(noteId, Object.fromEntries(flatEntries(raw)));
  if (!note) throw notFound('No such note');
  return { note };
}

/** docs/product.md §7 journal/notes/delete: the note leaves the list, its symbols and its categories together. */
export async function deleteNote(
  deps: Pick<Deps, 'store'>,
  gate: MembershipGate,
  noteId: string,
): Promise<{ deleted: boolean }> {
  const { sub } = gate.caller;
  const noteKey = journalKeys.note(sub, noteId);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const [raw] = await gate.read<[unknown]>((pipe) => pipe.hmget(noteKey, ...SUMMARY_FIELDS));
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

export function toNote(noteId: string, hash: Record<string, string>): Note | null {
  const summary = toSummary(noteId, [hash.title, hash.timestamp, hash.symbols, hash.categories]);
  return summary ? { ...summary, body: hash.body ?? '' } : null;
}
