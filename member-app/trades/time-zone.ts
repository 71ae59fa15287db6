import { zonedTimeToEpoch } from '../../functions/_lib/trades/zoned-time.ts';

/**
 * The zone trade times are shown and grouped in. Market time (America/New_York, where US exchanges
 * keep their hours) unless the member picks another in /account; the choice is kept in this browser.
 */
export const MARKET_ZONE = 'America/New_York';
const KEY = 'otc-edge:trade-time-zone';

/** Zones offered in /account: the market's first, then US, Canadian and common trading zones. */
export const TIME_ZONES = [
  MARKET_ZONE,
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Toronto',
  'America/Vancouver',
  'Europe/London',
  'Europe/Paris',
  'Asia/Dubai',
  'Asia/Singapore',
  'Asia/Tokyo',
  'Australia/Sydney',
  'UTC',
] as const;

const valid = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

let current: string | null = null;

/** The member's zone, read once (thousands of times are converted per page). */
export function tradeTimeZone(): string {
  if (current === null) {
    let stored: string | null = null;
    try {
      stored = globalThis.localStorage?.getItem(KEY) ?? null;
    } catch {
      // Storage refused (private mode): market time.
    }
    current = stored && valid(stored) ? stored : MARKET_ZONE;
  }
  return current;
}

export function setTradeTimeZone(zone: string): void {
  if (!valid(zone)) return;
  current = zone;
  try {
    if (zone === MARKET_ZONE) globalThis.localStorage?.removeItem(KEY);
    else globalThis.localStorage?.setItem(KEY, zone);
  } catch {
    // Kept for this visit only.
  }
}

const wallParts = new Map<string, Intl.DateTimeFormat>();
/** Offsets (ms) by zone and quarter hour: zones change offset on a quarter hour, so one lookup serves 15 minutes. */
const offsets = new Map<string, number>();
const QUARTER_HOUR = 15 * 60_000;

function zoneOffset(ms: number, zone: string): number {
  const key = `${zone}|${Math.floor(ms / QUARTER_HOUR)}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  let format = wallParts.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallParts.set(zone, format);
  }
  const at = Math.floor(ms / QUARTER_HOUR) * QUARTER_HOUR;
  const f = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, Number(p.value)]));
  const offset =
    Date.UTC(f.year ?? 0, (f.month ?? 1) - 1, f.day ?? 1, f.hour ?? 0, f.minute ?? 0, f.second ?? 0) - at;
  offsets.set(key, offset);
  return offset;
}

/** `YYYY-MM-DDTHH:MM:SS` in market time (the module reads weekday, hour and day from it). */
export function marketWallTime(ms: number, zone = tradeTimeZone()): string {
  return new Date(ms + zoneOffset(ms, zone)).toISOString().slice(0, 19);
}

/** Today's date (`YYYY-MM-DD`) in market time: the period filters and the calendar count from it. */
export const marketToday = (): string => marketWallTime(Date.now()).slice(0, 10);

/**
 * A market-time day (`YYYY-MM-DD`) as the instants it spans, `[from, to)` in ms: what the journal
 * asks for when a trade or a calendar day links to that day's notes. Each midnight is read in the
 * zone (the import's own conversion), so days that start or end a daylight-saving change are 23 or
 * 25 hours long.
 */
export function dayWindow(day: string, zone = tradeTimeZone()): { from: number; to: number } {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const from = zonedTimeToEpoch(day, zone) ?? 0;
  return { from, to: zonedTimeToEpoch(next.toISOString().slice(0, 10), zone) ?? from + 86_400_000 };
}
