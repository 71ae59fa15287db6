import { queryOptions } from '@tanstack/react-query';
import type { ApiResponse, Trade } from '../../functions/_lib/contract/index.ts';
import type { Excursion } from '../../functions/_lib/contract/review.ts';
import type { ClosedTrade } from '../../functions/_lib/trades/round-trips.ts';
import { tripSignature } from '../../functions/_lib/trades/trip-signature.ts';
import { callApi } from '../api/client.ts';

/** The MAE/MFE the background job measured, by trip id, and whether it is still at work. */
export type TripExcursions = ApiResponse<'journal/trades/excursions'>;

/** While the member is queued, asked again this often: the job runs every minute. */
export const EXCURSIONS_POLL_MS = 20_000;

/** Under ['trades', …]: every trade write (trades-writes.ts `tradesChanged`) asks again. */
export const tripExcursionsQuery = () =>
  queryOptions({
    queryKey: ['trades', 'excursions'],
    queryFn: () => callApi('journal/trades/excursions', {}),
    refetchInterval: (query) => (query.state.data?.pending ? EXCURSIONS_POLL_MS : false),
  });

/** A trip's figure for the table: the stored one when it was measured for this very trip, else pending. */
export type TripExcursion = Excursion | { state: 'pending' };

export const PENDING: TripExcursion = { state: 'pending' };

/**
 * The stored figure of a trip when its signature (executions, last fill's instant, shares, net) is
 * the one this page matched: a fill added, edited or deleted since leaves it pending until measured again.
 */
export function excursionOf(
  stored: TripExcursions | undefined,
  trip: ClosedTrade,
  trades: ReadonlyMap<string, Trade>,
): TripExcursion {
  const entry = stored?.trips[trip.id];
  const exitAt = trades.get(trip.fills?.at(-1) ?? '')?.time;
  if (!entry || exitAt === undefined || entry.sig !== tripSignature(trip, exitAt)) return PENDING;
  return entry.excursion;
}
