import { describe, expect, it } from 'vitest';
import { priceBucket } from '../../functions/_lib/trades/bands.ts';
import type { ClosedTrade } from '../../functions/_lib/trades/round-trips.ts';
import { computeStats } from '../../functions/_lib/trades/stats.ts';

function trade(
  symbol: string,
  entry: string,
  exit: string,
  avgEntry: string,
  gross: string,
  fees: string,
  net: string,
) {
  return {
    id: `${symbol}@${entry}`,
    symbol,
    account: 'A',
    currency: 'USD',
    side: 'long',
    shares: '1000',
    entry,
    exit,
    avg_entry: avgEntry,
    avg_exit: avgEntry,
    cost: '1000',
    gross,
    fees,
    net,
    executions: 2,
  } satisfies ClosedTrade;
}

// 2026-03-16 is a Monday.
const win = trade(
  'HMBL',
  '2026-03-16T09:31:05',
  '2026-03-16T10:02:40',
  '0.0042',
  '1200.0000',
  '0.8500',
  '1199.1500',
);
const loss = trade(
  'ENZC',
  '2026-03-16T11:05:10',
  '2026-03-16T11:21:30',
  '0.0011',
  '-450.0000',
  '0.6200',
  '-450.6200',
);
const win2 = trade(
  'ALPP',
  '2026-03-17T10:15:00',
  '2026-03-17T10:40:33',
  '0.315',
  '85.0000',
  '0.3000',
  '84.7000',
);
const scratch = trade(
  'AITX',
  '2026-03-17T14:00:00',
  '2026-03-17T14:05:00',
  '0.0005',
  '1.0000',
  '1.0000',
  '0.0000',
);
const win3 = trade('HMBL', '2026-03-18', '2026-03-18', '1.20', '10.0000', '0.0000', '10.0000');

