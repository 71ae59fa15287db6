import { uploadDate } from '../videos/format.ts';

export const NEW_NOTE_TITLE = 'New Journal Entry';

/** One row of the list: a stored note, or a local one not saved yet. */
export interface ListedNote {
  note_id: string;
  title: string;
  timestamp: number | null;
  symbols: string[];
  unsaved: boolean;
}

/** docs/product.md §2 Journal: the note list, newest first, with a search box and 'More notes' after 99. */
export function NoteList({
  notes,
  selected,
  canCreate,
  onCreate,
  onSelect,
  more,
  search,
  onSearch,
  empty,
}: {
  notes: ListedNote[];
  selected: string | null;
  canCreate: boolean;
  onCreate: () => void;
  onSelect: (noteId: string) => void;
  more: { has: boolean; loading: boolean; load: () => void } | null;
  /** The search box: the page searches titles and text on the server and lists what matches. */
  search: string;
  onSearch: (search: string) => void;
  /** What an empty list says (a day's notes). */
  empty?: string | undefined;
}) {
  const searching = search.trim() !== '';
  const shown = notes;
  return (
    <section className="journal-list" aria-labelledby="notes-heading">
      <div className="journal-list__head">
        <h2 id="notes-heading">Notes</h2>
        {/* docs/product.md §4: creating is hidden once the list reaches 1000 notes. */}
        {canCreate && (
          <button type="button" className="btn btn-primary" onClick={onCreate}>
            New Journal Entry
          </button>
        )}
      </div>
      <label className="journal-search">
        <span className="visually-hidden">Search notes</span>
        <input
          type="search"
          placeholder="Search notes"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
        />
      </label>
      <ul aria-label="Notes" className="journal-notes">
        {shown.map((note) => (
          <li key={note.note_id}>
            <button
              type="button"
              className="journal-note"
              aria-current={note.note_id === selected ? 'true' : undefined}
              onClick={() => onSelect(note.note_id)}
            >
              <span className="journal-note__title">{note.title.trim() || NEW_NOTE_TITLE}</span>
              <span className="journal-note__meta muted">
                {note.unsaved ? <span className="journal-unsaved-dot">Unsaved</span> : null}
                {note.timestamp ? uploadDate(note.timestamp) : ''}
                {note.symbols.length ? ` · ${note.symbols.map((s) => `$${s}`).join(' ')}` : ''}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {shown.length === 0 && (
        <p className="muted">{searching ? 'No note matches.' : (empty ?? 'No notes here yet.')}</p>
      )}
      {more?.has && (
        <button type="button" className="btn btn-ghost" disabled={more.loading} onClick={more.load}>
          {more.loading ? 'Loading…' : 'More notes'}
        </button>
      )}
    </section>
  );
}
