import type { Trade } from '../contract/trades.ts';
import type { TripFill } from '../trades/excursions.ts';
import { plain, toDecimal, ZERO } from '../trades/money.ts';
import type { ClosedTrade } from '../trades/round-trips.ts';
import { tradePrice } from '../trades/stored-trades.ts';

/** A stored fill's price, as the round trips read it (stored-trades.ts). */
export const fillPrice = (trade: Trade) => tradePrice(trade) ?? '0';

/**
 * Each fill's shares within this trip. A fill that closed the previous trip and opened this one (a
 * sale of more than was held, read as a short) is listed by both; only the part beyond the closed
 * position opened this trip: the trip's shares less what its other opening fills added. Closing
 * fills are measured up to the shares held (excursions.ts).
 */
export function openingPart(trip: ClosedTrade, fills: readonly Trade[]): string[] {
  const opens = trip.side === 'long' ? 'buy' : 'sell';
  const others = fills
    .slice(1)
    .filter((fill) => fill.tradeType === opens)
    .reduce((sum, fill) => sum.plus(toDecimal(fill.shares)), ZERO);
  const first = plain(toDecimal(trip.shares).minus(others));
  return fills.map((fill, i) => (i === 0 ? first : fill.shares));
}

/** The trip's stored fills as MAE/MFE and the course's rules measure them (the review, the background job). */
export function tripFills(trip: ClosedTrade, fills: readonly Trade[]): TripFill[] {
  return openingPart(trip, fills).map((qty, i) => {
    const fill = fills[i] as Trade;
    return { at: fill.time, side: fill.tradeType, qty, price: fillPrice(fill) };
  });
}
