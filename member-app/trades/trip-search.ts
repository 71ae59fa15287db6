/**
 * The page's filters as the URL holds them (shareable; the back button steps through them). The
 * route validates its search with this module, so it is in the app's first load: it holds the
 * filters' shape and one rule a filter, no more (the model is trip-filters.ts).
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

/** The URL's form: only what differs from no filter. */
export type TripSearch = Partial<TripFilters>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
// What each filter may hold, in the filters' order; a default value ('all', '') is never kept.
const RULES: [keyof TripFilters, RegExp][] = [
  ['period', /^(?:today|week|month|ytd|custom)$/],
  ['from', DAY],
  ['to', DAY],
  ['side', /^(?:long|short)$/],
  ['symbol', /^[A-Za-z0-9.^$-]{1,12}$/],
  ['tag', /^(?:setup|mistake):[a-z0-9-]{1,80}$/],
  ['result', /^(?:win|loss|scratch)$/],
  ['currency', /^[A-Z]{3}$/],
];

/**
 * Reads a URL's search (anything a member may type or paste) into the filters it sets: unknown
 * values are dropped, not refused; a symbol loses its `$` and is upper-cased.
 */
export function validTripSearch(search: Record<string, unknown>): TripSearch {
  const valid: Record<string, string> = {};
  for (const [key, rule] of RULES) {
    let value = search[key];
    if (typeof value !== 'string' || !rule.test(value)) continue;
    if (key === 'symbol') value = value.replace(/^\$/, '').toUpperCase();
    if (value !== '') valid[key] = value as string;
  }
  return valid as TripSearch;
}
