import { describe, expect, it } from 'vitest';
import type { Trade } from '../../functions/_lib/contract/index.ts';
import { matchRoundTrips } from '../../functions/_lib/trades/round-trips.ts';
import { computeStats } from '../../functions/_lib/trades/stats.ts';
import { openTradeIds } from '../../functions/_lib/trades/stored-trades.ts';
import {
  calendarWeeks,
  cumulativeDescription,
  dailyNet,
  filterTrades,
  formatAmount,
  formatPercent,
  localWallTime,
  NO_FILTERS,
  sortTrades,
  tradesToExecutions,
} from '../../member-app/trades/trade-view.ts';

const at = (y: number, m: number, d: number, h = 10) => new Date(y, m - 1, d, h).getTime();
const trade = (fields: Partial<Trade>): Trade => ({
  trade_id: 'trade_AAAAAAAAAAAAAAAA',
  symbol: 'ABCD',
  tradeType: 'buy',
  shares: '1000000',
  buyPrice: '0.0042',
  sellPrice: null,
  sellProfit: null,
  fees: '0',
  note: '',
  time: at(2026, 3, 2),
  updated: 0,
  source: 'manual',
  account: null,
  intent: null,
  fingerprint: null,
  ...fields,
});

const buy = trade({});
const sell = trade({
  trade_id: 'trade_BBBBBBBBBBBBBBBB',
  tradeType: 'sell',
  sellPrice: '0.0051',
  sellProfit: '+',
  time: at(2026, 3, 3, 11),
});

describe('trades as executions', () => {
  it('prices a buy at its buy price and a sell at its sell price, oldest first', () => {
    const [first, second] = tradesToExecutions([sell, buy]);
    expect(first).toMatchObject({ side: 'buy', price: '0.0042', qty: 1_000_000, epochMs: buy.time });
    expect(second).toMatchObject({ side: 'sell', price: '0.0051', time: '2026-03-03T11:00:00' });
  });

  it('makes one closed round trip of a buy and a sell: net 900.0000', () => {
    const { closed_trades, open_positions } = matchRoundTrips(tradesToExecutions([buy, sell]));
    expect(open_positions).toEqual([]);
    const stats = computeStats(closed_trades);
    expect(stats.net).toBe('900.0000');
    expect(formatPercent(stats.win_rate)).toBe('100%');
    expect(dailyNet(closed_trades)).toEqual(new Map([['2026-03-03', '900.0000']]));
  });

  it('writes local wall-clock time', () => {
    expect(localWallTime(at(2026, 12, 31, 9))).toBe('2026-12-31T09:00:00');
  });
});

describe('display helpers', () => {
  it('groups thousands on the text without rounding', () => {
    expect(formatAmount('1234567.00005')).toBe('1,234,567.00005');
    expect(formatAmount('-900.0000')).toBe('−900.0000');
    expect(formatAmount('900.0000', { sign: true })).toBe('+900.0000');
    expect(formatAmount('0.0000', { sign: true })).toBe('0.0000');
    expect(formatAmount(null)).toBe('—');
  });

  it('lays the calendar out in Sunday-first weeks ending today', () => {
    const weeks = calendarWeeks(new Map([['2026-03-03', '900.0000']]), new Date(2026, 2, 4), 7);
    expect(weeks.flat()[0]?.day).toBe('2026-02-22');
    expect(weeks.flat().at(-1)?.day).toBe('2026-03-04');
    expect(weeks.flat().find((d) => d.day === '2026-03-03')?.net).toBe('900.0000');
    expect(weeks.every((w) => w.length <= 7)).toBe(true);
  });

  it('sorts by exact price and filters by side, result, symbol and day', () => {
    const cheap = trade({ trade_id: 'trade_CCCCCCCCCCCCCCCC', buyPrice: '0.00009', symbol: 'XYZ' });
    expect(sortTrades([buy, cheap], 'buyPrice', 'ascending').map((t) => t.symbol)).toEqual(['XYZ', 'ABCD']);
    expect(filterTrades([buy, sell, cheap], { ...NO_FILTERS, side: 'sell' })).toEqual([sell]);
    expect(filterTrades([buy, sell, cheap], { ...NO_FILTERS, result: '+' })).toEqual([sell]);
    expect(filterTrades([buy, sell, cheap], { ...NO_FILTERS, symbol: 'xy' })).toEqual([cheap]);
    expect(filterTrades([buy, sell], { ...NO_FILTERS, from: '2026-03-03' })).toEqual([sell]);
  });
});

describe('open and closed positions, and the chart in words', () => {
  const later = trade({ trade_id: 'trade_CCCCCCCCCCCCCCCC', time: at(2026, 3, 4) });

  it('filters the table on positions still open or closed', () => {
    const all = [buy, sell, later];
    const open = openTradeIds(all);
    expect(open).toEqual(new Set([later.trade_id]));
    expect(filterTrades(all, { ...NO_FILTERS, position: 'open' }, open)).toEqual([later]);
    expect(filterTrades(all, { ...NO_FILTERS, position: 'closed' }, open)).toEqual([buy, sell]);
  });

  it('describes the cumulative curve with exact amounts', () => {
    const { closed_trades } = matchRoundTrips(tradesToExecutions([buy, sell]));
    expect(cumulativeDescription(closed_trades)).toBe(
      'Cumulative net P&L of 1 closed trade on 2026-03-03: ends at +900.0000, highest +900.0000, lowest +900.0000.',
    );
    expect(cumulativeDescription([])).toBe('No closed trades yet.');
  });
});
