import type { TripNotes } from '../../functions/_lib/trades/reports.ts';
import type { ClosedTrade, MatchResult } from '../../functions/_lib/trades/round-trips.ts';
import { computeStats, type TradeStats } from '../../functions/_lib/trades/stats.ts';
import { cumulativeDescription, cumulativeSeries, wallToEpoch } from './chart-series.ts';
import type { TripTags } from './trip-tags-data.ts';
import type { Summarise } from './use-trips.ts';

/** One currency's closed trades, open positions and statistics: amounts in CAD and USD are never added. */
export interface CurrencyGroup {
  currency: string;
  closed: ClosedTrade[];
  open: number;
  stats: TradeStats;
  /** The cumulative P&L chart's series and its words, made with the statistics: drawn as they are. */
  chart: { series: [number[], number[]]; description: string };
}

/** The reports file trades under tag names. */
function notesOf(tags: TripTags): ReadonlyMap<string, TripNotes> {
  const names = new Map(tags.tags.map((tag) => [tag.id, tag.name]));
  return new Map(
    Object.entries(tags.trips).map(([id, note]) => [
      id,
      { tags: note.tags.map((tag) => names.get(tag) ?? tag), risk: note.risk },
    ]),
  );
}

/**
 * The statistics of the trips a filter set keeps, per currency, USD first; a journal with nothing
 * in it still has its (empty) USD group. useTrips keeps them with the trips.
 */
export const statsByCurrency: Summarise<CurrencyGroup[]> = (matched: MatchResult, tags: TripTags) => {
  const open = matched.open_positions;
  const notes = notesOf(tags);
  return (closed) => {
    const currencies = [...new Set([...closed, ...open].map((item) => item.currency))].sort((a, b) =>
      a === 'USD' ? -1 : b === 'USD' ? 1 : a < b ? -1 : 1,
    );
    return (currencies.length > 0 ? currencies : ['USD']).map((currency) => {
      const mine = closed.filter((trade) => trade.currency === currency);
      const stats = computeStats(mine, notes);
      const curve = stats.equity_curve;
      return {
        currency,
        closed: mine,
        open: open.filter((position) => position.currency === currency).length,
        stats,
        chart: {
          series: cumulativeSeries(curve, wallToEpoch),
          description: cumulativeDescription(curve, currency),
        },
      };
    });
  };
};
