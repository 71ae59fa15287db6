import type { Trade } from '../contract/trades.ts';
import { dateOnlyDay } from './date-only.ts';
import type { BrokerId, Execution } from './executions.ts';
import { openExecutions } from './open-executions.ts';

/** UTC wall time `YYYY-MM-DDTHH:MM:SS` of an instant: enough where only the order matters. */
export const utcWallTime = (ms: number) => new Date(ms).toISOString().slice(0, 19);

/** A stored fill's price: a sale's sell price (an old typed sale may carry only a buy price), a buy's buy price. */
export const tradePrice = (trade: Pick<Trade, 'tradeType' | 'buyPrice' | 'sellPrice'>): string | null =>
  trade.tradeType === 'sell' ? (trade.sellPrice ?? trade.buyPrice) : trade.buyPrice;

/**
 * A stored trade as the module's execution: a buy at its buy price, a sell at its sell price. Its
 * fingerprint is its trade id. `wallTime` gives the wall clock the statistics read weekday and hour
 * from (the page passes the device's).
 */
export function tradeToExecution(
  trade: Trade,
  line: number,
  wallTime: (ms: number) => string = utcWallTime,
): Execution {
  const price = tradePrice(trade);
  return {
    broker: trade.source as BrokerId,
    account: trade.account ?? '',
    currency: trade.currency ?? 'USD',
    time: trade.dateOnly ? dateOnlyDay(trade.time) : wallTime(trade.time),
    epochMs: trade.time,
    symbol: trade.symbol,
    side: trade.tradeType,
    intent: trade.intent,
    qty: trade.shares,
    price: price ?? '0',
    fees: trade.fees || '0',
    orderId: null,
    execId: trade.trade_id,
    line,
    fingerprint: trade.trade_id,
  };
}

/**
 * Oldest first, so equal time stamps keep the order the member entered them; trades saved at the
 * same moment too (one import batch) go by descending id. A round trip's id is its first fill's, so
 * this order must not depend on how the trades were read: the page reads them newest first (equal
 * scores in descending id, as the store lists them), the course goals oldest first, and both must
 * name the same trip (its tags and risk are stored under that id).
 */
export const tradesToExecutions = (
  trades: readonly Trade[],
  wallTime: (ms: number) => string = utcWallTime,
): Execution[] =>
  [...trades]
    .sort(
      (a, b) =>
        a.time - b.time ||
        a.updated - b.updated ||
        (a.trade_id < b.trade_id ? 1 : a.trade_id > b.trade_id ? -1 : 0),
    )
    .map((trade, line) => tradeToExecution(trade, line, wallTime));

/** Ids of the trades that are part of a position still open (all of a symbol's trades must be given). */
export const openTradeIds = (trades: readonly Trade[]): Set<string> =>
  openExecutions(tradesToExecutions(trades));
