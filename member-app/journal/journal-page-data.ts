import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { ApiRequest, Category, Note, NoteSummary } from '../../functions/_lib/contract/index.ts';
import { callApi } from '../api/client.ts';
import { categoriesQuery, type NotesPage, notesQuery } from './journal-data.ts';

/**
 * The journal page's own reads (a note's body, filtered and searched lists) and the writes that
 * keep the cached lists in step, keyed under ['journal', …] like those in journal-data.ts. Loaded
 * with the page, not in the app's first load.
 */
export const noteQuery = (noteId: string) =>
  queryOptions({
    queryKey: ['journal', 'note', noteId],
    queryFn: async () => (await callApi('journal/metadata', { note_id: noteId })).note,
  });

/** The notes behind a sidebar filter: a symbol or a category. */
export type NoteFilter = { symbol: string } | { category_id: string };

export const filteredNotesQuery = (filter: NoteFilter) =>
  queryOptions({
    queryKey: ['journal', 'filtered', filter],
    queryFn: async () =>
      'symbol' in filter
        ? (await callApi('journal/symbols/notes', { symbol: filter.symbol })).notes
        : (await callApi('journal/categories/notes', { category_id: filter.category_id })).notes,
  });

/**
 * Beyond the brief: the notes last saved in a window (a market-time day, from the trade journal's
 * calendar and round trips): the first 99, newest first.
 */
export const savedInQuery = (window: { from: number; to: number }) =>
  queryOptions({
    queryKey: ['journal', 'filtered', { saved: window }],
    queryFn: async () => (await callApi('journal/notes', window)).notes,
  });

/** Beyond the brief: the member's notes whose title or text holds every word of the query. */
export const searchQuery = (query: string) =>
  queryOptions({
    queryKey: ['journal', 'filtered', { search: query }],
    queryFn: async () => (await callApi('journal/search', { query })).notes,
  });

/** All loaded summaries, newest saved first. */
export const loadedNotes = (pages: NotesPage[] | undefined): NoteSummary[] =>
  pages?.flatMap((p) => p.notes) ?? [];

export type SaveNoteInput = ApiRequest<'journal/notes/update'>;

/**
 * After a save: the list shows the note first with its new version, the opened note's cache holds
 * what was saved, and the indexes (symbols, filtered lists) are asked again.
 */
export function noteSaved(client: QueryClient, saved: NoteSummary, body: string): void {
  client.setQueryData(notesQuery.queryKey, (data) => {
    if (!data) return data;
    const existed = data.pages.some((p) => p.notes.some((n) => n.note_id === saved.note_id));
    const pages = data.pages.map((p, i) => ({
      ...p,
      total: p.total + (existed ? 0 : 1),
      notes: [...(i === 0 ? [saved] : []), ...p.notes.filter((n) => n.note_id !== saved.note_id)],
    }));
    return { ...data, pages };
  });
  client.setQueryData(noteQuery(saved.note_id).queryKey, { ...saved, body } satisfies Note);
  void client.invalidateQueries({ queryKey: ['journal', 'symbols'] });
  void client.invalidateQueries({ queryKey: ['journal', 'filtered'] });
}

/** After a delete: gone from every list at once; indexes asked again. */
export function noteDeleted(client: QueryClient, noteId: string): void {
  client.setQueryData(notesQuery.queryKey, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => {
            const notes = p.notes.filter((n) => n.note_id !== noteId);
            return { ...p, notes, total: p.total - (p.notes.length - notes.length) };
          }),
        }
      : data,
  );
  client.removeQueries({ queryKey: noteQuery(noteId).queryKey });
  void client.invalidateQueries({ queryKey: ['journal', 'symbols'] });
  void client.invalidateQueries({ queryKey: ['journal', 'filtered'] });
}

export const saveNote = (input: SaveNoteInput) => callApi('journal/notes/update', input);
export const deleteNote = (noteId: string) => callApi('journal/notes/delete', { note_id: noteId });
export const putCategory = (category_id: string, category: string) =>
  callApi('journal/categories/update', { category_id, category });
export const deleteCategory = (category_id: string) =>
  callApi('journal/categories/update', { category_id, delete: 'true' });

/** A category list answer replaces the cached one; a deleted category also leaves the notes it was on. */
export function categoriesChanged(client: QueryClient, categories: Category[], deleted = false): void {
  client.setQueryData(categoriesQuery.queryKey, categories);
  if (!deleted) return;
  const known = new Set(categories.map((c) => c.category_id));
  client.setQueryData(notesQuery.queryKey, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            notes: p.notes.map((n) => ({ ...n, categories: n.categories.filter((c) => known.has(c)) })),
          })),
        }
      : data,
  );
  void client.invalidateQueries({ queryKey: ['journal', 'note'] });
  void client.invalidateQueries({ queryKey: ['journal', 'filtered'] });
}
