import { abbreviatedTimeToEpoch, utcOffsetMinutes, zonedTimeToEpoch } from '../zoned-time.ts';
import { RowError } from './table.ts';

/**
 * Dates and times as exports and Excel re-saves print them: ISO (`2025-03-04 09:31:02`, `T`, an
 * optional fraction and offset, `2026-03-19, 09:35:12`), slashed (`03/04/2025 9:31 AM`, `3/30/26`; the
 * order is month first unless told), dotted (`20.07.2026 09:30:00`: always day first), compact (`20250304;093102`, IBKR's style) or with a month name
 * (`Jul 20, 2026 09:30:00 ET`). A zone after the time, after spaces or a comma (`EDT`, `ET`, `-0500`,
 * `2026/07/20 08:03:06,GMT-04`, `UTC+02`, `GMT+8`, `09:35:12, US/Eastern`), wins over the file's.
 * A date without a time is the day at midnight, and its time stays a date (time of day unknown).
 */

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T\s,;]+(.+))?$/;
const SLASHED_YEAR_FIRST = /^(\d{4})\/(\d{1,2})\/(\d{1,2})(?:[\s,;]+(.+))?$/;
const SLASHED = /^(\d{1,2})([/.-])(\d{1,2})[/.-](\d{2}|\d{4})(?:[ ,;]+(.+))?$/;
const COMPACT = /^(\d{4})(\d{2})(\d{2})(?:[ ,;]+(.+))?$/;
const NAMED = /^([a-z]{3})[a-z]*\.? (\d{1,2}),? (\d{4})(?:[ ,;]+(.+))?$/i;
/** The day first: `16 Dec 2025`, `16-Dec-2025` (Questrade Edge, many non-US exports). */
const DAY_NAMED = /^(\d{1,2})[ -]([a-z]{3})[a-z]*\.?,?[ -](\d{4})(?:[ ,;]+(.+))?$/i;
/** A time, then a zone after spaces or a comma: `EDT`, `-0500`, `GMT-04`, `UTC+02`, `GMT+8`, `US/Eastern`. */
const CLOCK =
  /^(\d{1,2}):?(\d{2}):?(\d{2})?(?:\.\d+)?\s*(am|pm|a\.m\.|p\.m\.)?[\s,]*((?:gmt|utc)\s*[+-]\d{1,2}(?::?\d{2})?|z|[+-]\d{2}:?\d{2}|[a-z]{2,4}|[a-z]+(?:\/[a-z_+-]+)+)?$/i;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const pad = (n: string | number) => String(n).padStart(2, '0');

export type DateOrder = 'MDY' | 'DMY';

/**
 * How the clock text places the time: an offset in minutes, a US zone abbreviation, a zone name
 * (`Australia/Sydney`), or the file's zone (null).
 */
type Zone = { offset: number } | { abbreviation: string } | { timeZone: string } | null;

/** `HH:MM:SS` (24 h) and the zone the text names, if any; null when not a time. */
function clock(text: string): { time: string; zone: Zone } | null {
  const match = CLOCK.exec(text.trim());
  if (!match) return null;
  const [, h = '', m = '', s = '00', meridiem, zone] = match;
  let hour = Number(h);
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem.toLowerCase().startsWith('p') ? 12 : 0);
  }
  if (hour > 23 || Number(m) > 59 || Number(s) > 59) return null;
  return { time: `${pad(hour)}:${m}:${pad(s)}`, zone: zoneOf(zone) };
}

function zoneOf(text: string | undefined): Zone {
  if (!text) return null;
  const offset = utcOffsetMinutes(text);
  if (offset !== null) return { offset };
  if (text.includes('/')) return { timeZone: text };
  const upper = text.toUpperCase();
  // `ET` is whichever of EST/EDT is in force: the file's zone (New York by default) says which.
  return upper === 'ET' ? null : { abbreviation: upper };
}

function ymd(year: string, month: string | number, day: string): string | null {
  const y = year.length === 2 ? `20${year}` : year;
  const mm = Number(month);
  const dd = Number(day);
  if (mm < 1 || mm > 12 || dd < 1 || dd > 31) return null;
  return `${y}-${pad(mm)}-${pad(dd)}`;
}

