import { queryOptions } from '@tanstack/react-query';
import type { FlatSellAnswer } from '../../../functions/_lib/trades/round-trips.ts';
import { callApi } from '../../api/client.ts';
import { sessionIdentity } from '../../auth/session.ts';

/**
 * The trade review's one call (docs/trades.md, "Trade review"): the trip, its fills, bars, MAE/MFE
 * and rule checks. Under `trades`, so any trade write (trades-writes.ts) asks for it again.
 */
export const reviewQuery = (trip: string) =>
  queryOptions({
    queryKey: ['trades', 'review', trip],
    // The member's answers to sales with nothing held, so a trip they explained is found as /trades found it.
    queryFn: () => callApi('trades/review', { trip, answers: answersSaved() }),
  });

/**
 * The answers /trades keeps in this browser (flat-sell-answers.ts, same key), read here rather than
 * imported: a module this page shared with /trades would be split out and named in the app's first load.
 */
function answersSaved(): Record<string, FlatSellAnswer> {
  try {
    const saved = JSON.parse(
      localStorage.getItem(`trade-flat-sells:${sessionIdentity() ?? 'visitor'}`) ?? '{}',
    );
    return Object.fromEntries(
      Object.entries(saved ?? {}).filter(([, value]) => value === 'short' || value === 'held'),
    ) as Record<string, FlatSellAnswer>;
  } catch {
    return {};
  }
}
