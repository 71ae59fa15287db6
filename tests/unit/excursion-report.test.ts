import { describe, expect, it } from 'vitest';
import type { Excursion } from '../../functions/_lib/contract/review.ts';
import { excursionReport } from '../../functions/_lib/trades/excursion-report.ts';
import type { ClosedTrade } from '../../functions/_lib/trades/round-trips.ts';
import type { TripTag } from '../../functions/_lib/trades/tags.ts';

const trip = (id: string, gross: string): ClosedTrade => ({
  id,
  symbol: 'HMBL',
  account: 'A',
  currency: 'USD',
  side: 'long',
  shares: '1000',
  entry: '2026-03-16T09:31:05',
  exit: '2026-03-16T09:45:00',
  avg_entry: '1',
  avg_exit: '1',
  cost: '1000.0000',
  gross,
  fees: '0.0000',
  net: gross,
  executions: 2,
});

/** A measured excursion with the figures the report reads (the rest is filler). */
function measured(figures: {
  maePercent: string;
  maeR?: string;
  mfePercent: string;
  mfeR?: string;
  efficiency?: string;
}): Excursion {
  const figure = (percent: string, r: string | undefined) => ({
    perShare: '0.01',
    dollars: '10.00',
    percent,
    r: r ?? null,
    at: 0,
    price: '1',
  });
  return {
    state: 'measured',
    mae: figure(figures.maePercent, figures.maeR),
    mfe: figure(figures.mfePercent, figures.mfeR),
    efficiency: figures.efficiency ?? null,
    leftOnTable: null,
  };
}

const tags: TripTag[] = [
  { id: 'setup:breakout', name: 'Breakout', kind: 'setup' },
  { id: 'setup:dip-buy', name: 'Dip buy', kind: 'setup' },
  { id: 'mistake:chased', name: 'Chased', kind: 'mistake' },
];

