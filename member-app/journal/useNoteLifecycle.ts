import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { Note } from '../../functions/_lib/contract/index.ts';
import { ApiError } from '../api/client.ts';
import { type Draft, dropDraft, type NoteFields, unsavedNewDrafts } from './drafts.ts';
import { categoriesQuery } from './journal-data.ts';
import { deleteNote, noteDeleted, noteQuery, noteSaved, saveNote } from './journal-page-data.ts';
import { blankNote } from './new-notes.ts';
import { fromNote, useNoteEditing } from './useNoteEditing.ts';

/** The line under the note's title: why a save or delete failed. */
export type NoteStatus = { kind: 'error' | 'info'; text: string };

const UNAVAILABLE =
  'Saving failed: the service is temporarily unavailable. Your changes are kept on this device; try again in a moment.';

/**
 * docs/product.md §4 Note lifecycle: the open note (see useNoteEditing for its fields and draft),
 * the new notes not saved yet, Save with its failures and the two-tab conflict, and Delete with its
 * modal. The page only shows what this holds and calls its actions.
 */
export function useNoteLifecycle() {
  const client = useQueryClient();
  const ed = useNoteEditing();
  const { start, show, current } = ed;
  // New notes with words in them, never saved: listed (and kept as drafts) while another is open.
  const [locals, setLocals] = useState<Draft[]>(() => unsavedNewDrafts());
  const [status, setStatus] = useState<NoteStatus | null>(null);
  const [conflict, setConflict] = useState<Note | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const save = useMutation({ mutationFn: saveNote });
  const remove = useMutation({ mutationFn: deleteNote });

  /** A new local note; `dirty` when it already holds words (from a video), so it is kept and listed. */
  const startNew = useCallback(
    (fields: Omit<NoteFields, 'basedOn'> = blankNote(), dirty = false) => {
      start(fields, dirty);
      setStatus(null);
      if (dirty) setLocals((ls) => [{ ...fields, basedOn: null, at: Date.now() }, ...ls]);
    },
    [start],
  );

  const openNote = (noteId: string) => {
    setStatus(null);
    // A new note with words in it stays listed (its draft is kept) while another is open.
    const e = current.current;
    if (e && e.basedOn === null && e.dirty && !locals.some((l) => l.note_id === e.note_id)) {
      setLocals((ls) => [{ ...e, at: Date.now() }, ...ls]);
    }
    const local = locals.find((l) => l.note_id === noteId);
    if (local) show(local);
    else void ed.open(noteId);
  };

  /** Saves the open note, based on the version it was loaded from (or, keeping mine, on theirs). */
  const saveOpen = async (basedOn?: number | null) => {
    const e = current.current;
    if (!e) return;
    setStatus(null);
    const revision = e.revision;
    try {
      const { note } = await save.mutateAsync({
        note_id: e.note_id,
        title: e.title,
        body: e.body,
        symbols: e.symbols,
        categories: e.categories,
        basedOn: basedOn === undefined ? e.basedOn : basedOn,
        timestamp: Date.now(),
      });
      noteSaved(client, note, e.body);
      setLocals((ls) => ls.filter((l) => l.note_id !== note.note_id));
      ed.saved(note.note_id, note.timestamp, revision);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.body.conflict) {
        setConflict(error.body.conflict as Note);
      } else if (error instanceof ApiError && error.status < 500 && error.status !== 429) {
        setStatus({ kind: 'error', text: error.message });
        // A category deleted elsewhere: the sidebar and the checkboxes catch up.
        if (/category/i.test(error.message))
          void client.invalidateQueries({ queryKey: categoriesQuery.queryKey });
      } else {
        // Too many saves says so; anything else is the service's trouble, and the draft is kept.
        setStatus({
          kind: 'error',
          text: error instanceof ApiError && error.status === 429 ? error.message : UNAVAILABLE,
        });
      }
    }
  };

  /** The conflict modal's answers: save mine over theirs, or load theirs (my draft dropped). */
  const keepMine = () => {
    if (!conflict) return;
    setConflict(null);
    void saveOpen(conflict.timestamp);
  };
  const takeTheirs = () => {
    if (!conflict) return;
    setConflict(null);
    dropDraft(conflict.note_id);
    client.setQueryData(noteQuery(conflict.note_id).queryKey, conflict);
    show(fromNote(conflict), { preferDraft: false });
  };

  /**
   * The Delete Note modal's Delete: the stored note (if it was ever saved) and its draft go, and the
   * first other note of `listed` opens (a blank one when there is none).
   */
  const deleteOpen = async (listed: readonly { note_id: string }[]) => {
    const e = current.current;
    if (!e) return;
    try {
      if (e.basedOn !== null) {
        await remove.mutateAsync(e.note_id);
        noteDeleted(client, e.note_id);
      }
      dropDraft(e.note_id);
      setLocals((ls) => ls.filter((l) => l.note_id !== e.note_id));
      setConfirmingDelete(false);
      const next = listed.find((n) => n.note_id !== e.note_id);
      if (next) openNote(next.note_id);
      else startNew();
    } catch (error) {
      setConfirmingDelete(false);
      setStatus({
        kind: 'error',
        text: error instanceof ApiError && error.status < 500 ? error.message : UNAVAILABLE,
      });
    }
  };

  return {
    editing: ed.editing,
    /** The open note, read at the moment (for handlers and effects that must not re-run on edits). */
    current,
    openError: ed.openError,
    locals,
    status,
    saving: save.isPending,
    conflict,
    confirmingDelete,
    deleting: remove.isPending,
    startNew,
    show,
    open: ed.open,
    openNote,
    change: ed.change,
    changeBody: ed.changeBody,
    save: () => void saveOpen(),
    keepMine,
    takeTheirs,
    askDelete: () => setConfirmingDelete(true),
    cancelDelete: () => setConfirmingDelete(false),
    deleteOpen: (listed: readonly { note_id: string }[]) => void deleteOpen(listed),
  };
}

export type NoteLifecycle = ReturnType<typeof useNoteLifecycle>;
