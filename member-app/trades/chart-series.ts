import type { EquityPoint } from '../../functions/_lib/trades/equity.ts';
import { toDecimal } from '../../functions/_lib/trades/money.ts';
import { formatMoney } from './format.ts';

/** The cumulative P&L chart's series and the same curve in words. */

/**
 * The chart's series from the reports' equity curve: exit time (seconds) and cumulative net. Past
 * `maxPoints` (a chart is at most ~1,000 px wide) the curve is cut into equal runs of trades and each
 * run keeps its first, lowest, highest and last point in order: the line drawn looks the same at
 * the chart's resolution, every peak and trough included, and 10,000 trades redraw as ~2,000.
 */
export function cumulativeSeries(
  curve: readonly EquityPoint[],
  epochOf: (wall: string) => number,
  maxPoints = 2000,
) {
  const keep =
    curve.length <= maxPoints ? curve : extremesByRun(curve, Math.ceil(curve.length / (maxPoints / 4)));
  return [keep.map((p) => epochOf(p.exit) / 1000), keep.map((p) => Number(p.cumulative))] as [
    number[],
    number[],
  ];
}

function extremesByRun(curve: readonly EquityPoint[], run: number): EquityPoint[] {
  const kept: EquityPoint[] = [];
  for (let start = 0; start < curve.length; start += run) {
    const points = curve.slice(start, start + run);
    let low = 0;
    let high = 0;
    points.forEach((p, i) => {
      const value = Number(p.cumulative);
      if (value < Number((points[low] as EquityPoint).cumulative)) low = i;
      if (value > Number((points[high] as EquityPoint).cumulative)) high = i;
    });
    for (const i of [...new Set([0, low, high, points.length - 1])].sort((a, b) => a - b))
      kept.push(points[i] as EquityPoint);
  }
  return kept;
}

/** Exact order of two decimal strings; floats only decide when they differ (the usual case). */
const compareAmounts = (a: string, b: string) => Number(a) - Number(b) || toDecimal(a).cmp(toDecimal(b));

/** The curve's highest and lowest cumulative net, compared exactly (floats alone tie on long decimals). */
export function curveExtremes(curve: readonly EquityPoint[]): { high: string; low: string } | null {
  const first = curve[0];
  if (!first) return null;
  let high = first.cumulative;
  let low = first.cumulative;
  for (const point of curve) {
    if (compareAmounts(point.cumulative, high) > 0) high = point.cumulative;
    if (compareAmounts(point.cumulative, low) < 0) low = point.cumulative;
  }
  return { high, low };
}

/**
 * The chart in words, for screen readers and anyone who prefers numbers: the same curve's amounts
 * as the rest of the page writes money (cents, from the exact strings; the chart itself plots floats).
 */
export function cumulativeDescription(curve: readonly EquityPoint[], currency = 'USD'): string {
  const first = curve[0];
  const last = curve.at(-1);
  const extremes = curveExtremes(curve);
  if (!first || !last || !extremes) return 'No closed trades yet.';
  const money = (value: string) => formatMoney(value, currency);
  const from = first.exit.slice(0, 10);
  const to = last.exit.slice(0, 10);
  const span = from === to ? `on ${from}` : `from ${from} to ${to}`;
  const count = curve.length === 1 ? '1 closed trade' : `${curve.length} closed trades`;
  return `Cumulative net P&L of ${count} ${span}: ends at ${money(last.cumulative)}, highest ${money(extremes.high)}, lowest ${money(extremes.low)}.`;
}

/** A local wall-clock string back to epoch ms on this device. */
export function wallToEpoch(wall: string): number {
  const [y = 0, m = 1, d = 1, h = 0, mi = 0, s = 0] = wall.split(/[-T:]/).map(Number);
  return new Date(y, m - 1, d, h, mi, s).getTime();
}