describe('MAE/MFE by setup tag', () => {
  it('gives the winners median efficiency and the losers average MAE/MFE in R when every loser has a risk', () => {
    const [row] = excursionReport({
      trips: [trip('w1', '40.0000'), trip('w2', '30.0000'), trip('l1', '-50.0000'), trip('l2', '-20.0000')],
      excursions: {
        w1: measured({ maePercent: '1.00', mfePercent: '10.00', efficiency: '40.00' }),
        w2: measured({ maePercent: '2.00', mfePercent: '9.00', efficiency: '36.00' }),
        l1: measured({ maePercent: '6.00', maeR: '2.40', mfePercent: '1.50', mfeR: '0.50' }),
        l2: measured({ maePercent: '8.00', maeR: '1.80', mfePercent: '0.50', mfeR: '0.20' }),
      },
      notes: {
        w1: { tags: ['setup:breakout'] },
        w2: { tags: ['setup:breakout', 'mistake:chased'] },
        l1: { tags: ['setup:breakout'] },
        l2: { tags: ['setup:breakout'] },
      },
      tags,
    });
    // Median of 36 and 40 = 38.00. Losers: MAE (2.40 + 1.80) ÷ 2 = 2.10 R, (6 + 8) ÷ 2 = 7.00 %;
    // MFE (0.50 + 0.20) ÷ 2 = 0.35 R, (1.50 + 0.50) ÷ 2 = 1.00 %.
    expect(row).toEqual({
      tag: { id: 'setup:breakout', name: 'Breakout' },
      trips: 4,
      measured: 4,
      winners: 2,
      losers: 2,
      medianEfficiency: '38.00',
      losersWithRisk: 2,
      loserMaeR: '2.10',
      loserMaePercent: '7.00',
      loserMfeR: '0.35',
      loserMfePercent: '1.00',
      sentence:
        'On Breakout you capture 38 % of the move; your losers go 2.10 R against you before you exit.',
    });
  });

  it('speaks in percent when a loser has no planned risk, and counts trips it could not measure', () => {
    const [row] = excursionReport({
      trips: [
        trip('w1', '10.0000'),
        trip('w2', '12.0000'),
        trip('w3', '8.0000'),
        trip('l1', '-5.0000'),
        trip('l2', '-6.0000'),
        trip('n1', '-9.0000'),
        trip('n2', '3.0000'),
      ],
      excursions: {
        w1: measured({ maePercent: '1.00', mfePercent: '5.00', efficiency: '80.00' }),
        w2: measured({ maePercent: '1.00', mfePercent: '5.00', efficiency: '20.00' }),
        w3: measured({ maePercent: '1.00', mfePercent: '5.00', efficiency: '55.55' }),
        l1: measured({ maePercent: '4.25', maeR: '3.00', mfePercent: '2.00', mfeR: '1.00' }),
        l2: measured({ maePercent: '4.10', mfePercent: '1.00' }),
        n1: { state: 'no data', reason: 'No 1-minute bars' },
        n2: { state: 'not measurable', reason: 'Opened and closed within the same minute' },
      },
      notes: Object.fromEntries(
        ['w1', 'w2', 'w3', 'l1', 'l2', 'n1', 'n2'].map((id) => [id, { tags: ['setup:dip-buy'] }]),
      ),
      tags,
    });
    // Median of 20, 55.55, 80 = 55.55 → "56 %" (half up). Losers: R only from l1 (3.00, 1.00);
    // MAE percent (4.25 + 4.10) ÷ 2 = 4.175 → 4.18; MFE percent (2 + 1) ÷ 2 = 1.50.
    expect(row).toMatchObject({
      tag: { id: 'setup:dip-buy', name: 'Dip buy' },
      trips: 7,
      measured: 5,
      winners: 3,
      losers: 2,
      medianEfficiency: '55.55',
      losersWithRisk: 1,
      loserMaeR: '3.00',
      loserMaePercent: '4.18',
      loserMfeR: '1.00',
      loserMfePercent: '1.50',
    });
    // One loser has no risk, so the sentence must not claim R.
    expect(row?.sentence).toBe(
      'On Dip buy you capture 56 % of the move; your losers go 4.18 % against you before you exit.',
    );
  });

  it('puts a trip under each of its setup tags, and trips without one (or only a mistake tag) last', () => {
    const rows = excursionReport({
      trips: [trip('a', '10.0000'), trip('b', '-10.0000'), trip('c', '-10.0000'), trip('d', '5.0000')],
      excursions: {
        a: measured({ maePercent: '1.00', mfePercent: '4.00', efficiency: '50.00' }),
        b: measured({ maePercent: '3.00', mfePercent: '1.00' }),
        c: measured({ maePercent: '5.00', maeR: '1.25', mfePercent: '0.00', mfeR: '0.00' }),
        d: measured({ maePercent: '0.00', mfePercent: '2.00', efficiency: '25.00' }),
      },
      notes: {
        a: { tags: ['setup:dip-buy', 'setup:breakout'] },
        b: { tags: ['mistake:chased'] },
        // A tag deleted since: not a setup any more.
        d: { tags: ['setup:deleted'] },
      },
      tags,
    });
    expect(rows.map((r) => [r.tag?.name ?? 'No setup tag', r.trips, r.sentence])).toEqual([
      ['Breakout', 1, 'On Breakout you capture 50 % of the move; no loser is measured yet.'],
      ['Dip buy', 1, 'On Dip buy you capture 50 % of the move; no loser is measured yet.'],
      // b, c and d: median of the one winner 25; losers b (no risk) and c: (3 + 5) ÷ 2 = 4.00 %.
      [
        'No setup tag',
        3,
        'On trades without a setup tag you capture 25 % of the move; your losers go 4.00 % against you before you exit.',
      ],
    ]);
  });

  it('says so when no trip of a setup could be measured, or it has no winner yet', () => {
    const rows = excursionReport({
      trips: [trip('a', '10.0000'), trip('b', '-10.0000')],
      excursions: {
        a: { state: 'not measurable', reason: 'The file gives the date of each fill but not its time' },
        b: measured({ maePercent: '2.50', maeR: '0.75', mfePercent: '1.00', mfeR: '0.30' }),
      },
      notes: { a: { tags: ['setup:breakout'] }, b: { tags: ['setup:dip-buy'] } },
      tags,
    });
    expect(rows.map((r) => r.sentence)).toEqual([
      'On Breakout no trade could be measured yet: MAE and MFE need 1-minute bars and a trade held past its first minute.',
      'On Dip buy no winner is measured yet; your losers go 0.75 R against you before you exit.',
    ]);
    expect(rows[0]).toMatchObject({
      trips: 1,
      measured: 0,
      medianEfficiency: null,
      loserMaeR: null,
      loserMaePercent: null,
    });
  });

  it('counts a scratch (gross 0) as neither winner nor loser', () => {
    const [row] = excursionReport({
      trips: [trip('s', '0.0000')],
      excursions: { s: measured({ maePercent: '1.00', mfePercent: '1.00' }) },
      notes: {},
      tags,
    });
    expect(row).toMatchObject({ tag: null, trips: 1, measured: 1, winners: 0, losers: 0 });
    expect(row?.sentence).toBe(
      'On trades without a setup tag no winner is measured yet; no loser is measured yet.',
    );
  });
});
