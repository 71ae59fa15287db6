import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { savedInQuery } from '../journal/journal-page-data.ts';
import { dayWindow } from './time-zone.ts';

/**
 * The journal beside one day of trades (a calendar day, or a one-day filter): the notes saved that
 * day in market time, each opening in the journal, and a way to write one.
 */
export function DayNotes({ day }: { day: string }) {
  const range = useMemo(() => dayWindow(day), [day]);
  const notes = useQuery(savedInQuery(range));
  return (
    <section className="day-notes card" aria-labelledby="day-notes-title">
      <h3 id="day-notes-title">Journal notes on {day}</h3>
      {notes.isPending ? (
        <p className="muted">Loading…</p>
      ) : notes.isError ? (
        <p className="muted">The notes could not be loaded.</p>
      ) : notes.data.length === 0 ? (
        <p className="muted">No notes saved that day.</p>
      ) : (
        <ul>
          {notes.data.map((note) => (
            <li key={note.note_id}>
              <Link to="/journal" search={{ day, note: note.note_id }}>
                {note.title.trim() || 'Untitled note'}
              </Link>
              {note.symbols.length > 0 && (
                <span className="muted"> {note.symbols.map((s) => `$${s}`).join(' ')}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <Link to="/journal" search={{ day }} className="link-button">
        Open that day in the journal
      </Link>
    </section>
  );
}
