import type { Trade, TradeAction } from '../contract/trades.ts';
import { answerKey } from '../trades/answer-key.ts';
import { type ClosedTrade, type FlatSellAnswer, matchRoundTrips } from '../trades/round-trips.ts';
import { storedActions } from '../trades/stored-actions.ts';
import { tradesToExecutions } from '../trades/stored-trades.ts';

/** A closed round trip with its fills as stored, in the trip's order (never empty). */
export interface StoredTrip {
  trip: ClosedTrade;
  fills: [Trade, ...Trade[]];
}

/**
 * Stored trades matched into closed round trips exactly as /trades matches them: the member's
 * splits and renames, and their answers to sales with nothing held (by `SYMBOL@ACCOUNT`). The review,
 * the background MAE/MFE job and the rules report all read the journal through here.
 */
export function storedTrips(
  trades: readonly Trade[],
  actions: readonly TradeAction[],
  answers: Readonly<Record<string, FlatSellAnswer>>,
): StoredTrip[] {
  const matched = matchRoundTrips(tradesToExecutions(trades), {
    withFills: true,
    actions: storedActions(actions),
    sellsFromFlat: (key) => answers[answerKey(key)],
  });
  const byId = new Map(trades.map((t) => [t.trade_id, t]));
  return matched.closed_trades.flatMap((trip) => {
    const fills = (trip.fills ?? []).flatMap((id) => byId.get(id) ?? []);
    const [first, ...rest] = fills;
    return first ? [{ trip, fills: [first, ...rest] as StoredTrip['fills'] }] : [];
  });
}
