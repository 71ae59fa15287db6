/**
 * The day of a date-only trade, in a module of its own: the page's formatting reads it in every trades
 * chunk, and importing it from stored-trades.ts would split that module out of the route it belongs to.
 */

const HALF_DAY_MS = 43_200_000;

/**
 * The `YYYY-MM-DD` of a date-only trade (`dateOnly`), whose instant is that day's midnight in the
 * zone its file was read in. Midnight of day D in a zone h hours east of UTC is D 00:00 UTC − h, so
 * half a day later it is on D in UTC for any zone from UTC−11:45 to UTC+12 — every zone the import
 * offers, Honolulu to Sydney — whatever zone the member reads trades in.
 */
export const dateOnlyDay = (ms: number): string => new Date(ms + HALF_DAY_MS).toISOString().slice(0, 10);
