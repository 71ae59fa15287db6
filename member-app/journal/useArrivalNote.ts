import { useNavigate } from '@tanstack/react-router';
import { type RefObject, useEffect, useRef } from 'react';
import type { NoteSummary } from '../../functions/_lib/contract/index.ts';
import { unsavedNewDrafts } from './drafts.ts';
import type { JournalSearch } from './journal-search.ts';
import { videoNote } from './new-notes.ts';
import type { NoteLifecycle } from './useNoteLifecycle.ts';

/**
 * Which note opens, once the notes have come. docs/product.md §4 Note lifecycle, on arrival: from a
 * video, a prefilled note that embeds it; else the draft of a note never saved (restored after a
 * crash or reload), the note a link focuses (a symbol's or a day's newest, or the one named), the
 * newest note, or a blank one. Later, a link to another symbol or day opens its note the same way.
 */
export function useArrivalNote({
  search,
  life,
  notes,
  focusKey,
  handled,
}: {
  search: JournalSearch;
  life: Pick<NoteLifecycle, 'startNew' | 'show' | 'open' | 'current'>;
  notes: { pending: boolean; stored: NoteSummary[]; source: NoteSummary[]; ready: boolean };
  focusKey: string | null;
  /** The focus key already acted on. */
  handled: RefObject<string | null>;
}) {
  const navigate = useNavigate({ from: '/journal' });
  const { startNew, show, open, current } = life;
  const { video, videoTitle } = search;
  const newest = notes.stored[0]?.note_id;
  const focusNote = focusKey
    ? (notes.source.find((n) => n.note_id === search.note) ?? notes.source[0])?.note_id
    : undefined;
  const focusReady = notes.ready;

  const arrived = useRef(false);
  useEffect(() => {
    if (arrived.current || notes.pending || (focusKey && !focusReady)) return;
    arrived.current = true;
    if (video) {
      startNew(videoNote(video, videoTitle ?? ''), true);
      void navigate({ search: { saved: false }, replace: true });
      return;
    }
    const [draft] = unsavedNewDrafts();
    if (draft) return show(draft);
    const first = focusNote ?? newest;
    if (first) void open(first);
    else startNew();
  }, [
    notes.pending,
    newest,
    video,
    videoTitle,
    startNew,
    show,
    open,
    navigate,
    focusKey,
    focusReady,
    focusNote,
  ]);

  // Another symbol or day picked from a link while here: its newest note opens, unless the open
  // one has unsaved changes (its draft is kept either way).
  useEffect(() => {
    if (!arrived.current || !focusReady || handled.current === focusKey) return;
    handled.current = focusKey;
    if (focusNote && !current.current?.dirty) void open(focusNote);
  }, [focusKey, focusReady, focusNote, open, current, handled]);
}
