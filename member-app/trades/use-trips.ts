import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { Trade, TradeAction } from '../../functions/_lib/contract/index.ts';
import {
  type ActionOutcome,
  answerKey,
  type ClosedTrade,
  type FlatSellAnswer,
  type MatchResult,
  matchRoundTrips,
} from '../../functions/_lib/trades/round-trips.ts';
import { storedActions } from '../../functions/_lib/trades/stored-actions.ts';
import { sortTrips, type TripSortKey } from './closed-trades-view.ts';
import { tradesToExecutions } from './market-executions.ts';
import { marketToday } from './time-zone.ts';
import { tradeActionsQuery } from './trade-actions-data.ts';
import { tradesQuery } from './trades-data.ts';
import { filterTrips, type TripFilters } from './trip-filters.ts';
import type { TripTags } from './trip-tags-data.ts';

/**
 * The one owner of the round trips the pages show: every page of the member's trades, and their
 * splits and symbol changes → round trips (matched once, when the last page and the actions have
 * arrived) → the trips the filters keep → their summary (statistics on /trades, totals in the
 * journal). Every cache of that pipeline is here.
 */

/** Filter sets whose trips (and summary, and sorted rows) are kept: a member flicks between a few. */
const KEPT_FILTER_SETS = 8;

/**
 * Makes the summary of a list of trips, given what every filter set shares (the open positions, the
 * tags). A module-level function: a new one each render would work everything out again.
 */
export type Summarise<S> = (matched: MatchResult, tags: TripTags) => (trips: readonly ClosedTrade[]) => S;

/** The trips one filter set keeps, with their summary and their rows in any order the table asks for. */
export interface TripView<S> {
  trips: readonly ClosedTrade[];
  summary: S;
  sorted: (key: TripSortKey, direction: 'ascending' | 'descending') => readonly ClosedTrade[];
}

export const NO_TAGS: TripTags = { tags: [], trips: {} };

/**
 * Every trade of the member (or of one symbol: its own index on the server), page after page as
 * each answer arrives; round trips need them all.
 */
function useEveryTrade(symbol: string | undefined) {
  const query = useInfiniteQuery(tradesQuery(symbol ? { symbol } : null));
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const trades = useMemo(() => query.data?.pages.flatMap((p) => p.trades) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total ?? 0;
  return { trades, total, isPending: query.isPending, complete: !query.isPending && trades.length >= total };
}

/**
 * The views of every filter set over one matching and one set of tags, the last few kept: going
 * back to a set (every trade, most often) hands the table and the statistics the very rows and
 * numbers they had, so neither works again. A new matching or new tags make a new store.
 */
function tripViews<S>(matched: MatchResult, tags: TripTags, summarise: Summarise<S>) {
  const kept = new Map<string, TripView<S>>();
  const summaryOf = summarise(matched, tags);
  const tagsOf = (id: string) => tags.trips[id]?.tags ?? [];
  return (filters: TripFilters, today: string): TripView<S> => {
    const key = `${today} ${JSON.stringify(filters)}`;
    const hit = kept.get(key);
    if (hit) return hit;
    const trips = filterTrips(matched.closed_trades, filters, tagsOf, today);
    const orders = new Map<string, readonly ClosedTrade[]>();
    const view: TripView<S> = {
      trips,
      summary: summaryOf(trips),
      sorted: (by, direction) => {
        const order = `${by} ${direction}`;
        const rows = orders.get(order) ?? sortTrips(trips, by, direction);
        orders.set(order, rows);
        return rows;
      },
    };
    if (kept.size >= KEPT_FILTER_SETS) kept.delete(kept.keys().next().value ?? '');
    kept.set(key, view);
    return view;
  };
}

const noSummary: Summarise<null> = () => () => null;

/**
 * The round trips the filters keep, and what they come from. `view` and `matched` are null until
 * every trade has arrived: a partial history gives wrong round trips, so they are matched once,
 * not per page; a filter change only filters (and sums) again.
 */
export function useTrips<S = null>(
  filters: TripFilters,
  {
    symbol,
    tags = NO_TAGS,
    summarise = noSummary as Summarise<S>,
    sellsFromFlat,
  }: {
    /** Only this symbol's trades are read. */
    symbol?: string;
    /** The member's tags (the tag filter, the reports by tag); none unless given. */
    tags?: TripTags;
    summarise?: Summarise<S>;
    /** The member's answers to sales with nothing held before them (flat-sell-answers.ts), by `answerKey`. */
    sellsFromFlat?: Readonly<Record<string, FlatSellAnswer>>;
  } = {},
) {
  const { trades, total, isPending, complete } = useEveryTrade(symbol);
  // The splits and symbol changes apply between the fills; a failed read matches without them.
  const kept = useQuery(tradeActionsQuery());
  const actions = useMemo(() => kept.data?.actions ?? [], [kept.data]);
  const corporate = useMemo(() => storedActions(actions), [actions]);
  // An empty journal has nothing to apply them to: it is drawn at once, without waiting for them.
  const ready = complete && (!kept.isPending || trades.length === 0);
  const matched = useMemo(
    () =>
      ready
        ? matchRoundTrips(tradesToExecutions(trades), {
            withFills: true,
            actions: corporate,
            sellsFromFlat: (key) => sellsFromFlat?.[answerKey(key)],
          })
        : null,
    [trades, ready, corporate, sellsFromFlat],
  );
  const outcomes = useMemo(() => {
    const idOf = new Map(corporate.map((action, i) => [action, actions[i]?.action_id ?? '']));
    const byId = new Map<string, ActionOutcome[]>();
    for (const outcome of matched?.actions ?? []) {
      const id = idOf.get(outcome.action) ?? '';
      byId.set(id, [...(byId.get(id) ?? []), outcome]);
    }
    return byId;
  }, [corporate, actions, matched]);
  const byId = useMemo(() => new Map(trades.map((trade) => [trade.trade_id, trade])), [trades]);
  const views = useMemo(
    () => (matched ? tripViews(matched, tags, summarise) : null),
    [matched, tags, summarise],
  );
  const today = marketToday();
  const view = useMemo(() => views?.(filters, today) ?? null, [views, filters, today]);
  return {
    /** Every trade read so far. */
    trades: trades as readonly Trade[],
    byId: byId as ReadonlyMap<string, Trade>,
    total,
    isPending,
    matched,
    /** The member's splits and symbol changes, and what each did to the positions it met (by id). */
    actions: actions as readonly TradeAction[],
    outcomes: outcomes as ReadonlyMap<string, readonly ActionOutcome[]>,
    view,
  };
}
