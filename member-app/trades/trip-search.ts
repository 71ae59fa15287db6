/**
 * The page's filters as the URL holds them (shareable; the back button steps through them). The
 * route validates its search with this module, so it is in the app's first load: it holds the
 * filters' shape and their reading only; what they keep is trip-filters.ts.
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

/** The URL's form: only what differs from no filter. */
export type TripSearch = Partial<TripFilters>;

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
  const search: Record<string, string> = {};
  for (const key of Object.keys(ALL_TRIPS) as (keyof TripFilters)[]) {
    if (filters[key] !== ALL_TRIPS[key]) search[key] = filters[key];
  }
  return search as TripSearch;
}

/** The filters a validated search stands for. */
export const searchFilters = (search: TripSearch): TripFilters => ({ ...ALL_TRIPS, ...search });
