import { describe, expect, it } from 'vitest';
import { nextRun, parseSchedule } from '../../scripts/local/scheduler.ts';

// npm start's scheduler (scripts/local/scheduler.ts): when a scheduled function runs next, in UTC.
const at = (iso: string) => Date.parse(iso);

describe('the next run of a schedule', () => {
  it('@daily runs at 00:05 UTC, the next day once that has passed', () => {
    expect(nextRun('@daily', at('2026-03-10T00:04:59.999Z'))).toBe(at('2026-03-10T00:05:00.000Z'));
    expect(nextRun('@daily', at('2026-03-10T00:05:00.000Z'))).toBe(at('2026-03-11T00:05:00.000Z'));
    expect(nextRun('@daily', at('2026-12-31T23:59:00.000Z'))).toBe(at('2027-01-01T00:05:00.000Z'));
  });

  it('@hourly, @weekly (Sunday) and @monthly', () => {
    expect(nextRun('@hourly', at('2026-03-10T10:05:00.000Z'))).toBe(at('2026-03-10T11:05:00.000Z'));
    // 2026-03-10 is a Tuesday.
    expect(nextRun('@weekly', at('2026-03-10T12:00:00.000Z'))).toBe(at('2026-03-15T00:05:00.000Z'));
    expect(nextRun('@monthly', at('2026-02-01T00:05:00.000Z'))).toBe(at('2026-03-01T00:05:00.000Z'));
  });

  it('cron expressions: lists, ranges, steps, and either day field when both are set', () => {
    expect(nextRun('*/15 * * * *', at('2026-03-10T10:07:30.000Z'))).toBe(at('2026-03-10T10:15:00.000Z'));
    expect(nextRun('30 9 * * 1-5', at('2026-03-13T09:30:00.000Z'))).toBe(at('2026-03-16T09:30:00.000Z'));
    expect(nextRun('0 12 29 2 *', at('2026-03-01T00:00:00.000Z'))).toBe(at('2028-02-29T12:00:00.000Z'));
    // The 1st of the month or a Monday, whichever comes first (cron's rule); 7 is Sunday too.
    expect(nextRun('0 0 1 * 1', at('2026-03-10T12:00:00.000Z'))).toBe(at('2026-03-16T00:00:00.000Z'));
    expect(nextRun('0 0 * * 7', at('2026-03-10T12:00:00.000Z'))).toBe(at('2026-03-15T00:00:00.000Z'));
  });

  it('refuses what is not a schedule', () => {
    for (const bad of ['daily', '* * * *', '60 * * * *', '* 24 * * *', '*/0 * * * *', '5-1 * * * *'])
      expect(() => parseSchedule(bad), bad).toThrow();
  });
});
