import { describe, expect, it } from 'vitest';
import {
  chartDescription,
  chartSeries,
  churnPercent,
  count,
  dayOfSeconds,
  dollars,
  latestDays,
  legendValue,
} from '../../member-app/console/figures-format.ts';

describe('the Money tab’s figures (member-app/console/figures-format.ts)', () => {
  it('shows churn as a percentage with two decimals, exactly as computed', () => {
    expect(churnPercent('0.0123')).toBe('1.23%');
    expect(churnPercent('0.0000')).toBe('0.00%');
    expect(churnPercent('0.0005')).toBe('0.05%');
    expect(churnPercent('0.1000')).toBe('10.00%');
    expect(churnPercent('1.0000')).toBe('100.00%');
    expect(churnPercent('2.5000')).toBe('250.00%'); // more lost than at the start (members joined midway)
    expect(churnPercent(null)).toBe('—');
    expect(churnPercent('0.1')).toBe('—'); // not the server's 4-decimal form: never a wrong figure
  });

  it('shows amounts in dollars with separators, without floating point', () => {
    expect(dollars('0.00')).toBe('$0.00');
    expect(dollars('1234.5')).toBe('$1,234.50');
    expect(dollars('1234567.89')).toBe('$1,234,567.89');
    expect(dollars('90071992547409.93')).toBe('$90,071,992,547,409.93');
    expect(dollars('15')).toBe('$15.00');
    expect(dollars('-3.10')).toBe('-$3.10');
    expect(dollars('n/a')).toBe('n/a');
    expect(count(12345)).toBe('12,345');
  });

  it('turns the days into the chart’s series and says them in words', () => {
    const days = [
      { day: '2026-11-24', active: { monthly: 3, yearly: 1 }, mrr: '120.50' },
      { day: 'not a day', active: { monthly: 9, yearly: 9 }, mrr: '1.00' },
      { day: '2026-11-25', active: { monthly: 4, yearly: 1 }, mrr: '150.00' },
    ];
    const series = chartSeries(days);
    expect(series).toEqual([
      [Date.UTC(2026, 10, 24) / 1000, Date.UTC(2026, 10, 25) / 1000],
      [4, 5],
      [120.5, 150],
    ]);
    expect(chartDescription(days)).toBe(
      'From 2026-11-24 to 2026-11-25: active members 4 → 5, MRR $120.50 → $150.00.',
    );
    expect(chartDescription([])).toBe('No days recorded yet.');
  });

  it('gives the chart’s legend a value: the day under the cursor, else the latest day, never "--"', () => {
    const mrr = [120.5, null, 150];
    const money = (v: number) => dollars(v.toFixed(2));
    expect(legendValue(mrr, 0, money)).toBe('$120.50');
    expect(legendValue(mrr, null, money)).toBe('$150.00');
    expect(legendValue(mrr, 1, money)).toBe('—'); // a day without a value
    expect(legendValue([], null, money)).toBe('—');
    expect(dayOfSeconds(Date.UTC(2026, 10, 25) / 1000)).toBe('2026-11-25');
  });

  it('lists the latest days newest first', () => {
    expect(latestDays(['a', 'b', 'c', 'd'], 3)).toEqual(['d', 'c', 'b']);
    expect(latestDays(['a'], 14)).toEqual(['a']);
  });
});
