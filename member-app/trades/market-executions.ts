import type { Trade } from '../../functions/_lib/contract/index.ts';
import { dateOnlyDay } from '../../functions/_lib/trades/date-only.ts';
import type { Execution } from '../../functions/_lib/trades/executions.ts';
import { tradesToExecutions as storedToExecutions } from '../../functions/_lib/trades/stored-trades.ts';
import { formatDay, formatMarketTime } from './format.ts';
import { marketWallTime } from './time-zone.ts';

/** Stored trades as the module's executions, on the market's clock (weekday, hour and day reports). */
export const tradesToExecutions = (trades: readonly Trade[]): Execution[] =>
  storedToExecutions(trades, (ms) => marketWallTime(ms));

/** A stored trade's market-time wall clock, or its date alone when its file gave dates only. */
export const tradeWallTime = (trade: Pick<Trade, 'time' | 'dateOnly'>): string =>
  trade.dateOnly ? dateOnlyDay(trade.time) : marketWallTime(trade.time);

/**
 * When a stored trade was executed, as the tables show it: market time, or the date alone for a
 * trade whose file gave dates only (never a made-up `12:00:00 AM`). `dateTime` is the `<time>`
 * element's machine-readable value.
 */
export function tradeTime(trade: Pick<Trade, 'time' | 'dateOnly'>): { text: string; dateTime: string } {
  if (trade.dateOnly) {
    const day = dateOnlyDay(trade.time);
    return { text: formatDay(day), dateTime: day };
  }
  return { text: formatMarketTime(trade.time), dateTime: new Date(trade.time).toISOString() };
}
