import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import type { ApiRequest, Trade } from '../../functions/_lib/contract/index.ts';
import { callApi } from '../api/client.ts';

/**
 * The trade journal's data (docs/product.md §7 /api/journal/trades*): every trade of the member, page by page
 * (100 a page, newest executed first). The writes that keep the cache in step are in
 * trades-writes.ts, loaded with the page rather than in the app's first load.
 */
export type TradesPage = { trades: Trade[]; more: boolean; total: number };
export type TradeFilter = NonNullable<ApiRequest<'journal/trades'>['filter']>;

export const tradesQuery = (filter: TradeFilter | null = null) =>
  infiniteQueryOptions({
    queryKey: ['trades', 'list', filter],
    queryFn: ({ pageParam }) =>
      callApi('journal/trades', { ...(filter ? { filter } : {}), ...(pageParam ? { page: pageParam } : {}) }),
    initialPageParam: 0,
    getNextPageParam: (last: TradesPage, pages) => (last.more ? pages.length : undefined),
  });

/**
 * The route's first page; the page itself asks for the next ones until it has them all (the
 * statistics need every trade), one request each, as each answer arrives.
 */
export function loadTrades(client: QueryClient) {
  return client.infiniteQuery(tradesQuery());
}
