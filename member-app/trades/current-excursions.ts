import type { Trade } from '../../functions/_lib/contract/index.ts';
import type { Excursion } from '../../functions/_lib/contract/review.ts';
import type { ClosedTrade } from '../../functions/_lib/trades/round-trips.ts';
import { excursionOf, type TripExcursions } from './trip-excursions-data.ts';

/** Every trip's current figure (measured, no data, not measurable) by id; pending ones left out. */
export function currentExcursions(
  stored: TripExcursions | undefined,
  trips: readonly ClosedTrade[],
  trades: ReadonlyMap<string, Trade>,
): Record<string, Excursion> {
  const out: Record<string, Excursion> = {};
  for (const trip of trips) {
    const excursion = excursionOf(stored, trip, trades);
    if (excursion.state !== 'pending') out[trip.id] = excursion;
  }
  return out;
}
