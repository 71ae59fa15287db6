import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import type { ApiRequest, ImportedExecution, Trade } from '../../functions/_lib/contract/index.ts';
import { callApi } from '../api/client.ts';

/**
 * The trade journal's data (SPEC §7 /api/journal/trades*): every trade of the member, page by page
 * (100 a page, newest executed first), and the writes that keep the cache in step.
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

export type SaveTradeInput = ApiRequest<'journal/trades/update'>;
export const saveTrade = (input: SaveTradeInput) => callApi('journal/trades/update', input);
export const deleteTrade = (tradeId: string) => callApi('journal/trades/delete', { trade_id: tradeId });
export const importBatch = (executions: ImportedExecution[]) =>
  callApi('journal/trades/import', { executions });

/** What importing a batch would add, writing nothing: the preview's duplicate count. */
export const checkBatch = (executions: ImportedExecution[]) =>
  callApi('journal/trades/import', { executions, dryRun: true });

/** After any trade write: every list is asked again (the order and statistics depend on all of them). */
export const tradesChanged = (client: QueryClient) => client.invalidateQueries({ queryKey: ['trades'] });
