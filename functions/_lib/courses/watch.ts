/**
 * How much of a video a member has watched, judged on the server from the positions the player
 * reports (docs/courses.md, "Progress"). The video is cut into WATCH_BUCKETS equal parts; a part
 * counts as watched when the stretch between two reports covers it and that stretch is one the
 * member could have played in the time between them (at most MAX_RATE× speed, plus a little slack
 * for the player's report timing). A seek, a long pause or a forged position therefore credits
 * nothing, and no single request can complete a lesson: every credited part needs the wall time
 * to have passed between two reports.
 */
import { parseJson } from '../store.ts';

export const WATCH_BUCKETS = 100;
/** The share of a video (or of a lesson's chapter) that makes it watched. */
export const WATCHED_SHARE = 0.9;
/** The fastest playback speed the players offer. */
export const MAX_RATE = 2;
/**
 * Report timing slack, seconds: the player saves every ~10 s of playback and on pause. At most half
 * of what the wall time between two reports allows, so that many reports close together (a script
 * sending one a second) never credit more than 1.5 × MAX_RATE × the wall time: the slack helps a
 * report that came a little early, never a stretch nobody had time to play.
 */
export const SLACK_SECONDS = 3;
/** Reports further apart than this are not one stretch of playback. */
export const MAX_GAP_MS = 15 * 60 * 1000;

/** A member's watch record for one video, as stored (progress-keys.ts `watch`). */
export interface WatchRecord {
  /** Watched parts: WATCH_BUCKETS bits as hex digits, part 0 in the first digit's lowest bit. */
  b: string;
  /** The last position reported, seconds. */
  p: number;
  /** When it was reported (ms). */
  t: number;
}

export interface Report {
  position: number;
  at: number;
  /** Playback (re)started here (play, seek): the stretch before it was not played. */
  anchor: boolean;
}

const EMPTY = '0'.repeat(WATCH_BUCKETS / 4);

export function parseWatch(raw: unknown): WatchRecord | null {
  const record = parseJson<WatchRecord>(raw);
  if (!record || typeof record.b !== 'string' || !/^[0-9a-f]{25}$/.test(record.b)) return null;
  if (typeof record.p !== 'number' || typeof record.t !== 'number') return null;
  return record;
}

const hasBit = (bits: string, i: number) => (Number.parseInt(bits[i >> 2] ?? '0', 16) & (1 << (i & 3))) !== 0;

function withBits(bits: string, parts: readonly number[]): string {
  const digits = [...bits].map((d) => Number.parseInt(d, 16));
  for (const i of parts) digits[i >> 2] = (digits[i >> 2] ?? 0) | (1 << (i & 3));
  return digits.map((d) => d.toString(16)).join('');
}

/** The parts whose middle lies within [from, to] seconds of a video `length` seconds long. */
function partsBetween(from: number, to: number, length: number): number[] {
  const parts: number[] = [];
  for (let i = 0; i < WATCH_BUCKETS; i += 1) {
    const middle = ((i + 0.5) / WATCH_BUCKETS) * length;
    if (middle >= from && middle <= to) parts.push(i);
  }
  return parts;
}

/**
 * The record after one report. `length` is the length the server trusts (library/progress.ts trustedLength).
 * Credit goes to the stretch since the previous report when it moved forwards no faster than
 * playback can, within MAX_GAP_MS, and this report is not an anchor.
 */
export function creditWatch(previous: WatchRecord | null, report: Report, length: number): WatchRecord {
  const bits = previous?.b ?? EMPTY;
  const next = { b: bits, p: report.position, t: report.at };
  if (!previous || report.anchor || length <= 0) return next;
  const elapsed = report.at - previous.t;
  const moved = report.position - previous.p;
  if (elapsed <= 0 || elapsed > MAX_GAP_MS || moved <= 0) return next;
  // A stretch longer than playback allows (a seek without an anchor, a forged jump, a report held up
  // on the way) is credited only as far as playback could have gone: never more than wall time
  // allows, and a late report costs an honest viewer little.
  const playable = (elapsed / 1000) * MAX_RATE;
  const reach = Math.min(report.position, previous.p + playable + Math.min(SLACK_SECONDS, playable / 2));
  return { ...next, b: withBits(bits, partsBetween(previous.p, reach, length)) };
}

/**
 * The share (0–1) of the parts in [from, to) — fractions of the video — that were watched. A range
 * narrower than one part judges the part it starts in.
 */
export function watchedShare(record: WatchRecord | null, from = 0, to = 1): number {
  if (!record) return 0;
  let first = Math.max(0, Math.floor(from * WATCH_BUCKETS + 1e-9));
  let last = Math.min(WATCH_BUCKETS, Math.ceil(to * WATCH_BUCKETS - 1e-9));
  if (last <= first) {
    first = Math.min(first, WATCH_BUCKETS - 1);
    last = first + 1;
  }
  let watched = 0;
  for (let i = first; i < last; i += 1) if (hasBit(record.b, i)) watched += 1;
  return watched / (last - first);
}

export const isWatched = (record: WatchRecord | null, from = 0, to = 1) =>
  watchedShare(record, from, to) >= WATCHED_SHARE - 1e-9;
