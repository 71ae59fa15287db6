import { describe, expect, it } from 'vitest';
import type { ClosedTrade } from '../../functions/_lib/trades/round-trips.ts';
import { heldText, returnOnCost, sortTrips } from '../../member-app/trades/closed-trades-view.ts';
import {
  ALL_TRIPS,
  filtersToSearch,
  filterTrips,
  periodDays,
  searchToFilters,
} from '../../member-app/trades/trip-filters.ts';
import { executionsCsv, tripsCsv } from '../../member-app/trades/trips-csv.ts';
import { closedTrade } from '../support/trades.ts';

const trip = (id: string, fields: Partial<ClosedTrade> = {}) => closedTrade({ id, ...fields });

describe('the page’s filters in the URL', () => {
  it('round-trips through the search, keeping only what differs from no filter', () => {
    const filters = {
      ...ALL_TRIPS,
      period: 'custom' as const,
      from: '2026-03-01',
      tag: 'setup:gap-and-go',
      result: 'loss' as const,
    };
    expect(filtersToSearch(filters)).toEqual({
      period: 'custom',
      from: '2026-03-01',
      tag: 'setup:gap-and-go',
      result: 'loss',
    });
    expect(searchToFilters(filtersToSearch(filters))).toEqual(filters);
    expect(filtersToSearch(ALL_TRIPS)).toEqual({});
  });

  it('drops what a pasted URL gets wrong instead of failing', () => {
    expect(
      searchToFilters({
        period: 'decade',
        from: '03/01/2026',
        side: 'sideways',
        symbol: '$abcd',
        tag: '<b>',
        result: 1,
        currency: 'usd',
      }),
    ).toEqual({ ...ALL_TRIPS, symbol: 'ABCD' });
  });

  it.each([
    ['today', '2026-03-18', ['2026-03-18', '2026-03-18']],
    ['week', '2026-03-18', ['2026-03-16', '2026-03-18']], // a Wednesday: from Monday
    ['week', '2026-03-22', ['2026-03-16', '2026-03-22']], // a Sunday ends the week it is in
    ['month', '2026-03-18', ['2026-03-01', '2026-03-18']],
    ['ytd', '2026-03-18', ['2026-01-01', '2026-03-18']],
    ['all', '2026-03-18', null],
  ] as const)('%s on %s covers %j', (period, today, days) => {
    expect(periodDays({ ...ALL_TRIPS, period }, today)).toEqual(days);
  });

  it('keeps the trips every filter agrees on, by exit day in market time', () => {
    const trips = [
      trip('a', { exit: '2026-03-16T15:00:00' }),
      trip('b', { side: 'short', net: '-5.0000', exit: '2026-03-17T10:00:00' }),
      trip('c', { symbol: 'XYZ', net: '0.0000', exit: '2026-03-18T10:00:00' }),
      trip('d', { currency: 'CAD', exit: '2026-02-27T10:00:00' }),
    ];
    const tags = (id: string) => (id === 'b' || id === 'c' ? ['mistake:chased'] : []);
    const ids = (filters: Partial<typeof ALL_TRIPS>) =>
      filterTrips(trips, { ...ALL_TRIPS, ...filters }, tags, '2026-03-18').map((t) => t.id);
    expect(ids({})).toEqual(['a', 'b', 'c', 'd']);
    expect(ids({ period: 'today' })).toEqual(['c']);
    expect(ids({ period: 'month' })).toEqual(['a', 'b', 'c']);
    expect(ids({ period: 'custom', from: '2026-03-17' })).toEqual(['b', 'c']);
    expect(ids({ period: 'custom', to: '2026-03-16' })).toEqual(['a', 'd']);
    expect(ids({ side: 'short' })).toEqual(['b']);
    expect(ids({ symbol: 'XY' })).toEqual(['c']);
    expect(ids({ tag: 'mistake:chased' })).toEqual(['b', 'c']);
    expect(ids({ result: 'win' })).toEqual(['a', 'd']);
    expect(ids({ result: 'loss' })).toEqual(['b']);
    expect(ids({ result: 'scratch' })).toEqual(['c']);
    expect(ids({ currency: 'CAD' })).toEqual(['d']);
    expect(ids({ tag: 'mistake:chased', result: 'loss' })).toEqual(['b']);
  });
});

