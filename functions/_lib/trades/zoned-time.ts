/**
 * Wall-clock time in an IANA zone → epoch ms, with only `Intl.DateTimeFormat` (runs in Node and in a
 * Web Worker, no time-zone library). Broker files print local exchange time without an offset.
 *
 * DST choices (the same as Temporal's `disambiguation: 'compatible'`):
 * - a time that does not exist (America/New_York 2026-03-08 02:30, clocks jump 02:00 → 03:00) is read
 *   with the offset in force before the jump, i.e. it lands on 03:30 EDT (07:30Z);
 * - a time that happens twice (2026-11-01 01:30) is the earlier one, EDT (05:30Z).
 */

const WALL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Offsets are cached per zone and wall-clock minute: 50,000 rows of one day need a handful of Intl calls. */
const offsetCache = new Map<string, number>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** Throws a RangeError for a zone name Intl does not know. */
export function assertTimeZone(timeZone: string): void {
  formatter(timeZone);
}

/** The zone's wall clock at an instant, read back as if it were UTC (so the difference is the offset). */
function wallAsUtc(epochMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(epochMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const get = (key: string) => parts[key] ?? 0;
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** An instant on a zone's wall clock, `YYYY-MM-DDTHH:MM:SS` (a New York fill time, a market day). */
export const epochToWallTime = (epochMs: number, timeZone: string): string =>
  new Date(wallAsUtc(Math.floor(epochMs / 1000) * 1000, timeZone)).toISOString().slice(0, 19);

function offsetAt(epochMs: number, timeZone: string): number {
  const whole = Math.floor(epochMs / 1000) * 1000;
  return wallAsUtc(whole, timeZone) - whole;
}

/** Parses `YYYY-MM-DD[THH:MM[:SS]]` as UTC fields; null when it is not a real calendar time. */
export function wallClockFields(wall: string): number | null {
  const match = WALL.exec(wall);
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const check = new Date(utc);
  if (
    check.getUTCDate() !== Number(d) ||
    check.getUTCHours() !== Number(h) ||
    check.getUTCMinutes() !== Number(mi)
  ) {
    return null;
  }
  return utc;
}

/** Epoch ms of a wall-clock time in `timeZone` (see the DST choices above); null for a malformed time. */
export function zonedTimeToEpoch(wall: string, timeZone: string): number | null {
  const utc = wallClockFields(wall);
  if (utc === null) return null;
  const minute = Math.floor(utc / 60_000);
  const key = `${timeZone}|${minute}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    offset = resolveOffset(minute * 60_000, timeZone);
    offsetCache.set(key, offset);
  }
  return utc - offset;
}

function resolveOffset(utc: number, timeZone: string): number {
  // Offsets a day either side bracket any transition near this wall time.
  const before = offsetAt(utc - DAY_MS, timeZone);
  const after = offsetAt(utc + DAY_MS, timeZone);
  const fits = (offset: number) => wallAsUtc(utc - offset, timeZone) === utc;
  if (fits(before)) return before; // the earlier instant when the time is ambiguous
  if (fits(after)) return after;
  return before; // skipped by a spring-forward gap: keep the pre-transition offset
}

/** Fixed offsets of the zone abbreviations US brokers print after a time (Webull `EDT`/`EST`). */
export const US_ZONE_ABBREVIATIONS: Readonly<Record<string, number>> = {
  EST: -5,
  EDT: -4,
  CST: -6,
  CDT: -5,
  MST: -7,
  MDT: -6,
  PST: -8,
  PDT: -7,
  UTC: 0,
  GMT: 0,
};

/** Epoch ms of a wall-clock time printed with a fixed-offset abbreviation; null if either is unknown. */
export function abbreviatedTimeToEpoch(wall: string, abbreviation: string): number | null {
  const hours = US_ZONE_ABBREVIATIONS[abbreviation.toUpperCase()];
  const utc = wallClockFields(wall);
  if (hours === undefined || utc === null) return null;
  return utc - hours * 3_600_000;
}

/**
 * Minutes east of UTC of an offset printed after a time: `Z`, `UTC`, `GMT`, `-0500`, `+05:30`, and
 * with a `GMT`/`UTC` prefix and one or two hour digits (`GMT-04`, `GMT+8`, `UTC+02`, `GMT-04:00`), as
 * Webull's international statements and Questrade print them. Null when the text is no such offset.
 */
export function utcOffsetMinutes(text: string): number | null {
  const match = /^(?:(?:GMT|UTC)\s*)?([+-])(\d{1,2})(?::?(\d{2}))?$|^(?:Z|UTC|GMT)$/i.exec(text.trim());
  if (!match) return null;
  const [, sign, hours, minutes = '0'] = match;
  if (sign === undefined) return 0;
  const total = Number(hours) * 60 + Number(minutes);
  if (Number(hours) > 14 || Number(minutes) > 59) return null;
  return sign === '-' ? -total : total;
}

/** Epoch ms of a wall-clock time printed with a UTC offset (`utcOffsetMinutes`); null if either is malformed. */
export function offsetTimeToEpoch(wall: string, offset: string): number | null {
  const minutes = utcOffsetMinutes(offset);
  const utc = wallClockFields(wall);
  if (minutes === null || utc === null) return null;
  return utc - minutes * 60_000;
}
