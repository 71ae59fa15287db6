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