describe('closed trades table helpers', () => {
  it.each([
    ['2026-03-16T09:30:00', '2026-03-16T09:30:45', '45s'],
    ['2026-03-16T09:30:00', '2026-03-16T10:01:35', '31m 35s'],
    ['2026-03-16T09:30:00', '2026-03-16T11:35:00', '2h 05m'],
    ['2026-03-16T15:00:00', '2026-03-19T19:00:00', '3d 4h'],
    // A date-only end: in days, never a made-up 0s or hours from midnight.
    ['2026-03-24', '2026-03-24', 'same day'],
    ['2026-03-24', '2026-03-25', '1 day'],
    ['2026-03-24', '2026-03-27', '3 days'],
    ['2026-03-24T15:30:00', '2026-03-24', 'same day'],
    ['2026-03-24', '2026-03-27T10:00:00', '3 days'],
    ['2026-02-27', '2026-03-02', '3 days'],
  ])('%s → %s held %s', (entry, exit, text) => {
    expect(heldText({ entry, exit })).toBe(text);
  });

  it('gives the return on cost to the cent of a percent, half-up', () => {
    expect(returnOnCost({ net: '99.0000', cost: '500.0000' })).toBe('19.80');
    expect(returnOnCost({ net: '-450.6200', cost: '3300.0000' })).toBe('-13.66');
    expect(returnOnCost({ net: '1', cost: '0' })).toBeNull();
  });

  it('sorts by exact amounts, and by hold time', () => {
    const trips = [trip('a', { net: '10.00005' }), trip('b', { net: '10.0001' }), trip('c', { net: '-2' })];
    expect(sortTrips(trips, 'net', 'descending').map((t) => t.id)).toEqual(['b', 'a', 'c']);
    const held = [trip('x', { exit: '2026-03-16T11:00:00' }), trip('y', { exit: '2026-03-16T09:31:00' })];
    expect(sortTrips(held, 'held', 'ascending').map((t) => t.id)).toEqual(['y', 'x']);
  });

  it('exports round trips with exact amounts and tag names, and their executions', () => {
    const trips = [trip('trade_A', { fills: ['trade_A', 'trade_B'] })];
    const text = tripsCsv(
      trips,
      { tagsOf: () => ['setup:gap-and-go', 'mistake:chased'], riskOf: () => '50' },
      [
        { id: 'setup:gap-and-go', name: 'Gap, and go', kind: 'setup' },
        { id: 'mistake:chased', name: 'Chased', kind: 'mistake' },
      ],
    );
    expect(text.split('\r\n')[1]).toBe(
      'trade_A,ABCD,long,USD,2026-03-16T09:30:00,2026-03-16T09:45:00,900,0,1000,0.5,0.6,500.0000,100.0000,1.0000,99.0000,19.80,"Gap, and go",Chased,50,,,,,,,,',
    );
    const base = {
      symbol: 'ABCD',
      shares: '1000',
      fees: '0.5',
      note: '',
      updated: 0,
      source: 'das',
      account: 'A',
      intent: null,
      fingerprint: null,
      sellProfit: null,
    } as const;
    const trades = new Map([
      [
        'trade_B',
        {
          ...base,
          trade_id: 'trade_B',
          tradeType: 'sell' as const,
          buyPrice: null,
          sellPrice: '0.6',
          time: 2000,
        },
      ],
      [
        'trade_A',
        {
          ...base,
          trade_id: 'trade_A',
          tradeType: 'buy' as const,
          buyPrice: '0.5',
          sellPrice: null,
          time: 1000,
        },
      ],
    ]);
    expect(
      executionsCsv(trips, trades, (ms) => `t${ms}`)
        .split('\r\n')
        .slice(1, 3),
    ).toEqual([
      'trade_A,t1000,ABCD,buy,1000,0.5,0.5,USD,A,das',
      'trade_B,t2000,ABCD,sell,1000,0.6,0.5,USD,A,das',
    ]);
  });
});
