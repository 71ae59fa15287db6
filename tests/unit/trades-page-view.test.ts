import { describe, expect, it } from 'vitest';
import type { Trade } from '../../functions/_lib/contract/index.ts';
import { matchRoundTrips } from '../../functions/_lib/trades/round-trips.ts';
import { computeStats } from '../../functions/_lib/trades/stats.ts';
import { openTradeIds } from '../../functions/_lib/trades/stored-trades.ts';
import { zonedTimeToEpoch } from '../../functions/_lib/trades/zoned-time.ts';
import { latestMonth, monthWeeks, shiftMonth } from '../../member-app/trades/calendar.ts';
import {
  cumulativeDescription,
  cumulativeSeries,
  curveExtremes,
} from '../../member-app/trades/chart-series.ts';
import {
  formatAmount,
  formatCompactMoney,
  formatMarketTime,
  formatMoney,
  formatPercent,
  formatRatio,
  formatShortAmount,
} from '../../member-app/trades/format.ts';
import { tradesToExecutions } from '../../member-app/trades/market-executions.ts';
import { dayWindow, marketWallTime, setTradeTimeZone } from '../../member-app/trades/time-zone.ts';
import { sortTrades } from '../../member-app/trades/trade-sort.ts';
import { filterTrades, NO_FILTERS } from '../../member-app/trades/trip-filters.ts';
import { tradeRecord } from '../support/trade-record.ts';

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant given by its New York wall clock (market time, whatever the machine's zone). */
const at = (y: number, m: number, d: number, h = 10, mi = 0, s = 0) =>
  zonedTimeToEpoch(`${y}-${pad(m)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}`, 'America/New_York') ?? 0;
const trade = (fields: Partial<Trade>): Trade =>
  tradeRecord({ shares: '1000000', buyPrice: '0.0042', time: at(2026, 3, 2), ...fields });

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
    expect(first).toMatchObject({ side: 'buy', price: '0.0042', qty: '1000000', epochMs: buy.time });
    expect(second).toMatchObject({ side: 'sell', price: '0.0051', time: '2026-03-03T11:00:00' });
  });

  it('names a trip the same whatever order its trades were read in (fills of one moment, one batch)', () => {
    // Two buys at the same second, saved by one import: the page reads newest first, the course
    // goals oldest first; the trip's id (its first fill's) is where its tags and risk are kept.
    const first = trade({ trade_id: 'trade_AAAAAAAAAAAAAAA1', shares: '400000' });
    const second = trade({ trade_id: 'trade_AAAAAAAAAAAAAAA2', shares: '600000' });
    const close = { ...sell, shares: '1000000' };
    const ids = [
      [first, second, close],
      [close, second, first],
      [second, close, first],
    ].map((order) => matchRoundTrips(tradesToExecutions(order)).closed_trades.map((t) => t.id));
    expect(new Set(ids.map((list) => list.join()))).toEqual(new Set([second.trade_id]));
  });

  it('makes one closed round trip of a buy and a sell: net 900.0000', () => {
    const { closed_trades, open_positions } = matchRoundTrips(tradesToExecutions([buy, sell]));
    expect(open_positions).toEqual([]);
    const stats = computeStats(closed_trades);
    expect(stats.net).toBe('900.0000');
    expect(formatPercent(stats.win_rate)).toBe('100%');
    expect(stats.by_day['2026-03-03']?.net).toBe('900.0000');
  });

  it.each([
    // EST (−5), EDT (−4), both sides of the March and November changes.
    [Date.UTC(2026, 11, 31, 14, 0, 0), '2026-12-31T09:00:00'],
    [Date.UTC(2026, 2, 16, 18, 45, 1), '2026-03-16T14:45:01'],
    [Date.UTC(2026, 2, 8, 6, 59, 59), '2026-03-08T01:59:59'],
    [Date.UTC(2026, 2, 8, 7, 0, 0), '2026-03-08T03:00:00'],
    [Date.UTC(2026, 10, 1, 5, 59, 59), '2026-11-01T01:59:59'],
    [Date.UTC(2026, 10, 1, 6, 0, 0), '2026-11-01T01:00:00'],
    [Date.UTC(2027, 0, 1, 4, 59, 59), '2026-12-31T23:59:59'],
  ])('reads %i on the market clock as %s', (ms, wall) => {
    expect(marketWallTime(ms)).toBe(wall);
  });

  it('follows the zone a member picked, and market time again once they pick it back', () => {
    const fill = Date.UTC(2026, 2, 17, 13, 35, 2); // 09:35:02 in New York (EDT)
    setTradeTimeZone('Europe/Paris');
    try {
      expect(marketWallTime(fill)).toBe('2026-03-17T14:35:02'); // CET until 29 March
      expect(formatMarketTime(fill)).toBe('3/17/26, 2:35:02 PM GMT+1');
      setTradeTimeZone('Not/AZone'); // ignored
      expect(marketWallTime(fill)).toBe('2026-03-17T14:35:02');
    } finally {
      setTradeTimeZone('America/New_York');
    }
    expect(marketWallTime(fill)).toBe('2026-03-17T09:35:02');
  });

  it('shows a time in market time with its zone, not the device’s', () => {
    expect(formatMarketTime(Date.UTC(2026, 2, 16, 18, 45, 1))).toBe('3/16/26, 2:45:01 PM EDT');
    expect(formatMarketTime(Date.UTC(2026, 0, 5, 14, 30, 0))).toBe('1/5/26, 9:30:00 AM EST');
  });
});

