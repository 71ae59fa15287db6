/**
 * A member's attempts at a module's knowledge check (docs/courses.md), under their own keys (the
 * token's subject), so no request can reach another member's:
 * - `u:{sub}:course:{course}:{module}:check`: STRING JSON CheckRecord, the summary a page shows;
 * - `u:{sub}:course:{course}:{module}:attempts`: LIST of JSON attempts (time, score, each drawn
 *   question with the choices given and whether it was right), newest first, the last ATTEMPTS_KEPT;
 * - `u:{sub}:course:{course}:{module}:draw`: STRING JSON Draw, the questions of the next attempt
 *   (draw.ts), made when the module is first opened and then by each attempt for the one after it.
 * An attempt is saved by one script that first compares the summary and the draw with the ones read:
 * of two answers sent at once exactly one is stored, the other is refused (409).
 */
import { parseJson } from '../store.ts';
import type { Grade, StoredAttempt } from './grading.ts';

/** How long a failed check waits before the next attempt (ms). The one place it is set. */
export const RETRY_WAIT_MS = 2 * 60 * 1000;
/** Attempts kept per member per module, the newest: what the module page lists. */
export const ATTEMPTS_KEPT = 10;

export const checkKeys = {
  record: (sub: string, course: string, module: string) => `u:${sub}:course:${course}:${module}:check`,
  attempts: (sub: string, course: string, module: string) => `u:${sub}:course:${course}:${module}:attempts`,
  draw: (sub: string, course: string, module: string) => `u:${sub}:course:${course}:${module}:draw`,
};

export interface CheckRecord {
  attempts: number;
  best: number;
  passed: boolean;
  lastAt: number;
  /** Set after a failed attempt while the check was not passed: the next may start then. */
  retryAt: number | null;
}

export interface CheckState {
  attempts: number;
  best: number | null;
  passed: boolean;
  lastAt: number | null;
  retryAt: number | null;
}

export const parseRecord = (raw: unknown): CheckRecord | null => parseJson<CheckRecord>(raw);

/** What the page shows: retryAt only while the wait still runs. */
export const checkState = (record: CheckRecord | null, now: number): CheckState =>
  record
    ? {
        attempts: record.attempts,
        best: record.best,
        passed: record.passed,
        lastAt: record.lastAt,
        retryAt: record.retryAt !== null && record.retryAt > now ? record.retryAt : null,
      }
    : { attempts: 0, best: null, passed: false, lastAt: null, retryAt: null };

/** The summary after one more graded attempt. A pass stays passed; a fail before any pass waits. */
export const nextRecord = (record: CheckRecord | null, grade: Grade, now: number): CheckRecord => {
  const passed = (record?.passed ?? false) || grade.passed;
  return {
    attempts: (record?.attempts ?? 0) + 1,
    best: Math.max(record?.best ?? 0, grade.score),
    passed,
    lastAt: now,
    retryAt: passed ? null : now + RETRY_WAIT_MS,
  };
};

export const storedAttempt = (grade: Grade, now: number): StoredAttempt => ({
  at: now,
  score: grade.score,
  passed: grade.passed,
  questions: grade.questions,
});

/**
 * Saves an attempt if the summary and the draw are still the ones read, and stores the next
 * attempt's draw. KEYS: the summary, the attempts list, the check's attempted and passed counters
 * (progress-keys.ts courseStatsKeys), the draw. ARGV: the summary read ('' when none), the new
 * summary, the attempt, how many to keep, the subject, '1' when passed, the draw read, the next draw.
 * Answers 'ok' or 'stale'.
 */
export const SAVE_ATTEMPT = `
local stored = redis.call('GET', KEYS[1])
if (stored or '') ~= ARGV[1] then return 'stale' end
if (redis.call('GET', KEYS[5]) or '') ~= ARGV[7] then return 'stale' end
redis.call('SET', KEYS[1], ARGV[2])
redis.call('SET', KEYS[5], ARGV[8])
redis.call('LPUSH', KEYS[2], ARGV[3])
redis.call('LTRIM', KEYS[2], 0, tonumber(ARGV[4]) - 1)
redis.call('SADD', KEYS[3], ARGV[5])
if ARGV[6] == '1' then redis.call('SADD', KEYS[4], ARGV[5]) end
return 'ok'
`;