describe('trade statistics', () => {
  it('is all zeros and nulls for no trades', () => {
    expect(computeStats([])).toEqual({
      count: 0,
      wins: 0,
      losses: 0,
      scratches: 0,
      win_rate: null,
      gross: '0.0000',
      fees: '0.0000',
      net: '0.0000',
      profit_factor: null,
      expectancy: null,
      avg_win: null,
      avg_loss: null,
      largest_win: null,
      largest_loss: null,
      current_win_streak: 0,
      best_win_streak: 0,
      by_symbol: {},
      by_tag: {},
      by_side: {},
      by_hold_time: {},
      by_size: {},
      by_weekday: {},
      by_hour: {},
      time_unknown: { by_hour: 0, by_hold_time: 0 },
      by_price: {},
      by_day: {},
      equity_curve: [],
      max_drawdown: '0.0000',
      max_drawdown_start: null,
      max_drawdown_end: null,
      fees_pct_of_gross: null,
      r_multiples: { trades: 0, total_r: null, avg_r: null },
    });
  });

  it('handles a single win (no losses: profit factor undefined)', () => {
    expect(computeStats([win])).toMatchObject({
      count: 1,
      wins: 1,
      losses: 0,
      win_rate: '1.0000',
      net: '1199.1500',
      profit_factor: null,
      expectancy: '1199.1500',
      avg_win: '1199.1500',
      avg_loss: null,
      largest_win: '1199.1500',
      largest_loss: null,
      current_win_streak: 1,
      best_win_streak: 1,
      by_price: {
        '0.001-0.01': { trades: 1, wins: 1, losses: 0, gross: '1200.0000', fees: '0.8500', net: '1199.1500' },
      },
    });
  });

  it('handles a single loss', () => {
    expect(computeStats([loss])).toMatchObject({
      count: 1,
      wins: 0,
      losses: 1,
      win_rate: '0.0000',
      profit_factor: '0.0000',
      expectancy: '-450.6200',
      avg_win: null,
      avg_loss: '-450.6200',
      largest_loss: '-450.6200',
      current_win_streak: 0,
      best_win_streak: 0,
    });
  });

  it('computes a mixed table with a scratch by hand', () => {
    const stats = computeStats([win, loss, win2, scratch, win3]);
    expect(stats).toMatchObject({
      count: 5,
      wins: 3,
      losses: 1,
      scratches: 1,
      win_rate: '0.7500', // 3 ÷ (3 + 1): the scratch counts for neither
      gross: '846.0000',
      fees: '2.7700',
      net: '843.2300',
      profit_factor: '2.8713', // (1199.15 + 84.70 + 10) ÷ 450.62 = 2.87126…
      expectancy: '168.6460', // 843.23 ÷ 5
      avg_win: '431.2833', // 1293.85 ÷ 3
      avg_loss: '-450.6200',
      largest_win: '1199.1500',
      largest_loss: '-450.6200',
      current_win_streak: 1, // the last closed trade (win3) is a win after the scratch
      best_win_streak: 1,
    });
    expect(stats.by_symbol).toEqual({
      AITX: { trades: 1, wins: 0, losses: 0, gross: '1.0000', fees: '1.0000', net: '0.0000' },
      ALPP: { trades: 1, wins: 1, losses: 0, gross: '85.0000', fees: '0.3000', net: '84.7000' },
      ENZC: { trades: 1, wins: 0, losses: 1, gross: '-450.0000', fees: '0.6200', net: '-450.6200' },
      HMBL: { trades: 2, wins: 2, losses: 0, gross: '1210.0000', fees: '0.8500', net: '1209.1500' },
    });
    expect(stats.by_weekday).toEqual({
      Mon: { trades: 2, wins: 1, losses: 1, gross: '750.0000', fees: '1.4700', net: '748.5300' },
      Tue: { trades: 2, wins: 1, losses: 0, gross: '86.0000', fees: '1.3000', net: '84.7000' },
      Wed: { trades: 1, wins: 1, losses: 0, gross: '10.0000', fees: '0.0000', net: '10.0000' },
    });
    // The date-only trade has no hour: it is in no hour (never a made-up 00), counted apart.
    expect(stats.by_hour).toEqual({
      '09': { trades: 1, wins: 1, losses: 0, gross: '1200.0000', fees: '0.8500', net: '1199.1500' },
      '10': { trades: 1, wins: 1, losses: 0, gross: '85.0000', fees: '0.3000', net: '84.7000' },
      '11': { trades: 1, wins: 0, losses: 1, gross: '-450.0000', fees: '0.6200', net: '-450.6200' },
      '14': { trades: 1, wins: 0, losses: 0, gross: '1.0000', fees: '1.0000', net: '0.0000' },
    });
    // Bought and sold on 03/18 with no times: how long it was held is unknown too.
    expect(stats.time_unknown).toEqual({ by_hour: 1, by_hold_time: 1 });
    expect(stats.by_price).toEqual({
      '<0.001': { trades: 1, wins: 0, losses: 0, gross: '1.0000', fees: '1.0000', net: '0.0000' },
      '0.001-0.01': { trades: 2, wins: 1, losses: 1, gross: '750.0000', fees: '1.4700', net: '748.5300' },
      '0.10-1': { trades: 1, wins: 1, losses: 0, gross: '85.0000', fees: '0.3000', net: '84.7000' },
      '>=1': { trades: 1, wins: 1, losses: 0, gross: '10.0000', fees: '0.0000', net: '10.0000' },
    });
  });

  it('counts the best streak in the order trades closed', () => {
    const stats = computeStats([win2, win, loss]); // closes: win 10:02, loss 11:21, win2 next day
    expect(stats).toMatchObject({ current_win_streak: 1, best_win_streak: 1 });
    expect(computeStats([win, win2, win3])).toMatchObject({ current_win_streak: 3, best_win_streak: 3 });
  });

  it.each([
    ['0.0009', '<0.001'],
    ['0.001', '0.001-0.01'],
    ['0.0099', '0.001-0.01'],
    ['0.01', '0.01-0.10'],
    ['0.1', '0.10-1'],
    ['0.9999', '0.10-1'],
    ['1', '>=1'],
  ])('puts entry price %s in bucket %s', (price, bucket) => {
    expect(priceBucket(price)).toBe(bucket);
  });
});
