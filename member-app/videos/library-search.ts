import type { QueryClient } from '@tanstack/react-query';
import type { Playlist, Tag } from '../../functions/_lib/contract/index.ts';
import type { RouterContext } from '../data/query-client.ts';
import { type ListSpec, libraryMetaQuery, videoListQuery } from './library-data.ts';

/** The library's filters in the address bar: ?search=…&tags=a,b (canonical tag names). */
export interface LibrarySearch {
  search?: string;
  tags?: string;
}

/** validateSearch for library routes (docs/product.md §5: an empty search clears the filter). */
export function librarySearch(search: Record<string, unknown>): LibrarySearch {
  const text = typeof search.search === 'string' ? search.search.trim().slice(0, 200) : '';
  const tags = typeof search.tags === 'string' ? tagList(search.tags) : [];
  return { ...(text ? { search: text } : {}), ...(tags.length ? { tags: tags.join(',') } : {}) };
}

export function tagList(tags: string | undefined): string[] {
  return [...new Set((tags ?? '').split(',').filter((t) => /^[a-z0-9-]{1,60}$/.test(t)))];
}

export const libraryDeps = ({ search }: { search: LibrarySearch }) => ({
  search: search.search ?? '',
  tags: search.tags ?? '',
});

export interface LibraryPage {
  playlists: Playlist[];
  tags: Tag[];
  /** The list to show; the loader has it in the query cache. */
  spec: ListSpec;
}

/** Everything a library page shows, requested in parallel (from the start-up cache when there). */
export async function loadLibraryPage(
  client: QueryClient,
  group: string,
  deps: { search: string; tags: string },
): Promise<LibraryPage> {
  const spec: ListSpec = { group, search: deps.search, tags: tagList(deps.tags) };
  const [meta] = await Promise.all([client.query(libraryMetaQuery), client.query(videoListQuery(spec))]);
  return { ...meta, spec };
}

/** docs/product.md §2: the essentials list, 20 a page; one definition for both of its addresses. */
export const essentialsRoute = {
  staticData: { title: 'Video Library', skeleton: 'heading tabs bar cards' as const },
  validateSearch: librarySearch,
  loaderDeps: libraryDeps,
  loader: ({ context, deps }: { context: RouterContext; deps: ReturnType<typeof libraryDeps> }) =>
    loadLibraryPage(context.queryClient, 'essentials', deps),
};
