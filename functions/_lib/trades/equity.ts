import type { ClosedTrade } from './round-trips.ts';
import type { Units } from './units.ts';

/** One point of the equity curve: cumulative net after the `trade`-th trade to close. */
export interface EquityPoint {
  trade: number;
  id: string;
  exit: string;
  cumulative: string;
}

/** A trade number on the curve (0 = before the first trade) and when that trade closed. */
export interface CurvePoint {
  trade: number;
  exit: string | null;
}

export interface EquityReport {
  equity_curve: EquityPoint[];
  /** Largest fall of cumulative net from a previous peak (the start counts as a peak of 0), ≥ 0. */
  max_drawdown: string;
  /** The peak the largest fall started from and the trough it reached; null without a fall. */
  max_drawdown_start: CurvePoint | null;
  max_drawdown_end: CurvePoint | null;
}

const compareExit = (a: { exit: string }, b: { exit: string }) =>
  a.exit < b.exit ? -1 : a.exit > b.exit ? 1 : 0;

/** Trades in the order they closed; equal exits keep their given order (by entry). */
export const byExit = <T extends { exit: string }>(trades: readonly T[]): T[] =>
  [...trades].sort(compareExit);

/**
 * Equity curve by trade number and its maximum drawdown, exact. The peak is the latest point at the
 * running high (an equal later high restarts the fall from there); of two equal falls the first is
 * kept. `nets[i]` is the net of `inOrder[i]` in `units`.
 */
export function equityReport(
  inOrder: readonly ClosedTrade[],
  nets: readonly bigint[],
  units: Units,
): EquityReport {
  const curve: EquityPoint[] = [];
  let total = 0n;
  let peak = 0n;
  let peakAt = 0;
  let worst = 0n;
  let span: [number, number] | null = null;
  inOrder.forEach((trade, index) => {
    total += nets[index] ?? 0n;
    const n = index + 1;
    curve.push({ trade: n, id: trade.id, exit: trade.exit, cumulative: units.text(total) });
    if (total >= peak) {
      peak = total;
      peakAt = n;
    } else if (peak - total > worst) {
      worst = peak - total;
      span = [peakAt, n];
    }
  });
  const at = (n: number): CurvePoint => ({ trade: n, exit: inOrder[n - 1]?.exit ?? null });
  const found = span as [number, number] | null;
  return {
    equity_curve: curve,
    max_drawdown: units.text(worst),
    max_drawdown_start: found ? at(found[0]) : null,
    max_drawdown_end: found ? at(found[1]) : null,
  };
}
