import { zonedTimeToEpoch } from '../zoned-time.ts';
import { RowError } from './table.ts';

/**
 * Dates and times as a hand-mapped export may print them: ISO (`2025-03-04 09:31:02`, `T`, an
 * optional fraction and offset), slashed (`03/04/2025 9:31 AM`, the member says which order), or
 * compact (`20250304;093102`, IBKR's style). A time without a date is refused; a date without a
 * time is the day at midnight, like Schwab's date-only rows.
 */

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ,;]+(.+))?$/;
const SLASHED_YEAR_FIRST = /^(\d{4})\/(\d{1,2})\/(\d{1,2})(?:[ ,;]+(.+))?$/;
const SLASHED = /^(\d{1,2})[/.](\d{1,2})[/.](\d{2}|\d{4})(?:[ ,;]+(.+))?$/;
const COMPACT = /^(\d{4})(\d{2})(\d{2})(?:[ ,;]+(.+))?$/;
const CLOCK = /^(\d{1,2}):?(\d{2}):?(\d{2})?(?:\.\d+)?\s*(am|pm)?\s*(z|[+-]\d{2}:?\d{2})?$/i;

const pad = (n: string | number) => String(n).padStart(2, '0');

/** `HH:MM:SS` (24 h) and an explicit offset in minutes, if the text has one; null when not a time. */
function clock(text: string): { time: string; offset: number | null } | null {
  const match = CLOCK.exec(text.trim());
  if (!match) return null;
  const [, h = '', m = '', s = '00', meridiem, zone] = match;
  let hour = Number(h);
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem.toLowerCase() === 'pm' ? 12 : 0);
  }
  if (hour > 23 || Number(m) > 59 || Number(s) > 59) return null;
  let offset: number | null = null;
  if (zone) {
    if (zone.toLowerCase() === 'z') offset = 0;
    else {
      const sign = zone.startsWith('-') ? -1 : 1;
      const digits = zone.slice(1).replace(':', '');
      offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
    }
  }
  return { time: `${pad(hour)}:${m}:${pad(s)}`, offset };
}

function ymd(year: string, month: string, day: string): string | null {
  const y = year.length === 2 ? `20${year}` : year;
  const mm = Number(month);
  const dd = Number(day);
  if (mm < 1 || mm > 12 || dd < 1 || dd > 31) return null;
  return `${y}-${pad(mm)}-${pad(dd)}`;
}

/** The date part and the rest (a time, if the cell has one). */
function splitDate(
  text: string,
  order: 'MDY' | 'DMY',
): { date: string | null; rest: string | undefined } | null {
  let match = ISO.exec(text) ?? SLASHED_YEAR_FIRST.exec(text) ?? COMPACT.exec(text);
  if (match) {
    const [, y = '', m = '', d = '', rest] = match;
    return { date: ymd(y, m, d), rest };
  }
  match = SLASHED.exec(text);
  if (match) {
    const [, a = '', b = '', y = '', rest] = match;
    return { date: order === 'MDY' ? ymd(y, a, b) : ymd(y, b, a), rest };
  }
  return null;
}

/** One row's local wall time and instant from its date cell and, when separate, its time cell. */
export function anyDateTime(
  dateCell: string,
  timeCell: string | null,
  order: 'MDY' | 'DMY',
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
  const epochMs =
    parsed.offset === null
      ? zonedTimeToEpoch(wall, timeZone)
      : Date.parse(`${wall}Z`) - parsed.offset * 60_000;
  if (epochMs === null || Number.isNaN(epochMs)) throw new RowError(`"${wall}" is not a valid date and time`);
  return { time: wall, epochMs };
}
