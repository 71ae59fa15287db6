import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Note } from '../../functions/_lib/contract/index.ts';
import { MAX_NOTES, videoNoteTitle } from '../../functions/_lib/journal/rules.ts';
import { ApiError } from '../api/client.ts';
import { dayWindow, tradeTimeZone } from '../trades/time-zone.ts';
import { videoDetailQuery } from '../videos/library-data.ts';
import { ConflictModal, DeleteNoteModal } from './DeleteNoteModal.tsx';
import { type Draft, draftIds, dropDraft, unsavedNewDrafts } from './drafts.ts';
import { JournalHeading } from './JournalHeading.tsx';
import { JournalSidebar } from './JournalSidebar.tsx';
import { categoriesQuery, notesQuery, symbolsQuery } from './journal-data.ts';
import {
  deleteNote,
  filteredNotesQuery,
  loadedNotes,
  type NoteFilter,
  noteDeleted,
  noteQuery,
  noteSaved,
  savedInQuery,
  saveNote,
  searchQuery,
} from './journal-page-data.ts';
import { type ListedNote, NoteList } from './NoteList.tsx';
import { NotePane } from './NotePane.tsx';
import { fromNote, useNoteEditing } from './useNoteEditing.ts';
import './journal.css';
import { newId } from '../../functions/_lib/ids.ts';

/** docs/product.md §4 Route guards: the in-app prompt when leaving with unsaved changes. */
export const LEAVE_MESSAGE = "You haven't saved your changes yet. Are you sure you want to leave?";
// A symbol's round trips need the trade journal's matching code: loaded when a symbol is picked.
const SymbolTrades = lazy(() => import('./SymbolTrades.tsx'));
const UNAVAILABLE =
  'Saving failed: the service is temporarily unavailable. Your changes are kept on this device; try again in a moment.';

export interface JournalSearch {
  /** docs/product.md §4: `saved=false` in the address while there are unsaved changes. */
  saved?: false;
  video?: string;
  videoTitle?: string;
  /** Opens the journal on one symbol's notes and trades (links from the trade table). */
  symbol?: string;
  /** `YYYY-MM-DD` in market time: the notes last saved that day (the trade calendar, a round trip). */
  day?: string;
  /** The note to open among those listed. */
  note?: string;
}

/** `America/New_York` → `New York`. */
const zoneName = (zone: string) => (zone.split('/').pop() ?? zone).replaceAll('_', ' ');
const dayTitle = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

const attr = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const blank = () => ({ note_id: newId('note_'), title: '', body: '', symbols: [], categories: [] });

