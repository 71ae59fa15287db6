import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { MAX_NOTES } from '../../functions/_lib/journal/rules.ts';
import { ConflictModal } from './ConflictModal.tsx';
import { DayBanner } from './DayBanner.tsx';
import { DeleteNoteModal } from './DeleteNoteModal.tsx';
import { dayTitle } from './day-title.ts';
import { usePreloadNoteEditor } from './editor-loading.ts';
import { JournalHeading } from './JournalHeading.tsx';
import { JournalSidebar } from './JournalSidebar.tsx';
import { categoriesQuery, symbolsQuery } from './journal-data.ts';
import type { JournalSearch } from './journal-search.ts';
import { listedNotes } from './listed-notes.ts';
import { NoteList } from './NoteList.tsx';
import { NotePane } from './NotePane.tsx';
import { useArrivalNote } from './useArrivalNote.ts';
import { useJournalSelection } from './useJournalSelection.ts';
import { useNoteLifecycle } from './useNoteLifecycle.ts';
import { useNoteSource } from './useNoteSource.ts';
import { useResolveVideo } from './useResolveVideo.ts';
import { useUnsavedGuard } from './useUnsavedGuard.ts';
import './journal.css';

// A symbol's round trips need the trade journal's matching code: loaded when a symbol is picked.
const SymbolTrades = lazy(() => import('./SymbolTrades.tsx'));

/**
 * docs/product.md §2 Journal, for members: sidebars, the note list and the editor, with every
 * lifecycle rule of §4. A view: the address says what is shown (useJournalSelection), the notes
 * come from useNoteSource, and the open note's life is useNoteLifecycle's.
 */
export function JournalPage({ search }: { search: JournalSearch }) {
  const categories = useQuery(categoriesQuery).data ?? [];
  const symbols = useQuery(symbolsQuery).data ?? [];
  const selection = useJournalSelection(search);
  const { filter, day, dayRange } = selection;
  const notes = useNoteSource(filter, dayRange);
  const life = useNoteLifecycle();
  const { editing } = life;
  const resolveVideo = useResolveVideo();
  useArrivalNote({ search, life, notes, focusKey: selection.focusKey, handled: selection.handled });
  useUnsavedGuard(Boolean(editing?.dirty), search.saved, () => Boolean(life.current.current?.dirty));
  usePreloadNoteEditor();

  const listed = listedNotes({ ...notes, locals: life.locals, editing });
  return (
    <section className="member-page journal" aria-labelledby="page-title">
      <JournalHeading />
      <div className="journal-layout">
        <JournalSidebar
          categories={categories}
          symbols={symbols}
          filter={filter}
          onFilter={selection.pickFilter}
        />
        <div className="journal-column">
          {day && <DayBanner day={day} onClear={selection.clearDay} />}
          <NoteList
            notes={listed}
            selected={editing?.note_id ?? null}
            canCreate={notes.total + life.locals.length < MAX_NOTES}
            onCreate={() => life.startNew()}
            onSelect={life.openNote}
            search={notes.searchText}
            onSearch={notes.setSearchText}
            empty={day ? `No notes saved on ${dayTitle(day)}.` : undefined}
            more={notes.more}
          />
          {filter && 'symbol' in filter && (
            <Suspense fallback={<p className="muted">Loading trades…</p>}>
              <SymbolTrades symbol={filter.symbol} day={day} onOpen={selection.openTrades} />
            </Suspense>
          )}
        </div>
        {editing ? (
          <NotePane
            editing={editing}
            categories={categories}
            onChange={life.change}
            onBodyChange={life.changeBody}
            onSave={life.save}
            onDelete={life.askDelete}
            saving={life.saving}
            status={life.status}
            resolveVideo={resolveVideo}
          />
        ) : (
          <section className="journal-pane card" aria-label="Note">
            <p className="muted">{life.openError ?? 'Opening…'}</p>
          </section>
        )}
      </div>
      {life.confirmingDelete && editing && (
        <DeleteNoteModal
          title={editing.title.trim() || 'this note'}
          busy={life.deleting}
          onConfirm={() => life.deleteOpen(listed)}
          onClose={life.cancelDelete}
        />
      )}
      {life.conflict && (
        <ConflictModal theirs={life.conflict} onKeepMine={life.keepMine} onUseTheirs={life.takeTheirs} />
      )}
    </section>
  );
}
