import { describe, expect, it } from 'vitest';
import { amountRange, timeRange } from '../../member-app/trades/chart-range.ts';
import { cumulativeSeries } from '../../member-app/trades/chart-series.ts';

// The cumulative P&L chart's axes (docs/trades.md): they span exactly the trades shown.

const epoch = (wall: string) => Date.parse(`${wall}Z`);
const point = (exit: string, cumulative: string, i = 0) => ({ trade: i + 1, id: `t${i}`, exit, cumulative });
const year = 365 * 86_400;

describe('the chart’s time axis', () => {
  it('puts one trade in the middle of a few hours of its own day', () => {
    const [[x]] = cumulativeSeries([point('2026-11-25T10:30:00', '773.8')], epoch);
    const [min, max] = timeRange(x ?? 0, x ?? 0);
    expect(min).toBeLessThan(x ?? 0);
    expect(max).toBeGreaterThan(x ?? 0);
    expect((x ?? 0) - min).toBe(max - (x ?? 0));
    expect(max - min).toBeLessThanOrEqual(86_400);
    expect(new Date(min * 1000).toISOString().slice(0, 10)).toBe('2026-11-25');
    expect(new Date(max * 1000).toISOString().slice(0, 10)).toBe('2026-11-25');
  });

  it('spans two trades of one day from the first exit to the last, inside that day', () => {
    const [x] = cumulativeSeries(
      [point('2026-11-25T09:45:00', '10', 0), point('2026-11-25T15:10:00', '-5', 1)],
      epoch,
    );
    expect(timeRange(Math.min(...x), Math.max(...x))).toEqual([
      epoch('2026-11-25T09:45:00') / 1000,
      epoch('2026-11-25T15:10:00') / 1000,
    ]);
  });

  it('never runs into years with no trades', () => {
    const [x] = cumulativeSeries(
      [point('2026-01-02T10:00:00', '1', 0), point('2026-11-25T10:00:00', '2', 1)],
      epoch,
    );
    const [min, max] = timeRange(Math.min(...x), Math.max(...x));
    expect(max - min).toBeLessThan(year);
    expect(min).toBe(x[0]);
    expect(max).toBe(x[1]);
  });

  it('has a range even with nothing to draw', () => {
    const [min, max] = timeRange(null, null);
    expect(max).toBeGreaterThan(min);
  });
});

describe('the chart’s money axis', () => {
  it('keeps 0 in view around a lone gain or loss', () => {
    const [low, high] = amountRange(773.8, 773.8);
    expect(low).toBeLessThan(0);
    expect(high).toBeGreaterThan(773.8);
    expect(high).toBeLessThan(1000);
    const [lossLow, lossHigh] = amountRange(-750.36, -750.36);
    expect(lossLow).toBeLessThan(-750.36);
    expect(lossHigh).toBeGreaterThan(0);
  });

  it('spans a curve crossing zero with a margin, and a flat zero curve', () => {
    const [low, high] = amountRange(-100, 300);
    expect(low).toBeCloseTo(-140);
    expect(high).toBeCloseTo(340);
    expect(amountRange(0, 0)).toEqual([-1, 1]);
  });
});
