import type { ClosedTrade } from '../../functions/_lib/trades/round-trips.ts';

/**
 * The filters every card, table and chart of /trades follows, kept in the URL (shareable, the back
 * button steps through them). Days are market-time dates of the trade's exit: a trade's P&L is
 * realised when it closes.
 */

export const PERIODS = ['all', 'today', 'week', 'month', 'ytd', 'custom'] as const;
export type Period = (typeof PERIODS)[number];
export const RESULTS = ['win', 'loss', 'scratch'] as const;
export type Result = (typeof RESULTS)[number];

export interface TripFilters {
  period: Period;
  /** `YYYY-MM-DD`, inclusive, for a custom period; '' for open-ended. */
  from: string;
  to: string;
  side: '' | 'long' | 'short';
  symbol: string;
  /** A tag id. */
  tag: string;
  result: '' | Result;
  currency: string;
}

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

/** The URL's form: only what differs from no filter, as strings. */
export type TripSearch = Partial<Record<keyof TripFilters, string>>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;
const text = (value: unknown, pattern: RegExp) =>
  typeof value === 'string' && pattern.test(value) ? value : '';

/** Reads a URL's search (anything a member may type or paste) into filters; unknown values are dropped. */
export function searchToFilters(search: Record<string, unknown>): TripFilters {
  return {
    period: oneOf(PERIODS, search.period) ?? 'all',
    from: text(search.from, DAY),
    to: text(search.to, DAY),
    side: oneOf(['long', 'short'] as const, search.side) ?? '',
    symbol: text(search.symbol, /^[A-Za-z0-9.^$-]{1,12}$/)
      .replace(/^\$/, '')
      .toUpperCase(),
    tag: text(search.tag, /^(?:setup|mistake):[a-z0-9-]{1,80}$/),
    result: oneOf(RESULTS, search.result) ?? '',
    currency: text(search.currency, /^[A-Z]{3}$/),
  };
}

export function filtersToSearch(filters: TripFilters): TripSearch {
  const search: TripSearch = {};
  for (const key of Object.keys(ALL_TRIPS) as (keyof TripFilters)[]) {
    if (filters[key] !== ALL_TRIPS[key]) search[key] = filters[key];
  }
  return search;
}

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
  return trips.filter((trip) => {
    const day = trip.exit.slice(0, 10);
    return (
      (!days || (day >= days[0] && day <= days[1])) &&
      (filters.side === '' || trip.side === filters.side) &&
      (filters.symbol === '' || trip.symbol.startsWith(filters.symbol)) &&
      (filters.currency === '' || trip.currency === filters.currency) &&
      (filters.result === '' || resultOf(trip.net) === filters.result) &&
      (filters.tag === '' || tagsOf(trip.id).includes(filters.tag))
    );
  });
}
