import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { notesQuery } from './journal-data.ts';
import {
  filteredNotesQuery,
  loadedNotes,
  type NoteFilter,
  savedInQuery,
  searchQuery,
} from './journal-page-data.ts';
import { useDebounced } from './useDebounced.ts';

/**
 * The stored notes the list shows: a search, a sidebar filter or everything, and within it a day's
 * when one is picked (a day alone is asked of the server: it may be long past).
 */
export function useNoteSource(filter: NoteFilter | null, dayRange: { from: number; to: number } | null) {
  const notes = useInfiniteQuery(notesQuery);
  const [searchText, setSearchText] = useState('');
  const query = useDebounced(searchText.trim(), 250);
  const found = useQuery({
    ...searchQuery(query),
    enabled: query !== '',
    placeholderData: (previous) => previous,
  });
  const filtered = useQuery({ ...filteredNotesQuery(filter ?? { symbol: '' }), enabled: filter !== null });
  const savedIn = useQuery({
    ...savedInQuery(dayRange ?? { from: 0, to: 1 }),
    enabled: dayRange !== null && filter === null,
  });

  const stored = loadedNotes(notes.data?.pages);
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

  return {
    /** Every loaded note, newest saved first, and how many the journal holds. */
    stored,
    total: notes.data?.pages[0]?.total ?? stored.length,
    /** The first page of notes has not come yet. */
    pending: notes.isPending,
    source,
    narrowed,
    /** The filtered or day's list has come (a link's note can be picked from it). */
    ready: filter ? !filtered.isPending : dayRange ? !savedIn.isPending : true,
    searchText,
    setSearchText,
    /** docs/product.md §4: 'More notes' after 99, only on the whole list. */
    more: narrowed
      ? null
      : {
          has: Boolean(notes.hasNextPage),
          loading: notes.isFetchingNextPage,
          load: () => void notes.fetchNextPage(),
        },
  };
}
