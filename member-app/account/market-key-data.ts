import { queryOptions } from '@tanstack/react-query';
import type { ApiResponse } from '../../functions/_lib/contract/index.ts';
import { callApi } from '../api/client.ts';

export type MarketKeyStatus = ApiResponse<'account/marketkey/status'>;

/**
 * Whose Massive key fetches the member's bars (docs/market-data.md, "Whose key"): /account shows its
 * "Market data" section only in member mode. Changes only from this page, so a minute's answer does.
 */
export const marketKeyStatusQuery = queryOptions({
  queryKey: ['account', 'marketkey'],
  queryFn: () => callApi('account/marketkey/status', {}),
  staleTime: 60_000,
});
