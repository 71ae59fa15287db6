import { zonedTimeToEpoch } from '../zoned-time.ts';
import { RowError } from './table.ts';

/** Date and time cells as US brokers print them, turned into the Execution's local time and instant. */

/** `MM/DD/YYYY` or `M/D/YY` → `YYYY-MM-DD`; null when it is not such a date. */
export function usDate(text: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, m = '', d = '', y = ''] = match;
  const year = y.length === 2 ? `20${y}` : y;
  return `${year}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
}

/** `H:MM[:SS]` → `HH:MM:SS`; null otherwise. */
export function clockTime(text: string): string | null {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const [, h = '', m = '', s = '00'] = match;
  return `${h.padStart(2, '0')}:${m}:${s}`;
}

/** `YYYY-MM-DD` + `HH:MM:SS` in the file's zone → the Execution's time fields. */
export function localTime(
  date: string | null,
  time: string | null,
  timeZone: string,
): { time: string; epochMs: number } {
  if (date === null) throw new RowError('date is missing or not a date');
  if (time === null) throw new RowError('time is missing or not a time');
  return zoned(`${date}T${time}`, timeZone);
}

/** Date-only rows (Schwab): the instant is local midnight, the time stays a date. */
export function localDate(date: string | null, timeZone: string): { time: string; epochMs: number } {
  if (date === null) throw new RowError('date is missing or not a date');
  return zoned(date, timeZone);
}

function zoned(wall: string, timeZone: string): { time: string; epochMs: number } {
  const epochMs = zonedTimeToEpoch(wall, timeZone);
  if (epochMs === null) throw new RowError(`"${wall}" is not a valid date and time`);
  return { time: wall, epochMs };
}
