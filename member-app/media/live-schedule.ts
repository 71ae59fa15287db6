import { zonedTimeToEpoch } from '../../functions/_lib/trades/zoned-time.ts';
import type { Site } from '../../site/lib/site.ts';

/** The stream's schedule as editors keep it in content/site.json (`liveStream`). */
export type LiveSchedule = Site['liveStream'];

export interface Session {
  /** Epoch ms of the session's start and end. */
  start: number;
  end: number;
  /** True while it is on (start ≤ now < end). */
  live: boolean;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const DAY_MS = 86_400_000;

/** The calendar day of an instant in a zone, as UTC midnight of that date. */
function zonedDay(now: number, timeZone: string): number {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' })
    .format(now)
    .split('-')
    .map(Number);
  return Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1);
}

/**
 * The session on now, or else the next one, in the schedule's own zone (so a member anywhere sees
 * the same instant; daylight saving is the zone's). Looks from yesterday (a session that started
 * before midnight may still be on) to eight days ahead, which covers any weekly schedule.
 */
export function currentOrNextSession(now: number, schedule: LiveSchedule): Session | null {
  const today = zonedDay(now, schedule.timeZone);
  for (let offset = -1; offset <= 8; offset += 1) {
    const day = new Date(today + offset * DAY_MS);
    if (!schedule.days.includes(WEEKDAYS[day.getUTCDay()] ?? 'Sun')) continue;
    const start = zonedTimeToEpoch(`${day.toISOString().slice(0, 10)}T${schedule.start}`, schedule.timeZone);
    if (start === null) continue;
    const end = start + schedule.minutes * 60_000;
    if (end > now) return { start, end, live: start <= now };
  }
  return null;
}

/**
 * What /stream shows at `now`: during a session it is live (the player starts by itself); at any
 * other time the player holds the last session's recording, labelled as a replay and started only
 * by the member, while the status counts down to the next session. A newcomer must never take a
 * recording for the live session.
 */
export interface StreamState {
  /** The session on now, or the next one (null: the schedule has no days). */
  session: Session | null;
  /** `Live`, `Next session in 11 h 0 min`, or `Replay` when no session is scheduled. */
  status: string;
  /** What the player is: `live` plays by itself, `replay` waits for the member. */
  player: 'live' | 'replay';
}

export function streamState(now: number, schedule: LiveSchedule): StreamState {
  const session = currentOrNextSession(now, schedule);
  if (session?.live) return { session, status: 'Live', player: 'live' };
  if (session)
    return { session, status: `Next session in ${countdown(session.start - now)}`, player: 'replay' };
  return { session: null, status: 'Replay', player: 'replay' };
}

/** "2 d 3 h", "3 h 12 min", "12 min 5 s", "40 s": how long until an instant, coarse when far. */
export function countdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min ${s} s`;
  return `${s} s`;
}

/** "Monday, 8:00 PM EST" in a zone (the member's own when none is given). */
export function sessionTime(epoch: number, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(epoch);
}
