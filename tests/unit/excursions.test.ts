import { describe, expect, it } from 'vitest';
import { Excursion } from '../../functions/_lib/contract/review.ts';
import type { Bar } from '../../functions/_lib/market/bars.ts';
import { perShareText } from '../../functions/_lib/trades/excursion-figures.ts';
import {
  type ExcursionInput,
  measureExcursion,
  type TripFill,
} from '../../functions/_lib/trades/excursions.ts';
import { toDecimal } from '../../functions/_lib/trades/money.ts';

// 2026-03-16 09:30 New York (13:30 UTC); m(n) is the start of the n-th minute after it.
const OPEN = Date.UTC(2026, 2, 16, 13, 30);
const m = (minute: number, second = 0) => OPEN + minute * 60_000 + second * 1000;
const bar = (minute: number, h: number, l: number): Bar => ({ t: m(minute), o: l, h, l, c: h, v: 1000 });
const buy = (at: number, qty: string, price: string): TripFill => ({ at, side: 'buy', qty, price });
const sell = (at: number, qty: string, price: string): TripFill => ({ at, side: 'sell', qty, price });

function measure(input: Partial<ExcursionInput> & Pick<ExcursionInput, 'fills' | 'bars'>) {
  const answer = measureExcursion({ side: 'long', risk: null, dateOnly: false, ...input });
  // Always the contract's shape.
  expect(Excursion.parse(answer)).toEqual(answer);
  return answer;
}

function measured(input: Parameters<typeof measure>[0]) {
  const answer = measure(input);
  if (answer.state !== 'measured') throw new Error(`expected a measured trip, got ${JSON.stringify(answer)}`);
  return answer;
}

