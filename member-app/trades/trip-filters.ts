import type { Trade } from '../../functions/_lib/contract/index.ts';
import type { ClosedTrade } from '../../functions/_lib/trades/round-trips.ts';
import { tradeWallTime } from './market-executions.ts';
import { type Result, type TripFilters, type TripSearch, validTripSearch } from './trip-search.ts';

/**
 * The filter model of /trades. The page's filters (trip-search.ts: kept in the URL) drive every
 * card, chart and the closed-trades table; the executions table has its own, on the page only.
 * Both read days as market-time dates, `from`/`to` inclusive: a round trip's day is its exit (its
 * P&L is realised when it closes), an execution's is its own time.
 */

export {
  PERIODS,
  type Period,
  RESULTS,
  type Result,
  type TripFilters,
  type TripSearch,
} from './trip-search.ts';

export const ALL_TRIPS: TripFilters = {
  period: 'all',
  from: '',
  to: '',
  side: '',
  symbol: '',
  tag: '',
  result: '',
  currency: '',
};

/** Reads a URL's search (anything a member may type or paste) into filters; unknown values are dropped. */
export const searchToFilters = (search: Record<string, unknown>): TripFilters =>
  searchFilters(validTripSearch(search));

/** The filters a validated search stands for. */
export const searchFilters = (search: TripSearch): TripFilters => ({ ...ALL_TRIPS, ...search });

/** The URL's form of the filters: only what differs from no filter. */
export function filtersToSearch(filters: TripFilters): TripSearch {
  const search: Record<string, string> = {};
  for (const key of Object.keys(ALL_TRIPS) as (keyof TripFilters)[]) {
    if (filters[key] !== ALL_TRIPS[key]) search[key] = filters[key];
  }
  return search as TripSearch;
}

/** Within `[from, to]` (inclusive `YYYY-MM-DD`; '' leaves that side open). */
const inDays = (day: string, from: string, to: string) =>
  (from === '' || day >= from) && (to === '' || day <= to);

const pad = (n: number) => String(n).padStart(2, '0');
const dayText = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** Inclusive `[from, to]` days of the period around `today` (market date); null for all time. */
export function periodDays(filters: TripFilters, today: string): [string, string] | null {
  const [y = 1970, m = 1, d = 1] = today.split('-').map(Number);
  switch (filters.period) {
    case 'all':
      return null;
    case 'today':
      return [today, today];
    case 'week': {
      // Weeks start on Monday, like the market's.
      const date = new Date(Date.UTC(y, m - 1, d));
      date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
      return [dayText(date), today];
    }
    case 'month':
      return [`${y}-${pad(m)}-01`, today];
    case 'ytd':
      return [`${y}-01-01`, today];
    case 'custom':
      return [filters.from || '0000-01-01', filters.to || '9999-12-31'];
  }
}

/** The one day the filters narrow to (a calendar day, or today), else null. */
export function oneDayOf(filters: TripFilters, today: string): string | null {
  if (filters.period === 'today') return today;
  return filters.period === 'custom' && filters.from !== '' && filters.from === filters.to
    ? filters.from
    : null;
}

const resultOf = (net: string): Result =>
  net.startsWith('-') ? 'loss' : /[1-9]/.test(net) ? 'win' : 'scratch';

/** The trips the filters keep; `tagsOf` gives a trip's tag ids. */
export function filterTrips(
  trips: readonly ClosedTrade[],
  filters: TripFilters,
  tagsOf: (id: string) => readonly string[],
  today: string,
): ClosedTrade[] {
  const days = periodDays(filters, today);
  return trips.filter(
    (trip) =>
      (!days || inDays(trip.exit.slice(0, 10), days[0], days[1])) &&
      (filters.side === '' || trip.side === filters.side) &&
      (filters.symbol === '' || trip.symbol.startsWith(filters.symbol)) &&
      (filters.currency === '' || trip.currency === filters.currency) &&
      (filters.result === '' || resultOf(trip.net) === filters.result) &&
      (filters.tag === '' || tagsOf(trip.id).includes(filters.tag)),
  );
}

/** The executions table's filters. */
export interface TradeFilters {
  /** Part of the symbol, any case. */
  symbol: string;
  /** `YYYY-MM-DD` market-time days, inclusive; '' for none. */
  from: string;
  to: string;
  side: '' | 'buy' | 'sell';
  result: '' | '+' | '-';
  /** Part of a position still open, or of a closed round trip. */
  position: '' | 'open' | 'closed';
}

export const NO_FILTERS: TradeFilters = { symbol: '', from: '', to: '', side: '', result: '', position: '' };

/** `open`: ids of the trades in positions still open (stored-trades.ts openTradeIds of every trade). */
export function filterTrades(
  trades: readonly Trade[],
  f: TradeFilters,
  open: ReadonlySet<string> = new Set(),
): Trade[] {
  const symbol = f.symbol.trim().toUpperCase();
  return trades.filter(
    (t) =>
      (symbol === '' || t.symbol.includes(symbol)) &&
      inDays(tradeWallTime(t).slice(0, 10), f.from, f.to) &&
      (f.side === '' || t.tradeType === f.side) &&
      (f.result === '' || t.sellProfit === f.result) &&
      (f.position === '' || open.has(t.trade_id) === (f.position === 'open')),
  );
}
