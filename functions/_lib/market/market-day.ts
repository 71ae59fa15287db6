/**
 * Market days: the US markets keep New York time, DST included, so a bar belongs to the
 * America/New_York date of its start (a daily bar's `t` is that day's midnight in New York).
 */
import { epochToWallTime, zonedTimeToEpoch } from '../trades/zoned-time.ts';

export const MARKET_ZONE = 'America/New_York';
export const MARKET_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** An instant on New York's wall clock, `YYYY-MM-DDTHH:MM:SS` (the trade review's fill times). */
export const marketWallTime = (epochMs: number): string => epochToWallTime(epochMs, MARKET_ZONE);

/** The New York date of an instant. */
export const marketDay = (epochMs: number): string => marketWallTime(epochMs).slice(0, 10);

/** Epoch ms of a New York wall-clock time on a day (`HH:MM`). */
export function marketTime(day: string, time: string): number {
  const epoch = zonedTimeToEpoch(`${day}T${time}`, MARKET_ZONE);
  if (epoch === null) throw new RangeError(`Not a market day: ${day}`);
  return epoch;
}

/** Whole calendar days from one `YYYY-MM-DD` to another. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
