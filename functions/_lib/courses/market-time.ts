/**
 * Instants read on the US market's clock (America/New_York, daylight saving included), for the rules
 * checked on a member's trades: the open is 09:30 New York time in March as in November, whatever
 * UTC says, and a week of trades is a New York week.
 */

import { marketWallTime } from '../market/market-day.ts';

export { MARKET_ZONE } from '../market/market-day.ts';
/** The regular session opens at 09:30 and closes at 16:00, market time (seconds after midnight). */
export const OPEN_SECOND = 9 * 3600 + 30 * 60;
export const CLOSE_SECOND = 16 * 3600;

const DAY_MS = 86_400_000;

/** The market day (`YYYY-MM-DD`) of an instant and its time of day there, in seconds after midnight. */
export function marketClock(ms: number): { day: string; second: number } {
  const wall = marketWallTime(ms);
  const [hour = 0, minute = 0, second = 0] = wall.slice(11).split(':').map(Number);
  return { day: wall.slice(0, 10), second: hour * 3600 + minute * 60 + second };
}

/** `HH:MM` of a time of day in seconds. */
export const clockText = (second: number): string =>
  `${String(Math.floor(second / 3600)).padStart(2, '0')}:${String(Math.floor((second % 3600) / 60)).padStart(2, '0')}`;

/** The Monday (`YYYY-MM-DD`) of the market week an instant falls in: weeks run Monday to Sunday, New York time. */
export function marketWeek(ms: number): string {
  const { day } = marketClock(ms);
  const date = Date.parse(`${day}T00:00:00Z`);
  const sinceMonday = (new Date(date).getUTCDay() + 6) % 7;
  return new Date(date - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}
