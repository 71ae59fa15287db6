import { describe, expect, it } from 'vitest';
import type { Excursion } from '../../functions/_lib/contract/review.ts';
import { tripSignature } from '../../functions/_lib/trades/trip-signature.ts';
import { currentExcursions } from '../../member-app/trades/current-excursions.ts';
import { excursionOf } from '../../member-app/trades/trip-excursions-data.ts';
import { tripsCsv } from '../../member-app/trades/trips-csv.ts';
import { tradeRecord } from '../support/trade-record.ts';
import { closedTrade } from '../support/trades.ts';

// The /trades table's view of the figures measured in the background: a stale one is pending.

const exitAt = Date.UTC(2026, 2, 16, 13, 45);
const trip = closedTrade({ id: 'trade_A', fills: ['trade_A', 'trade_B'] });
const trades = new Map([
  ['trade_A', tradeRecord({ trade_id: 'trade_A', time: exitAt - 900_000 })],
  ['trade_B', tradeRecord({ trade_id: 'trade_B', tradeType: 'sell', time: exitAt })],
]);
const figure = (dollars: string, r: string | null) => ({
  perShare: '0.01',
  dollars,
  percent: '2.50',
  r,
  at: exitAt,
  price: '0.41',
});
const measured: Excursion = {
  state: 'measured',
  mae: figure('-10.00', '-0.20'),
  mfe: figure('30.00', '0.60'),
  efficiency: '66.67',
  leftOnTable: { perShare: '0.001', dollars: '1.00' },
};

describe('the figures of the background job on /trades', () => {
  it('shows a figure measured for this very trip, and a stale or missing one as pending', () => {
    const fresh = {
      trips: { trade_A: { sig: tripSignature(trip, exitAt), excursion: measured } },
      pending: false,
      answers: {},
    };
    expect(excursionOf(fresh, trip, trades)).toEqual(measured);
    const stale = {
      trips: { trade_A: { sig: tripSignature(trip, exitAt - 1), excursion: measured } },
      pending: false,
      answers: {},
    };
    expect(excursionOf(stale, trip, trades)).toEqual({ state: 'pending' });
    expect(excursionOf(undefined, trip, trades)).toEqual({ state: 'pending' });
    expect(currentExcursions(stale, [trip], trades)).toEqual({});
    expect(currentExcursions(fresh, [trip], trades)).toEqual({ trade_A: measured });
  });

  it('exports MAE, MFE, exit efficiency and what was left, empty when not measured', () => {
    const notes = { tagsOf: () => [], riskOf: () => '50' };
    const [head, row] = tripsCsv([trip], notes, [], { trade_A: measured }).split('\r\n');
    expect(head?.split(',').slice(-8)).toEqual([
      'mae_usd',
      'mae_pct',
      'mae_r',
      'mfe_usd',
      'mfe_pct',
      'mfe_r',
      'exit_efficiency_pct',
      'left_on_table_usd',
    ]);
    expect(row?.split(',').slice(-8)).toEqual([
      '-10.00',
      '2.50',
      '-0.20',
      '30.00',
      '2.50',
      '0.60',
      '66.67',
      '1.00',
    ]);
    const none = tripsCsv([trip], notes, [], { trade_A: { state: 'no data', reason: 'unknown' } }).split(
      '\r\n',
    )[1];
    expect(none?.split(',').slice(-8)).toEqual(['', '', '', '', '', '', '', '']);
  });
});
