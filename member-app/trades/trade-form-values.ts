import type { Trade } from '../../functions/_lib/contract/index.ts';
import { zonedTimeToEpoch } from '../../functions/_lib/trades/zoned-time.ts';
import { tradeWallTime } from './market-executions.ts';
import { tradeTimeZone } from './time-zone.ts';

/** The trade form's values as typed, and what they become in a write (docs/product.md §5 Trade form). */

/** docs/product.md §5: price and fee inputs take digits and one decimal separator as typed; a comma becomes a dot. */
export function typedPrice(text: string): string {
  const dotted = text.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const point = dotted.indexOf('.');
  return point < 0 ? dotted : dotted.slice(0, point + 1) + dotted.slice(point + 1).replace(/\./g, '');
}

/**
 * The form's fields from a stored trade, or a new trade's: a buy, executed now, no fees. The date
 * and time are the member's trade-time zone's wall clock (time-zone.ts), as the tables show them; a
 * date-only trade's time is empty (unknown), and stays so unless the member types one.
 */
export function formValues(trade: Trade | null, now = Date.now()) {
  const wall = tradeWallTime(trade ?? { time: now });
  return {
    symbol: trade?.symbol ?? '',
    tradeType: trade?.tradeType ?? ('buy' as 'buy' | 'sell'),
    buyPrice: trade?.buyPrice ?? '',
    sellPrice: trade?.sellPrice ?? '',
    shares: trade?.shares ?? '',
    date: wall.slice(0, 10),
    time: wall.slice(11, 19),
    fees: trade?.fees ?? '0',
    note: trade?.note ?? '',
  };
}
export type FormValues = ReturnType<typeof formValues>;

/** The date and time fields as an instant in the member's zone; NaN when either is empty or not a real time. */
export function formTime(values: Pick<FormValues, 'date' | 'time'>, zone = tradeTimeZone()): number {
  if (!values.date || !values.time) return Number.NaN;
  return zonedTimeToEpoch(`${values.date}T${values.time}`, zone) ?? Number.NaN;
}

/**
 * Which prices a side asks for: its own (a sell's sell price, a buy's buy price), and when editing,
 * the other one too if the trade has it (a sell saved with its buy price keeps it).
 */
export function shownPrices(side: 'buy' | 'sell', trade: Trade | null) {
  return {
    buyPrice: side === 'buy' || Boolean(trade?.buyPrice),
    sellPrice: side === 'sell',
  };
}