describe('a market day as the instants it spans (the journal notes of a day)', () => {
  const hours = ({ from, to }: { from: number; to: number }) => (to - from) / 3_600_000;
  it('starts and ends at midnight in market time, 23 or 25 hours across a clock change', () => {
    expect(dayWindow('2026-11-20')).toEqual({
      from: Date.UTC(2026, 10, 20, 5),
      to: Date.UTC(2026, 10, 21, 5),
    });
    expect(dayWindow('2026-07-01').from).toBe(Date.UTC(2026, 6, 1, 4));
    expect(hours(dayWindow('2026-03-08'))).toBe(23);
    expect(hours(dayWindow('2026-11-01'))).toBe(25);
    // Month and year ends roll over.
    expect(dayWindow('2026-12-31').to).toBe(Date.UTC(2027, 0, 1, 5));
  });

  it('follows the zone a member picked', () => {
    expect(dayWindow('2026-11-20', 'Asia/Tokyo')).toEqual({
      from: Date.UTC(2026, 10, 19, 15),
      to: Date.UTC(2026, 10, 20, 15),
    });
    expect(dayWindow('2026-11-20', 'UTC').from).toBe(Date.UTC(2026, 10, 20));
  });

  it('holds every instant of the day whose market date it is, and no other', () => {
    const { from, to } = dayWindow('2026-03-08');
    expect(marketWallTime(from)).toBe('2026-03-08T00:00:00');
    expect(marketWallTime(to - 1000)).toBe('2026-03-08T23:59:59');
    expect(marketWallTime(to)).toBe('2026-03-09T00:00:00');
  });
});

