import type { Excursion } from '../contract/review.ts';
import type { Bar } from '../market/bars.ts';
import { measureExcursion, type TripFill } from '../trades/excursions.ts';
import { type BarsFailure, barsMessage } from './bars-message.ts';
import { HELD_LONG_REASON, type TripDays } from './trip-days.ts';

export interface ExcursionTrip {
  symbol: string;
  side: 'long' | 'short';
  fills: TripFill[];
  risk: string | null;
  dateOnly: boolean;
  /** Why the trip is not measured on minute bars, when it is not (trip-days.ts). */
  why: TripDays['why'];
}

/**
 * A trip's MAE/MFE from what its bars came to, decided alike by the review and the background job
 * (docs/trades.md, "MAE and MFE"): a trip the file gave dates alone or held over 5 market days is
 * not measurable whatever the provider said; otherwise the bars measure it, and a symbol the provider
 * does not know is `no data`. Bars that could not be had (the provider down, over its limit, no key)
 * give null: no figure, so the one stored stays (a failed fetch is never stored as "no data").
 */
export function excursionOfTrip(trip: ExcursionTrip, bars: Bar[] | BarsFailure): Excursion | null {
  if (trip.dateOnly)
    return measureExcursion({
      side: trip.side,
      fills: trip.fills,
      bars: [],
      risk: trip.risk,
      dateOnly: true,
    });
  if (trip.why === 'held long') return { state: 'not measurable', reason: HELD_LONG_REASON };
  if (Array.isArray(bars))
    return measureExcursion({ side: trip.side, fills: trip.fills, bars, risk: trip.risk, dateOnly: false });
  if (bars.kind === 'unknown-symbol') return { state: 'no data', reason: barsMessage(bars, trip.symbol) };
  return null;
}
