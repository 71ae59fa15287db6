import type { Resolution } from '../market/bars.ts';
import { marketDay } from '../market/market-day.ts';
import { dateOnlyDay } from '../trades/date-only.ts';

/** A trip held up to this many market days is measured on 1-minute bars; a longer one is drawn on daily bars. */
export const MINUTE_DAYS = 5;
/** Why a trip held longer has no MAE/MFE (the review and the table say the same). */
export const HELD_LONG_REASON = `Held over ${MINUTE_DAYS} market days: MAE and MFE are measured on 1-minute bars for shorter trades`;
/** Daily bars around a trip drawn on them: this many calendar days before its entry and after its exit. */
const DAILY_BEFORE = 30;
const DAILY_AFTER = 10;
const DAY_MS = 86_400_000;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const isWeekday = (day: string) => {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
};

/** Every weekday from `from` to `to`, both included (holidays are days without bars, not errors). */
export function weekdays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) if (isWeekday(day)) days.push(day);
  return days;
}

/** The bars a trip is drawn and measured on: which resolution, over which market days. */
export interface TripDays {
  resolution: Resolution;
  days: string[];
  /** Why minute bars are not used, when they are not (the page says it). */
  why: 'date only' | 'held long' | null;
}

/**
 * The days of bars a trip needs: the weekdays from its entry to its exit on 1-minute bars, or daily
 * bars around it when its file gave dates alone (the time of day is unknown) or it was held longer
 * than MINUTE_DAYS market days (a chart of thousands of minutes says less than its days).
 */
export function tripDays(entryMs: number, exitMs: number, dateOnly: boolean): TripDays {
  const entry = dateOnly ? dateOnlyDay(entryMs) : marketDay(entryMs);
  const exit = dateOnly ? dateOnlyDay(exitMs) : marketDay(exitMs);
  const held = weekdays(entry, exit);
  if (!dateOnly && held.length <= MINUTE_DAYS) return { resolution: 'minute', days: held, why: null };
  return {
    resolution: 'day',
    days: weekdays(addDays(entry, -DAILY_BEFORE), addDays(exit, DAILY_AFTER)),
    why: dateOnly ? 'date only' : 'held long',
  };
}