describe('MAE and MFE of a round trip', () => {
  it('measures a simple long from the bars between its entry and exit bars, with R and what was left', () => {
    const answer = measured({
      fills: [buy(m(0, 10), '1000', '1.00'), sell(m(5, 20), '1000', '1.10')],
      bars: [
        bar(-3, 1.5, 0.5), // before the entry: never counted
        bar(0, 1.05, 0.9), // entry bar: its extremes are not counted
        bar(1, 1.04, 0.97),
        bar(2, 1.08, 0.95),
        bar(3, 1.15, 0.99),
        bar(4, 1.12, 1.01),
        bar(5, 1.2, 0.8), // exit bar: not counted either
        bar(6, 1.18, 1.05),
        bar(7, 1.25, 1.1),
        bar(40, 2, 1.9), // more than 30 minutes after the exit bar
      ],
      risk: '25',
    });
    // MAE: lowest low of m1–m4 is 0.95 (m2): 1.00 − 0.95 = 0.05 × 1000 = 50.00; 0.05 ÷ 1.00 = 5.00 %;
    // 50 ÷ 25 = 2.00 R.
    expect(answer.mae).toEqual({
      perShare: '0.05',
      dollars: '50.00',
      percent: '5.00',
      r: '2.00',
      at: m(2),
      price: '0.95',
    });
    // MFE: highest high of m1–m4 is 1.15 (m3): 0.15 × 1000 = 150.00 (the exit at 1.10 gives only 100);
    // 15.00 %; 150 ÷ 25 = 6.00 R.
    expect(answer.mfe).toEqual({
      perShare: '0.15',
      dollars: '150.00',
      percent: '15.00',
      r: '6.00',
      at: m(3),
      price: '1.15',
    });
    // Captured 1.10 − 1.00 = 0.10 of 0.15 available: 66.666… → 66.67 %.
    expect(answer.efficiency).toBe('66.67');
    // Bars m6–m35: highest high 1.25 (m7) − 1.10 = 0.15 × 1000 shares = 150.00; m40 is past the window.
    expect(answer.leftOnTable).toEqual({ perShare: '0.15', dollars: '150.00' });
  });

  it('measures a short reversed (MAE from highs, MFE from lows), R null without a planned risk', () => {
    const answer = measured({
      side: 'short',
      fills: [sell(m(0, 30), '2000', '0.50'), buy(m(3), '2000', '0.45')],
      bars: [bar(0, 0.6, 0.4), bar(1, 0.53, 0.47), bar(2, 0.52, 0.44), bar(3, 0.7, 0.3)],
    });
    // The cover at m3:00.000 is inside bar m3, so m1 and m2 count fully.
    // MAE: highest high 0.53 (m1) − 0.50 = 0.03 × 2000 = 60.00; 0.03 ÷ 0.50 = 6.00 %.
    expect(answer.mae).toEqual({
      perShare: '0.03',
      dollars: '60.00',
      percent: '6.00',
      r: null,
      at: m(1),
      price: '0.53',
    });
    // MFE: 0.50 − lowest low 0.44 (m2) = 0.06 × 2000 = 120.00; 12.00 %.
    expect(answer.mfe).toEqual({
      perShare: '0.06',
      dollars: '120.00',
      percent: '12.00',
      r: null,
      at: m(2),
      price: '0.44',
    });
    // Captured 0.50 − 0.45 = 0.05 of 0.06: 83.333… → 83.33 %. No bar after the exit: null.
    expect(answer.efficiency).toBe('83.33');
    expect(answer.leftOnTable).toBeNull();
  });

  it('follows the running average when scaling in, with the smaller excursion in a bar that has a fill', () => {
    const answer = measured({
      fills: [buy(m(0, 5), '1000', '1.00'), buy(m(2, 30), '1000', '0.90'), sell(m(5), '2000', '1.00')],
      bars: [bar(1, 1.02, 0.95), bar(2, 1.01, 0.88), bar(3, 0.99, 0.92), bar(4, 1.06, 0.97)],
    });
    // m1 with 1000 @ 1.00: adverse 0.05 × 1000 = 50, favorable 0.02 × 1000 = 20.
    // m2 holds the add: 1000 @ 1.00 before it, 2000 @ 0.95 after it. Low 0.88: 0.12 × 1000 = 120 or
    // 0.07 × 2000 = 140 → 120 counts; high 1.01: 0.01 × 1000 = 10 or 0.06 × 2000 = 120 → 10 counts.
    // The add's own price 0.90 with 2000 @ 0.95: adverse 0.05 × 2000 = 100.
    // m3–m4 with 2000 @ 0.95: low 0.92 → 0.03 × 2000 = 60; high 1.06 → 0.11 × 2000 = 220.
    // The exit at 1.00 with 2000 @ 0.95: favorable 0.05 × 2000 = 100.
    // MAE = max(50, 120, 100, 60) = 120 at m2 (0.12 of 1.00 = 12.00 %).
    expect(answer.mae).toEqual({
      perShare: '0.12',
      dollars: '120.00',
      percent: '12.00',
      r: null,
      at: m(2),
      price: '0.88',
    });
    // MFE = max(20, 10, 220, 100) = 220 at m4; 0.11 ÷ 0.95 = 11.578… → 11.58 %.
    expect(answer.mfe).toEqual({
      perShare: '0.11',
      dollars: '220.00',
      percent: '11.58',
      r: null,
      at: m(4),
      price: '1.06',
    });
    // Average entry 0.95, exit 1.00: 0.05 of 0.11 = 45.4545… → 45.45 %.
    expect(answer.efficiency).toBe('45.45');
  });

  it('keeps the average on a partial exit and counts the shares still held', () => {
    const answer = measured({
      fills: [buy(m(0, 10), '3000', '2.00'), sell(m(2, 10), '1000', '2.20'), sell(m(4, 50), '2000', '2.10')],
      bars: [bar(1, 2.25, 1.95), bar(2, 2.33, 1.9), bar(3, 2.15, 1.8), bar(5, 2.12, 2.05)],
    });
    // m1 with 3000 @ 2.00: adverse 0.05 × 3000 = 150; favorable 0.25 × 3000 = 750.
    // m2 holds the partial exit (3000 before, 2000 after, both at 2.00): low 1.90 → 0.10 × 2000 = 200
    // (smaller than × 3000); high 2.33 → 0.33 × 2000 = 660.
    // The partial exit at 2.20 with the 3000 held just before it: favorable 0.20 × 3000 = 600.
    // m3 with 2000 @ 2.00 (average unchanged): low 1.80 → 0.20 × 2000 = 400; high 2.15 → 0.15 × 2000 = 300.
    // The exit at 2.10 with 2000 @ 2.00: favorable 0.10 × 2000 = 200.
    // MAE = max(150, 200, 400) = 400 at m3: 0.20 ÷ 2.00 = 10.00 %.
    expect(answer.mae).toEqual({
      perShare: '0.2',
      dollars: '400.00',
      percent: '10.00',
      r: null,
      at: m(3),
      price: '1.8',
    });
    // MFE = max(750, 660, 600, 300, 200) = 750 at m1: 0.25 ÷ 2.00 = 12.50 %.
    expect(answer.mfe).toEqual({
      perShare: '0.25',
      dollars: '750.00',
      percent: '12.50',
      r: null,
      at: m(1),
      price: '2.25',
    });
    // Average exit (2200 + 4200) ÷ 3000 = 2.1333…; captured 0.1333… of 0.25 = 53.333… → 53.33 %.
    expect(answer.efficiency).toBe('53.33');
    // After the exit bar (m4) only m5: high 2.12 is below the 2.1333… average exit → 0 left.
    expect(answer.leftOnTable).toEqual({ perShare: '0', dollars: '0.00' });
  });

  it('ignores the entry and exit bars beyond the fills: MAE 0 is measured, and MFE can be the exit', () => {
    const answer = measured({
      fills: [buy(m(0, 30), '100', '5.00'), sell(m(2, 30), '100', '5.50')],
      bars: [bar(0, 5.4, 4.5), bar(1, 5.2, 5.05), bar(2, 6, 4)],
    });
    // Only m1 counts fully: its low 5.05 is above the 5.00 entry, so the worst price lived through is
    // the entry itself: 0 (at the entry's minute, price 5).
    expect(answer.mae).toEqual({
      perShare: '0',
      dollars: '0.00',
      percent: '0.00',
      r: null,
      at: m(0),
      price: '5',
    });
    // m1's high 5.20 gives 0.20 × 100 = 20; the exit at 5.50 gives 0.50 × 100 = 50 (m2's 6.00 high is
    // not counted): 10.00 %.
    expect(answer.mfe).toEqual({
      perShare: '0.5',
      dollars: '50.00',
      percent: '10.00',
      r: null,
      at: m(2),
      price: '5.5',
    });
    // Captured 0.50 of 0.50: 100.00 %.
    expect(answer.efficiency).toBe('100.00');
  });

  it('measures across gaps in the bars, a fill in a missing minute counting at its own price', () => {
    const answer = measured({
      fills: [buy(m(0, 20), '500', '3.00'), buy(m(3, 40), '500', '2.80'), sell(m(6), '1000', '3.10')],
      bars: [bar(1, 3.05, 2.9), bar(4, 3.2, 2.85), bar(6, 3.5, 2)],
    });
    // m1 with 500 @ 3.00: adverse 0.10 × 500 = 50; favorable 0.05 × 500 = 25.
    // The add at 2.80 in the missing m3, with 1000 @ 2.90 after it: adverse 0.10 × 1000 = 100.
    // m4 with 1000 @ 2.90: low 2.85 → 0.05 × 1000 = 50; high 3.20 → 0.30 × 1000 = 300.
    // The exit at 3.10: favorable 0.20 × 1000 = 200. m6 is the exit bar.
    // MAE 100 at m3: 0.10 ÷ 2.90 = 3.448… → 3.45 %.
    expect(answer.mae).toEqual({
      perShare: '0.1',
      dollars: '100.00',
      percent: '3.45',
      r: null,
      at: m(3),
      price: '2.8',
    });
    // MFE 300 at m4: 0.30 ÷ 2.90 = 10.344… → 10.34 %.
    expect(answer.mfe).toEqual({
      perShare: '0.3',
      dollars: '300.00',
      percent: '10.34',
      r: null,
      at: m(4),
      price: '3.2',
    });
    // Captured 3.10 − 2.90 = 0.20 of 0.30: 66.67 %.
    expect(answer.efficiency).toBe('66.67');
  });

  it('says a trade opened and closed within one minute is not measurable', () => {
    const answer = measure({
      fills: [buy(m(0, 5), '100', '1.00'), sell(m(0, 55), '100', '1.20')],
      bars: [bar(0, 1.3, 0.9)],
    });
    expect(answer).toEqual({ state: 'not measurable', reason: expect.stringContaining('same minute') });
  });

  it('says a trade known only by its date is not measurable', () => {
    const answer = measure({
      fills: [buy(m(0), '100', '1.00'), sell(m(120), '100', '1.20')],
      bars: [bar(1, 1.3, 0.9)],
      dateOnly: true,
    });
    expect(answer).toEqual({ state: 'not measurable', reason: expect.stringContaining('not its time') });
  });

  it('says there is no data without a bar from the entry minute to the exit minute', () => {
    const fills = [buy(m(0, 10), '100', '1.00'), sell(m(5, 10), '100', '1.20')];
    expect(measure({ fills, bars: [] })).toEqual({ state: 'no data', reason: expect.any(String) });
    // Bars before the entry and after the exit do not cover it.
    expect(measure({ fills, bars: [bar(-1, 2, 0.5), bar(6, 2, 0.5)] })).toEqual({
      state: 'no data',
      reason: expect.any(String),
    });
  });

  it('measures a trade of two minutes from its fill prices alone; a loser has no efficiency', () => {
    const answer = measured({
      fills: [buy(m(0, 50), '100', '1.00'), sell(m(1, 10), '100', '0.90')],
      bars: [bar(0, 1.5, 0.5), bar(1, 1.5, 0.5)],
      risk: '20',
    });
    // Only the fills count: the exit at 0.90 is 0.10 × 100 = 10.00 against, 10.00 %, 10 ÷ 20 = 0.50 R.
    expect(answer.mae).toEqual({
      perShare: '0.1',
      dollars: '10.00',
      percent: '10.00',
      r: '0.50',
      at: m(1),
      price: '0.9',
    });
    // Nothing for it: MFE 0 at the entry.
    expect(answer.mfe).toEqual({
      perShare: '0',
      dollars: '0.00',
      percent: '0.00',
      r: '0.00',
      at: m(0),
      price: '1',
    });
    expect(answer.efficiency).toBeNull();
    expect(answer.leftOnTable).toBeNull();
  });

  it('caps efficiency at 100 % when the average exit beats the per-share MFE of the biggest move', () => {
    const answer = measured({
      fills: [buy(m(0, 10), '1000', '1.00'), sell(m(2, 10), '900', '1.09'), sell(m(4, 10), '100', '1.55')],
      bars: [bar(1, 1.1, 1.0), bar(3, 1.6, 1.1)],
    });
    // m1 with 1000 @ 1.00: favorable 0.10 × 1000 = 100. The sale at 1.09: 0.09 × 1000 = 90.
    // m3 with 100 left: 0.60 × 100 = 60. The last sale at 1.55: 0.55 × 100 = 55. MFE = 100 at m1.
    expect(answer.mfe).toMatchObject({ perShare: '0.1', dollars: '100.00', at: m(1) });
    // Average exit (981 + 155) ÷ 1000 = 1.136: captured 0.136 > 0.10 per share → 100.00, not 136.
    expect(answer.efficiency).toBe('100.00');
  });

  it('measures a losing short, and what it left on the table in the 30 bars after the exit bar', () => {
    const answer = measured({
      side: 'short',
      fills: [sell(m(0, 30), '1000', '0.50'), buy(m(3, 30), '1000', '0.55')],
      bars: [bar(1, 0.56, 0.48), bar(2, 0.58, 0.49), bar(4, 0.6, 0.4), bar(33, 0.5, 0.35), bar(34, 0.5, 0.3)],
      risk: '40',
    });
    // MAE: highest high 0.58 (m2) − 0.50 = 0.08 × 1000 = 80.00; 16.00 %; 80 ÷ 40 = 2.00 R.
    expect(answer.mae).toEqual({
      perShare: '0.08',
      dollars: '80.00',
      percent: '16.00',
      r: '2.00',
      at: m(2),
      price: '0.58',
    });
    // MFE: 0.50 − lowest low 0.48 (m1) = 0.02 × 1000 = 20.00; 4.00 %; 0.50 R.
    expect(answer.mfe).toEqual({
      perShare: '0.02',
      dollars: '20.00',
      percent: '4.00',
      r: '0.50',
      at: m(1),
      price: '0.48',
    });
    // Covered at 0.55 above 0.50: a loser.
    expect(answer.efficiency).toBeNull();
    // Window m4–m33 (m34 is 31 bars after the exit bar): lowest low 0.35; 0.55 − 0.35 = 0.20 × 1000.
    expect(answer.leftOnTable).toEqual({ perShare: '0.2', dollars: '200.00' });
  });

  it('keeps sub-penny prices exact', () => {
    const answer = measured({
      fills: [
        buy(m(0, 15), '1000000', '0.0004'),
        buy(m(2, 30), '1000000', '0.0002'),
        sell(m(5, 10), '2000000', '0.0005'),
      ],
      bars: [
        bar(1, 0.0005, 0.0003),
        bar(3, 0.0009, 0.0001),
        bar(4, 0.0006, 0.0002),
        bar(5, 0.0009, 0.0001), // exit bar
        bar(6, 0.0007, 0.0004),
        bar(7, 0.0006, 0.0005),
      ],
      risk: '200',
    });
    // m1 with 1,000,000 @ 0.0004: adverse 0.0001 × 1e6 = 100; favorable 0.0001 × 1e6 = 100.
    // The add at 0.0002 (missing m2) → 2,000,000 @ 0.0003: adverse 0.0001 × 2e6 = 200.
    // m3–m4 with 2e6 @ 0.0003: low 0.0001 → 0.0002 × 2e6 = 400; high 0.0009 → 0.0006 × 2e6 = 1200.
    // The exit at 0.0005: favorable 0.0002 × 2e6 = 400.
    // MAE 400 at m3: 0.0002 ÷ 0.0003 = 66.666… → 66.67 %; 400 ÷ 200 = 2.00 R.
    expect(answer.mae).toEqual({
      perShare: '0.0002',
      dollars: '400.00',
      percent: '66.67',
      r: '2.00',
      at: m(3),
      price: '0.0001',
    });
    // MFE 1200 at m3: 0.0006 ÷ 0.0003 = 200.00 %; 6.00 R.
    expect(answer.mfe).toEqual({
      perShare: '0.0006',
      dollars: '1200.00',
      percent: '200.00',
      r: '6.00',
      at: m(3),
      price: '0.0009',
    });
    // Captured 0.0005 − 0.0003 = 0.0002 of 0.0006: 33.33 %.
    expect(answer.efficiency).toBe('33.33');
    // m6–m7: highest high 0.0007 − 0.0005 = 0.0002 × 2e6 = 400.00.
    expect(answer.leftOnTable).toEqual({ perShare: '0.0002', dollars: '400.00' });
  });

  it('treats a risk that is not a positive amount as no risk', () => {
    const fills = [buy(m(0), '100', '1.00'), sell(m(3), '100', '1.10')];
    const bars = [bar(1, 1.2, 0.9)];
    expect(measured({ fills, bars, risk: '0' }).mae.r).toBeNull();
    expect(measured({ fills, bars, risk: null }).mae.r).toBeNull();
    // 0.10 × 100 = 10 ÷ 4 = 2.50 R.
    expect(measured({ fills, bars, risk: '4' }).mae.r).toBe('2.50');
  });

  it('decides a tie in exact decimals, for the earlier moment, where floats would pick the later', () => {
    const answer = measured({
      fills: [buy(m(0, 10), '2000', '2.00'), buy(m(2, 10), '1000', '2.00'), sell(m(5, 10), '3000', '2.00')],
      bars: [bar(1, 2.3, 2), bar(3, 2.2, 2)],
    });
    // m1: (2.30 − 2.00) × 2000 = 600; m3: (2.20 − 2.00) × 3000 = 600. In floats the first is
    // 599.9999999999996 and the second 600.0000000000005; exactly they are equal: the earlier wins.
    expect(answer.mfe).toEqual({
      perShare: '0.3',
      dollars: '600.00',
      percent: '15.00',
      r: null,
      at: m(1),
      price: '2.3',
    });
  });

  it('closes only the shares held when the last fill is larger (the rest of a flip is the next trip)', () => {
    const answer = measured({
      fills: [buy(m(0, 10), '100', '1.00'), sell(m(3, 10), '250', '1.20')],
      bars: [bar(1, 1.1, 0.95), bar(2, 1.15, 0.98), bar(4, 1.3, 1.1)],
    });
    // 100 shares closed at 1.20: captured 0.20 ≥ the MFE per share (the exit itself, 0.20) → 100 %.
    expect(answer.mfe).toMatchObject({ perShare: '0.2', dollars: '20.00', at: m(3) });
    expect(answer.mae).toMatchObject({ perShare: '0.05', dollars: '5.00', at: m(1) });
    expect(answer.efficiency).toBe('100.00');
    // m4: 1.30 − 1.20 = 0.10 × the 100 shares closed (not 250) = 10.00.
    expect(answer.leftOnTable).toEqual({ perShare: '0.1', dollars: '10.00' });
  });

  it('says a trip whose first fill does not open its side is not measurable', () => {
    const answer = measure({
      side: 'short',
      fills: [buy(m(0), '100', '1.00'), sell(m(3), '100', '1.10')],
      bars: [bar(1, 1.2, 0.9)],
    });
    expect(answer).toEqual({
      state: 'not measurable',
      reason: 'Its first fill does not open a short position',
    });
  });

  it('rounds per-share amounts to 6 decimals, trailing zeros dropped', () => {
    expect(perShareText(toDecimal('0.0003'))).toBe('0.0003');
    expect(perShareText(toDecimal('0.10'))).toBe('0.1');
    // 0.01 ÷ 3 = 0.00333… → 0.003333; 2 ÷ 3 cents = 0.00666… → 0.006667 (half up).
    expect(perShareText(toDecimal('0.01').div(3))).toBe('0.003333');
    expect(perShareText(toDecimal('0.02').div(3))).toBe('0.006667');
  });
});
