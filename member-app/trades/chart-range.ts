/** The cumulative P&L chart's axes: in PnlChart's own chunk, loaded with uPlot. */

/** Three hours each side of a lone exit (seconds): one trade is a point with its day around it. */
const LONE_POINT_PAD = 3 * 3600;

/**
 * The chart's time axis (seconds): exactly the first to the last exit shown, never years beyond them.
 * One exit (or several at one second) has no span, which uPlot's own range widens by the value's
 * magnitude into years: it gets a few hours either side instead.
 */
export function timeRange(min: number | null, max: number | null): [number, number] {
  if (min === null || max === null || !Number.isFinite(min) || !Number.isFinite(max)) {
    const now = Math.floor(Date.now() / 1000);
    return [now - LONE_POINT_PAD, now + LONE_POINT_PAD];
  }
  return max > min ? [min, max] : [min - LONE_POINT_PAD, max + LONE_POINT_PAD];
}

/** The money axis: the curve's values with 0 always in view and a tenth of the span as margin. */
export function amountRange(min: number | null, max: number | null): [number, number] {
  const low = Math.min(0, min ?? 0);
  const high = Math.max(0, max ?? 0);
  const margin = (high - low) / 10 || 1;
  return [low - margin, high + margin];
}
