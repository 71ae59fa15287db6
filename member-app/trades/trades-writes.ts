import type { QueryClient } from '@tanstack/react-query';
import type { ApiRequest, ImportedExecution } from '../../functions/_lib/contract/index.ts';
import { callApi } from '../api/client.ts';

/** The trade journal's writes (docs/product.md §7 /api/journal/trades/*), and how the cached lists follow them. */
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
