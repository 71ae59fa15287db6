import type { ClosedTrade } from './round-trips.ts';

/**
 * What a stored MAE/MFE was measured for (docs/trades.md, "MAE and MFE on /trades"): the trip's
 * executions count, its exit (the last fill's instant, ms: the same whatever time zone the page
 * shows), shares and net. Stored beside the excursion and worked out again in the browser from its
 * own matching: when the two differ (a fill was added, edited or deleted since), the stored value
 * is stale and the table shows it is being measured again.
 */
export function tripSignature(
  trip: Pick<ClosedTrade, 'executions' | 'shares' | 'net'>,
  exitAt: number,
): string {
  return `${trip.executions}|${exitAt}|${trip.shares}|${trip.net}`;
}
