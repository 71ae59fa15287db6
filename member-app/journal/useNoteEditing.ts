import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Note } from '../../functions/_lib/contract/index.ts';
import { dropDraft, keepDraft, type NoteFields, readDraft } from './drafts.ts';
import { noteQuery } from './journal-page-data.ts';

/** The note open in the editor: what a save would send, and whether it differs from the stored one. */
export interface Editing extends NoteFields {
  /** Unsaved changes (docs/product.md §4: the indicator, the leave warning, `saved=false`). */
  dirty: boolean;
  /** Bumped on every change: a save only clears `dirty` if nothing changed while it was sent. */
  revision: number;
  /** Bumped when the editor must load other content (another note, the stored version). */
  load: number;
}

export type { NoteFields };

let loads = 0;
export const fromNote = (note: Note): NoteFields => ({
  note_id: note.note_id,
  title: note.title,
  body: note.body,
  symbols: note.symbols,
  categories: note.categories,
  basedOn: note.timestamp,
});

/**
 * Opening, editing and the local draft of one note at a time. Every change is also kept as a draft
 * in the browser (debounced), so a crash or reload restores it with the unsaved indicator on.
 */
export function useNoteEditing() {
  const client = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);
  const current = useRef(editing);
  current.current = editing;

  /** Shows these fields; a draft of the same note (newer local edits) wins, marked unsaved. */
  const show = useCallback((fields: NoteFields, { preferDraft = true } = {}) => {
    const draft = preferDraft ? readDraft(fields.note_id) : null;
    loads += 1;
    setEditing(
      draft
        ? { ...draft, dirty: true, revision: 0, load: loads }
        : { ...fields, dirty: false, revision: 0, load: loads },
    );
  }, []);

  /** A new local note (docs/product.md §4: 'New Journal Entry', unsaved until saved). */
  const start = useCallback((fields: Omit<NoteFields, 'basedOn'>, dirty = false) => {
    loads += 1;
    setEditing({ ...fields, basedOn: null, dirty, revision: 0, load: loads });
    if (dirty) keepDraft({ ...fields, basedOn: null });
  }, []);

  /** Opens a stored note: its draft at once if there is one, else the stored version (read if needed). */
  const open = useCallback(
    async (noteId: string) => {
      setOpenError(null);
      const draft = readDraft(noteId);
      if (draft) return show(draft);
      setOpening(noteId);
      try {
        show(fromNote(await client.query(noteQuery(noteId))));
      } catch (error) {
        console.warn('Could not open the note', error);
        setOpenError('This note could not be opened. Try again.');
      } finally {
        setOpening((id) => (id === noteId ? null : id));
      }
    },
    [client, show],
  );

  const change = useCallback((patch: Partial<NoteFields>) => {
    setEditing((e) => (e ? { ...e, ...patch, dirty: true, revision: e.revision + 1 } : e));
  }, []);

  /** The editor reports every change, also selection moves: only a different text is an edit. */
  const changeBody = useCallback((body: string, symbols: string[]) => {
    setEditing((e) =>
      e && e.body !== body ? { ...e, body, symbols, dirty: true, revision: e.revision + 1 } : e,
    );
  }, []);

  /** After a save of `revision`: the new version; still unsaved if the member typed on meanwhile. */
  const saved = useCallback((noteId: string, timestamp: number, revision: number) => {
    setEditing((e) => {
      if (!e || e.note_id !== noteId) return e;
      const clean = e.revision === revision;
      if (clean) dropDraft(noteId);
      return { ...e, basedOn: timestamp, dirty: !clean };
    });
  }, []);

  // Keep the draft a moment after the last keystroke (and when the tab is hidden or closed).
  useEffect(() => {
    if (!editing?.dirty) return;
    const { note_id, title, body, symbols, categories, basedOn } = editing;
    const keep = () => keepDraft({ note_id, title, body, symbols, categories, basedOn });
    const timer = setTimeout(keep, 300);
    window.addEventListener('pagehide', keep);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pagehide', keep);
    };
  }, [editing]);

  return { editing, current, opening, openError, show, start, open, change, changeBody, saved, setEditing };
}