/** docs/product.md §2 Journal, for members: sidebars, the note list and the editor, with every lifecycle rule of §4. */
export function JournalPage({ search }: { search: JournalSearch }) {
  const client = useQueryClient();
  const navigate = useNavigate({ from: '/journal' });
  const notes = useInfiniteQuery(notesQuery);
  const categories = useQuery(categoriesQuery).data ?? [];
  const symbols = useQuery(symbolsQuery).data ?? [];
  const [filter, setFilter] = useState<NoteFilter | null>(search.symbol ? { symbol: search.symbol } : null);
  const [searchText, setSearchText] = useState('');
  const query = useDebounced(searchText.trim(), 250);
  const found = useQuery({
    ...searchQuery(query),
    enabled: query !== '',
    placeholderData: (previous) => previous,
  });
  const filtered = useQuery({ ...filteredNotesQuery(filter ?? { symbol: '' }), enabled: filter !== null });
  // A link from a round trip may name another symbol than the one picked here.
  useEffect(() => {
    if (search.symbol) setFilter({ symbol: search.symbol });
  }, [search.symbol]);
  const day = search.day ?? null;
  const dayRange = useMemo(() => (day ? dayWindow(day) : null), [day]);
  const savedIn = useQuery({
    ...savedInQuery(dayRange ?? { from: 0, to: 1 }),
    enabled: dayRange !== null && filter === null,
  });
  const ed = useNoteEditing();
  const [locals, setLocals] = useState<Draft[]>(() => unsavedNewDrafts());
  const [status, setStatus] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  const [conflict, setConflict] = useState<Note | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const save = useMutation({ mutationFn: saveNote });
  const remove = useMutation({ mutationFn: deleteNote });

  const stored = loadedNotes(notes.data?.pages);
  const total = notes.data?.pages[0]?.total ?? stored.length;
  const editing = ed.editing;
  // What the list shows of the stored notes: a search, a sidebar filter or everything, and within
  // it a day's when one is picked (a day alone is asked of the server: it may be long past).
  const inDay = <T extends { timestamp: number }>(list: T[]) =>
    dayRange ? list.filter((n) => n.timestamp >= dayRange.from && n.timestamp < dayRange.to) : list;
  const source = query
    ? inDay(found.data ?? [])
    : filter
      ? inDay(filtered.data ?? [])
      : dayRange
        ? (savedIn.data ?? [])
        : stored;
  const narrowed = Boolean(query || filter || dayRange);
  // Arriving on a symbol or a day (links from the trade journal) opens its newest note, or the one named.
  const focusKey = search.symbol || day ? `${search.symbol ?? ''}|${day ?? ''}|${search.note ?? ''}` : null;
  const focusReady = filter ? !filtered.isPending : dayRange ? !savedIn.isPending : true;
  const focusNote = focusKey
    ? (source.find((n) => n.note_id === search.note) ?? source[0])?.note_id
    : undefined;

  const startNew = useCallback(
    (fields = blank(), dirty = false) => {
      ed.start(fields, dirty);
      setStatus(null);
      if (dirty) setLocals((ls) => [{ ...fields, basedOn: null, at: Date.now() }, ...ls]);
    },
    [ed.start],
  );

  // docs/product.md §4 Note lifecycle, on arrival: from a video, a prefilled note that embeds it; else the
  // draft of a note never saved (restored after a crash or reload), the newest note, or a blank one.
  const arrived = useRef(false);
  const focused = useRef(focusKey);
  useEffect(() => {
    if (arrived.current || notes.isPending || (focusKey && !focusReady)) return;
    arrived.current = true;
    if (search.video) {
      const title = search.videoTitle ?? '';
      startNew(
        {
          ...blank(),
          title: videoNoteTitle(title),
          body: `<div data-video="${attr(search.video)}" data-title="${attr(title)}"></div><p></p>`,
        },
        true,
      );
      void navigate({ search: { saved: false }, replace: true });
      return;
    }
    const [draft] = unsavedNewDrafts();
    if (draft) return ed.show(draft);
    const newest = focusNote ?? loadedNotes(notes.data?.pages)[0]?.note_id;
    if (newest) void ed.open(newest);
    else startNew();
  }, [
    notes.isPending,
    notes.data,
    search.video,
    search.videoTitle,
    startNew,
    ed.show,
    ed.open,
    navigate,
    focusKey,
    focusReady,
    focusNote,
  ]);

  // Another symbol or day picked from a link while here: its newest note opens, unless the open
  // one has unsaved changes (its draft is kept either way).
  useEffect(() => {
    if (!arrived.current || !focusReady || focused.current === focusKey) return;
    focused.current = focusKey;
    if (focusNote && !ed.current.current?.dirty) void ed.open(focusNote);
  }, [focusKey, focusReady, focusNote, ed.open, ed.current]);

  // docs/product.md §4: the address says `saved=false` while there are unsaved changes.
  const dirty = Boolean(editing?.dirty);
  useEffect(() => {
    if ((search.saved === false) === dirty) return;
    void navigate({
      search: ({ saved: _saved, ...rest }) => (dirty ? { ...rest, saved: false as const } : rest),
      replace: true,
    });
  }, [dirty, search.saved, navigate]);

  useBlocker({
    shouldBlockFn: ({ current, next }) => {
      if (next.pathname === current.pathname) return false;
      if ((current.search as JournalSearch).saved !== false) return false;
      return !window.confirm(LEAVE_MESSAGE);
    },
    // The browser's own leave warning while unsaved (docs/product.md §4 'Sure?'; browsers show their own words).
    enableBeforeUnload: () => Boolean(ed.current.current?.dirty),
  });

  const resolveVideo = useCallback(
    async (id: string) => {
      try {
        const video = await client.query(videoDetailQuery(id));
        return { id: video.id, title: video.title };
      } catch {
        return null;
      }
    },
    [client],
  );

  const doSave = async (basedOn?: number | null) => {
    const e = ed.current.current;
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
        if (/category/i.test(error.message))
          void client.invalidateQueries({ queryKey: categoriesQuery.queryKey });
      } else {
        setStatus({
          kind: 'error',
          text: error instanceof ApiError && error.status === 429 ? error.message : UNAVAILABLE,
        });
      }
    }
  };

  const listed: ListedNote[] = (() => {
    const drafts = draftIds();
    const current = editing?.note_id;
    const rows = source.map((n) => ({
      note_id: n.note_id,
      title: n.note_id === current && editing ? editing.title : n.title,
      timestamp: n.timestamp,
      symbols: n.symbols,
      unsaved: n.note_id === current ? dirty : drafts.has(n.note_id),
    }));
    const storedIds = new Set(stored.map((n) => n.note_id));
    const newOnes = narrowed
      ? []
      : [
          ...locals,
          ...(editing && editing.basedOn === null && !locals.some((l) => l.note_id === editing.note_id)
            ? [editing]
            : []),
        ]
          .filter((l) => !storedIds.has(l.note_id))
          .map((l) => ({
            note_id: l.note_id,
            title: l.note_id === current && editing ? editing.title : l.title,
            timestamp: null,
            symbols: [],
            unsaved: true,
          }));
    return [...newOnes, ...rows];
  })();

  const openNote = (noteId: string) => {
    setStatus(null);
    // A new note with words in it stays listed (its draft is kept) while another is open.
    const e = ed.current.current;
    if (e && e.basedOn === null && e.dirty && !locals.some((l) => l.note_id === e.note_id)) {
      setLocals((ls) => [{ ...e, at: Date.now() }, ...ls]);
    }
    const local = locals.find((l) => l.note_id === noteId);
    if (local) ed.show(local);
    else void ed.open(noteId);
  };

  const openNext = (gone: string) => {
    const next = listed.find((n) => n.note_id !== gone);
    if (next) openNote(next.note_id);
    else startNew();
  };

  const doDelete = async () => {
    const e = ed.current.current;
    if (!e) return;
    try {
      if (e.basedOn !== null) {
        await remove.mutateAsync(e.note_id);
        noteDeleted(client, e.note_id);
      }
      dropDraft(e.note_id);
      setLocals((ls) => ls.filter((l) => l.note_id !== e.note_id));
      setConfirmingDelete(false);
      openNext(e.note_id);
    } catch (error) {
      setConfirmingDelete(false);
      setStatus({
        kind: 'error',
        text: error instanceof ApiError && error.status < 500 ? error.message : UNAVAILABLE,
      });
    }
  };

  return (
    <section className="member-page journal" aria-labelledby="page-title">
      <JournalHeading />
      <div className="journal-layout">
        <JournalSidebar categories={categories} symbols={symbols} filter={filter} onFilter={setFilter} />
        <div className="journal-column">
          {day && (
            <p className="journal-day" aria-live="polite">
              <span>
                Saved on <strong>{dayTitle(day)}</strong>{' '}
                {/* The day is the trade journal's (market time), which may not be this device's. */}
                <span className="muted">({zoneName(tradeTimeZone())} time)</span>
              </span>
              <button
                type="button"
                className="journal-filter__delete"
                aria-label="Show notes from every day"
                onClick={() => void navigate({ search: ({ day: _day, note: _note, ...rest }) => rest })}
              >
                ×
              </button>
            </p>
          )}
          <NoteList
            notes={listed}
            selected={editing?.note_id ?? null}
            canCreate={total + locals.length < MAX_NOTES}
            onCreate={() => startNew()}
            onSelect={openNote}
            search={searchText}
            onSearch={setSearchText}
            empty={dayRange ? `No notes saved on ${dayTitle(day ?? '')}.` : undefined}
            more={
              narrowed
                ? null
                : {
                    has: Boolean(notes.hasNextPage),
                    loading: notes.isFetchingNextPage,
                    load: () => void notes.fetchNextPage(),
                  }
            }
          />
          {filter && 'symbol' in filter && (
            <Suspense fallback={<p className="muted">Loading trades…</p>}>
              <SymbolTrades
                symbol={filter.symbol}
                day={day}
                onOpen={({ symbol, day: picked }) =>
                  void (picked
                    ? navigate({ search: ({ note: _note, ...rest }) => ({ ...rest, symbol, day: picked }) })
                    : navigate({ to: '/trades', search: { symbol } as never }))
                }
              />
            </Suspense>
          )}
        </div>
        {editing ? (
          <NotePane
            editing={editing}
            categories={categories}
            onChange={ed.change}
            onBodyChange={ed.changeBody}
            onSave={() => void doSave()}
            onDelete={() => setConfirmingDelete(true)}
            saving={save.isPending}
            status={status}
            resolveVideo={resolveVideo}
          />
        ) : (
          <section className="journal-pane card" aria-label="Note">
            <p className="muted">{ed.openError ?? 'Opening…'}</p>
          </section>
        )}
      </div>
      {confirmingDelete && editing && (
        <DeleteNoteModal
          title={editing.title.trim() || 'this note'}
          busy={remove.isPending}
          onConfirm={() => void doDelete()}
          onClose={() => setConfirmingDelete(false)}
        />
      )}
      {conflict && (
        <ConflictModal
          theirs={conflict}
          onKeepMine={() => {
            setConflict(null);
            void doSave(conflict.timestamp);
          }}
          onUseTheirs={() => {
            setConflict(null);
            dropDraft(conflict.note_id);
            client.setQueryData(noteQuery(conflict.note_id).queryKey, conflict);
            ed.show(fromNote(conflict), { preferDraft: false });
          }}
        />
      )}
    </section>
  );
}

/** `value`, once it has stopped changing for `ms` (the search asks the server as the member pauses). */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