describe('display helpers', () => {
  it('a calendar day writes money short: whole units below a thousand, K and M above', () => {
    expect(formatCompactMoney('750.3600')).toBe('+$750');
    expect(formatCompactMoney('-90.4900')).toBe('−$90');
    expect(formatCompactMoney('-3704.0000', 'CAD')).toBe('−CA$3.7K');
    expect(formatCompactMoney('-1234567.8900', 'CAD')).toBe('−CA$1.2M');
    expect(formatCompactMoney('0.0040')).toBe('$0');
    // On a phone: no mark, whole K and M.
    expect(formatShortAmount('212400.0000')).toBe('+212K');
    expect(formatShortAmount('-1234567.8900')).toBe('−1M');
    expect(formatShortAmount('750.3600')).toBe('+750');
  });

  it.each([
    ['1914.4200', 'USD', '+$1,914.42'],
    ['-450.6200', 'USD', '−$450.62'],
    ['0.0000', 'USD', '$0.00'],
    ['0.0049', 'USD', '+$0.00'], // the sign follows the exact value
    ['0.0050', 'USD', '+$0.01'], // half-up
    ['-0.0050', 'USD', '−$0.01'],
    ['1234567.995', 'USD', '+$1,234,568.00'],
    ['12.5', 'CAD', '+CA$12.50'],
    [null, 'USD', '—'],
  ])('shows money %s %s as %s', (value, currency, text) => {
    expect(formatMoney(value, currency)).toBe(text);
  });

  it('groups thousands on the text without rounding', () => {
    expect(formatAmount('1234567.00005')).toBe('1,234,567.00005');
    expect(formatAmount('-900.0000')).toBe('−900.0000');
    expect(formatAmount('900.0000', { sign: true })).toBe('+900.0000');
    expect(formatAmount('0.0000', { sign: true })).toBe('0.0000');
    expect(formatAmount(null)).toBe('—');
  });

  it('shows ratios to two decimals, rounded half-up from the exact string', () => {
    expect(formatRatio('1.6347')).toBe('1.63'); // profit factor
    expect(formatRatio('5.0971')).toBe('5.10'); // fees, % of gross
    expect(formatRatio('0.6453', { sign: true })).toBe('+0.65'); // average R
    expect(formatRatio('-0.6453', { sign: true })).toBe('−0.65');
    expect(formatRatio('2.005')).toBe('2.01');
    expect(formatRatio('1234.5')).toBe('1,234.50');
    expect(formatRatio('3')).toBe('3.00');
    expect(formatRatio('-0.004', { sign: true })).toBe('0.00');
    expect(formatRatio(null)).toBe('—');
  });

  it('lays a month out in Sunday-first weeks, each day coloured by its size against the month’s largest', () => {
    const bucket = (net: string) => ({ trades: 1, wins: 0, losses: 0, gross: net, fees: '0', net });
    const weeks = monthWeeks('2026-03', {
      '2026-03-02': bucket('-1000.0000'),
      '2026-03-03': bucket('250.0000'),
      '2026-03-04': bucket('250.0001'),
      '2026-03-05': bucket('0.0000'),
      '2026-04-01': bucket('5000.0000'), // another month: not in this grid nor its scale
    });
    expect(weeks.length).toBe(5); // March 2026 starts on a Sunday and has 31 days
    expect(weeks[0]?.[0]?.day).toBe('2026-03-01');
    expect(weeks.at(-1)?.map((cell) => cell?.day ?? null)).toEqual([
      '2026-03-29',
      '2026-03-30',
      '2026-03-31',
      null,
      null,
      null,
      null,
    ]);
    const level = (day: string) => weeks.flat().find((cell) => cell?.day === day)?.level;
    expect([
      level('2026-03-02'),
      level('2026-03-03'),
      level('2026-03-04'),
      level('2026-03-05'),
      level('2026-03-06'),
    ]).toEqual([4, 1, 2, 0, 0]);
    expect(monthWeeks('2026-02', {}).flat().filter(Boolean).length).toBe(28);
  });

  it('opens on the latest month with a trade and steps months across years', () => {
    expect(latestMonth({ '2024-11-03': 1, '2025-01-31': 1 }, '2026-03')).toBe('2025-01');
    expect(latestMonth({}, '2026-03')).toBe('2026-03');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
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

  it('describes the cumulative curve in money with cents, from the exact amounts', () => {
    const { closed_trades } = matchRoundTrips(tradesToExecutions([buy, sell]));
    expect(cumulativeDescription(computeStats(closed_trades).equity_curve)).toBe(
      'Cumulative net P&L of 1 closed trade on 2026-03-03: ends at +$900.00, highest +$900.00, lowest +$900.00.',
    );
    expect(cumulativeDescription([])).toBe('No closed trades yet.');
    // Highest and lowest compare exactly, not as floats.
    const curve = ['1.00000000000000001', '1.00000000000000002', '-3'].map((cumulative, i) => ({
      trade: i + 1,
      id: `t${i}`,
      exit: '2026-03-03T10:00:00',
      cumulative,
    }));
    expect(curveExtremes(curve)).toEqual({ high: '1.00000000000000002', low: '-3' });
    expect(cumulativeDescription(curve, 'CAD')).toContain('highest +CA$1.00, lowest −CA$3.00');
  });
});

describe('the chart series', () => {
  // A random walk of n trades, one exit a minute.
  const walk = (n: number) => {
    let value = 0;
    let seed = 7;
    return Array.from({ length: n }, (_, i) => {
      seed = (seed * 48271) % 2147483647;
      value += (seed % 2001) - 1000;
      const minute = new Date(Date.UTC(2026, 0, 2, 14, 30) + i * 60_000).toISOString().slice(0, 19);
      return { trade: i + 1, id: `t${i}`, exit: minute, cumulative: String(value) };
    });
  };
  const epoch = (wall: string) => Date.parse(`${wall}Z`);

  it('is every point while the curve is short', () => {
    const curve = walk(1500);
    const [x, y] = cumulativeSeries(curve, epoch);
    expect(y).toEqual(curve.map((p) => Number(p.cumulative)));
    expect(x).toHaveLength(1500);
  });

  it('keeps each run’s first, lowest, highest and last point past 2,000, in order', () => {
    const curve = walk(10_000);
    const [x, y] = cumulativeSeries(curve, epoch);
    expect(y.length).toBeLessThanOrEqual(2000);
    expect(y.length).toBeGreaterThan(1000);
    expect(x.every((t, i) => i === 0 || t > (x[i - 1] as number))).toBe(true);
    const values = curve.map((p) => Number(p.cumulative));
    expect(y[0]).toBe(values[0]);
    expect(y.at(-1)).toBe(values.at(-1));
    expect(Math.max(...y)).toBe(Math.max(...values));
    expect(Math.min(...y)).toBe(Math.min(...values));
    // Every kept point is the curve's own, at its own time.
    const byTime = new Map(curve.map((p) => [epoch(p.exit) / 1000, Number(p.cumulative)]));
    x.forEach((t, i) => {
      expect(byTime.get(t)).toBe(y[i]);
    });
  });
});
