import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { NoteSummary } from '../../functions/_lib/contract/index.ts';
import { callApi } from '../api/client.ts';

/**
 * The journal's data (docs/product.md §7 /api/journal/*): one query per call, keyed under ['journal', …].
 * Here, what start-up and the route's loader ask for (in the app's first load); the page's own
 * reads and the writes that keep them in step are in journal-page-data.ts, loaded with the page.
 * Notes are small summaries in lists; a body is read when a note is opened.
 */
export type NotesPage = { notes: NoteSummary[]; more: boolean; total: number };

/** docs/product.md §4: more notes load after 99 (pages from 0, newest saved first). */
export const notesQuery = infiniteQueryOptions({
  queryKey: ['journal', 'notes'],
  queryFn: ({ pageParam }) => callApi('journal/notes', pageParam === 0 ? {} : { page: pageParam }),
  initialPageParam: 0,
  getNextPageParam: (last: NotesPage, pages) => (last.more ? pages.length : undefined),
});

export const categoriesQuery = queryOptions({
  queryKey: ['journal', 'categories'],
  queryFn: async () => (await callApi('journal/categories')).categories,
});

export const symbolsQuery = queryOptions({
  queryKey: ['journal', 'symbols'],
  queryFn: async () => (await callApi('journal/symbols')).symbols,
});

/** docs/product.md §4 start-up: the first page of notes (and the sidebars) load with everything else, at once. */
export function loadJournal(client: QueryClient) {
  return Promise.all([
    client.infiniteQuery(notesQuery),
    client.query(categoriesQuery),
    client.query(symbolsQuery),
  ]);
}
