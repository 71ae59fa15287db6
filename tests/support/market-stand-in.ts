import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { Trade } from '../../functions/_lib/contract/trades.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import type { Store } from '../../functions/_lib/store.ts';
import { tradeKeys } from '../../functions/_lib/trade-store/keys.ts';
import { type MarketStandIn, startMarketStandIn } from '../../scripts/local/market-data.ts';
import { tradeRecord } from './trade-record.ts';

/**
 * The local market-data stand-in (scripts/local/market-data.ts) against the test store, for the
 * calling test file: started before its tests, stopped after them. Read it inside tests.
 */
export function suiteMarketStandIn(): () => MarketStandIn {
  let standIn: MarketStandIn | undefined;
  beforeAll(async () => {
    standIn = await startMarketStandIn({ store: getDeps().store });
  });
  afterAll(async () => {
    await standIn?.close();
  });
  return () => {
    if (!standIn) throw new Error('The market-data stand-in starts in beforeAll');
    return standIn;
  };
}

/** A symbol no other test uses (market keys are shared by every member, and so by every test file). */
export const testSymbol = () =>
  `T${randomUUID()
    .replace(/[^A-F]/gi, '')
    .toUpperCase()
    .slice(0, 6)
    .padEnd(6, 'Q')}`;

/** Saves a trade for member `sub` straight into the store, as the trades API keeps it. */
export async function saveStoredTrade(store: Store, sub: string, fields: Partial<Trade>): Promise<Trade> {
  const trade = tradeRecord({ trade_id: `trade_${randomUUID().replace(/-/g, '').slice(0, 16)}`, ...fields });
  await store
    .multi()
    .set(tradeKeys.trade(sub, trade.trade_id), JSON.stringify(trade))
    .zadd(tradeKeys.trades(sub), { score: trade.time, member: trade.trade_id })
    .zadd(tradeKeys.symbol(sub, trade.symbol), { score: trade.time, member: trade.trade_id })
    .exec();
  return trade;
}
