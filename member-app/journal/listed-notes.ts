import type { NoteSummary } from '../../functions/_lib/contract/index.ts';
import { type Draft, draftIds } from './drafts.ts';
import type { ListedNote } from './NoteList.tsx';
import type { Editing } from './useNoteEditing.ts';

/**
 * The rows of the note list: the notes the page shows (`source`) with the open note's title as
 * typed and an unsaved mark where a draft waits; above them, unless the list is narrowed, the new
 * notes not saved yet (local drafts and the open one).
 */
export function listedNotes({
  source,
  stored,
  locals,
  editing,
  narrowed,
}: {
  source: NoteSummary[];
  stored: NoteSummary[];
  locals: Draft[];
  editing: Editing | null;
  narrowed: boolean;
}): ListedNote[] {
  const drafts = draftIds();
  const current = editing?.note_id;
  const titleOf = (n: { note_id: string; title: string }) =>
    n.note_id === current && editing ? editing.title : n.title;
  const rows = source.map((n) => ({
    note_id: n.note_id,
    title: titleOf(n),
    timestamp: n.timestamp,
    symbols: n.symbols,
    unsaved: n.note_id === current ? Boolean(editing?.dirty) : drafts.has(n.note_id),
  }));
  if (narrowed) return rows;
  const storedIds = new Set(stored.map((n) => n.note_id));
  const openNew =
    editing && editing.basedOn === null && !locals.some((l) => l.note_id === editing.note_id)
      ? [editing]
      : [];
  const newOnes = [...locals, ...openNew]
    .filter((l) => !storedIds.has(l.note_id))
    .map((l) => ({ note_id: l.note_id, title: titleOf(l), timestamp: null, symbols: [], unsaved: true }));
  return [...newOnes, ...rows];
}