/** The date part and the rest (a time, if the cell has one). */
function splitDate(text: string, order: DateOrder): { date: string | null; rest: string | undefined } | null {
  let match = ISO.exec(text) ?? SLASHED_YEAR_FIRST.exec(text) ?? COMPACT.exec(text);
  if (match) {
    const [, y = '', m = '', d = '', rest] = match;
    return { date: ymd(y, m, d), rest };
  }
  match = SLASHED.exec(text);
  if (match) {
    const [, a = '', separator, b = '', y = '', rest] = match;
    // Dots are how day-first countries write a date (`20.07.2026`); no export writes the month first with them.
    const dayFirst = order === 'DMY' || separator === '.';
    return { date: dayFirst ? ymd(y, b, a) : ymd(y, a, b), rest };
  }
  match = NAMED.exec(text);
  if (match) {
    const [, name = '', d = '', y = '', rest] = match;
    const month = MONTHS.indexOf(name.toLowerCase()) + 1;
    return { date: month === 0 ? null : ymd(y, month, d), rest };
  }
  match = DAY_NAMED.exec(text);
  if (match) {
    const [, d = '', name = '', y = '', rest] = match;
    const month = MONTHS.indexOf(name.toLowerCase()) + 1;
    return { date: month === 0 ? null : ymd(y, month, d), rest };
  }
  return null;
}

/** A whole cell that is a numeric date with the year last (`20/07/2026`, `7-20-26 09:30`): its two leading parts. */
const NUMERIC_DATE = /^(\d{1,2})[/-](\d{1,2})[/-](?:\d{2}|\d{4})(?:[ ,;T]|$)/;

/**
 * The order a file writes its numeric dates in, from the dates themselves: day first when one of
 * them can only be read so (`20/07/2026`), month first when one can only be read that way
 * (`07/20/2026`), else — every date ambiguous (`03/04/2026`), none numeric, or both kinds in one
 * file — the order the export documents. Dotted dates are day first whatever this says.
 */
export function fileDateOrder(cells: Iterable<string>, documented: DateOrder): DateOrder {
  let dayFirst = false;
  let monthFirst = false;
  for (const cell of cells) {
    const match = NUMERIC_DATE.exec(cell);
    if (!match) continue;
    const first = Number(match[1]);
    const second = Number(match[2]);
    if (first > 12 && second <= 12) dayFirst = true;
    else if (second > 12 && first <= 12) monthFirst = true;
  }
  if (dayFirst !== monthFirst) return dayFirst ? 'DMY' : 'MDY';
  return documented;
}

/** The `YYYY-MM-DD` of a date cell (any time in it ignored), or null when it is not a date. */
export function dateOnly(text: string, order: DateOrder = 'MDY'): string | null {
  return splitDate(text.trim(), order)?.date ?? null;
}

/** One row's local wall time and instant from its date cell and, when separate, its time cell. */
export function anyDateTime(
  dateCell: string,
  timeCell: string | null,
  order: DateOrder,
  timeZone: string,
): { time: string; epochMs: number } {
  const parts = splitDate(dateCell.trim(), order);
  if (!parts || parts.date === null) throw new RowError(`date "${dateCell}" is not a date`);
  const timeText = timeCell ?? parts.rest;
  if (timeText === undefined || timeText.trim() === '') {
    const epochMs = zonedTimeToEpoch(parts.date, timeZone);
    if (epochMs === null) throw new RowError(`date "${dateCell}" is not a date`);
    return { time: parts.date, epochMs };
  }
  const parsed = clock(timeText);
  if (!parsed) throw new RowError(`time "${timeText.trim()}" is not a time`);
  const wall = `${parts.date}T${parsed.time}`;
  const zone = parsed.zone;
  const epochMs =
    zone === null
      ? zonedTimeToEpoch(wall, timeZone)
      : 'offset' in zone
        ? Date.parse(`${wall}Z`) - zone.offset * 60_000
        : 'timeZone' in zone
          ? namedZoneTime(wall, zone.timeZone)
          : abbreviatedTimeToEpoch(wall, zone.abbreviation);
  if (epochMs === null || Number.isNaN(epochMs))
    throw new RowError(`"${dateCell}${timeCell ? ` ${timeCell}` : ''}" is not a valid date and time`);
  return { time: wall, epochMs };
}

/** A wall time in a zone the cell names; null when Intl does not know the zone. */
function namedZoneTime(wall: string, timeZone: string): number | null {
  try {
    return zonedTimeToEpoch(wall, timeZone);
  } catch {
    return null;
  }
}

/** A time-of-day cell alone, with the trade date from elsewhere (DAS: the member gives it). */
export function timeOnDate(
  date: string,
  timeCell: string,
  timeZone: string,
): { time: string; epochMs: number } {
  if (timeCell.trim() === '') throw new RowError('time is missing');
  return anyDateTime(date, timeCell, 'MDY', timeZone);
}
