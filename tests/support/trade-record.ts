import type { Trade } from '../../functions/_lib/contract/index.ts';

/**
 * A stored trade as the trades API returns it: a manual buy of 100 ABCD at $1, no account, intent or
 * fingerprint, unless `fields` say otherwise. Tests set the time their dates are about.
 */
export function tradeRecord(fields: Partial<Trade> = {}): Trade {
  return {
    trade_id: 'trade_AAAAAAAAAAAAAAAA',
    symbol: 'ABCD',
    tradeType: 'buy',
    shares: '100',
    buyPrice: '1',
    sellPrice: null,
    sellProfit: null,
    fees: '0',
    note: '',
    time: 0,
    updated: 0,
    source: 'manual',
    account: null,
    intent: null,
    fingerprint: null,
    ...fields,
  };
}
