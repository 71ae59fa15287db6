import { describe, expect, it } from 'vitest';
import {
  actionDone,
  actionFailure,
  complimentaryRange,
  extendedEnd,
  isComplimentaryDay,
  parseFreeDays,
} from '../../member-app/console/action-rules.ts';
import { formatDate } from '../../member-app/console/format.ts';

const DAY_MS = 86_400_000;
const utc = (ms: number | null) => formatDate(ms, 'UTC');

/** The API client's error as the console receives it (status beside the server's message). */
class StatusError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

describe('the console’s member actions (member-app/console/action-rules.ts)', () => {
  it('takes free days as a whole number from 1 to 365', () => {
    expect(['1', '7', ' 30 ', '365'].map(parseFreeDays)).toEqual([1, 7, 30, 365]);
    expect(['0', '366', '1000', '-1', '1.5', '7e1', '', 'seven', '0x10'].map(parseFreeDays)).toEqual(
      Array(9).fill(null),
    );
  });

  it('moves the period end by exactly the days given, across a month and a year end', () => {
    const end = Date.UTC(2026, 11, 28, 14, 5, 9, 250); // Dec 28, 2026 14:05:09.250 UTC
    expect(extendedEnd(end, 7)).toBe(Date.UTC(2027, 0, 4, 14, 5, 9, 250));
    expect(utc(extendedEnd(end, 7))).toBe('Jan 4, 2027');
    expect(utc(extendedEnd(Date.UTC(2028, 1, 27), 2))).toBe('Feb 29, 2028'); // a leap day
    expect(extendedEnd(end, 365)).toBe(end + 365 * DAY_MS);
    expect(extendedEnd(null, 7)).toBeNull();
  });

  it('offers complimentary days from today to 730 days ahead (UTC) and checks a typed one', () => {
    const now = Date.UTC(2026, 10, 26, 23, 59); // still Nov 26 in UTC
    expect(complimentaryRange(now)).toEqual({ min: '2026-11-26', max: '2028-11-25' });
    expect(isComplimentaryDay('2026-11-26', now)).toBe(true);
    expect(isComplimentaryDay('2028-11-25', now)).toBe(true);
    expect(isComplimentaryDay('2026-11-25', now)).toBe(false); // yesterday
    expect(isComplimentaryDay('2028-11-26', now)).toBe(false); // too far
    expect(isComplimentaryDay('2027-02-30', now)).toBe(false); // no such day
    expect(isComplimentaryDay('', now)).toBe(false);
    expect(isComplimentaryDay('27-01-01', now)).toBe(false);
  });

  it('says what each action did, from the row the server answered', () => {
    const row = { currentPeriodEnd: Date.UTC(2027, 0, 4, 12) };
    expect(actionDone({ kind: 'extend', days: 7 }, row, utc)).toBe(
      'Gave 7 free days: the period now ends Jan 4, 2027.',
    );
    expect(actionDone({ kind: 'extend', days: 1 }, row, utc)).toBe(
      'Gave 1 free day: the period now ends Jan 4, 2027.',
    );
    expect(actionDone({ kind: 'complimentary', until: '2027-03-01' }, row, utc)).toBe(
      'Complimentary membership until the end of 2027-03-01 (UTC).',
    );
    expect(actionDone({ kind: 'complimentary', until: null }, row, utc)).toBe(
      'The complimentary membership has ended.',
    );
    expect(actionDone({ kind: 'cancel', when: 'period-end' }, row, utc)).toBe(
      'Cancels at the period end: access until Jan 4, 2027.',
    );
    expect(actionDone({ kind: 'cancel', when: 'now' }, row, utc)).toBe('Cancelled now: access has ended.');
    expect(actionDone({ kind: 'autopay', on: true }, row, utc)).toBe('Autopay is on: renews Jan 4, 2027.');
    expect(actionDone({ kind: 'autopay', on: false }, row, utc)).toBe(
      'Autopay is off: access until Jan 4, 2027.',
    );
    expect(actionDone({ kind: 'chat', access: 'revoke' }, row, utc)).toBe('Chat access revoked.');
    expect(actionDone({ kind: 'chat', access: 'restore' }, row, utc)).toBe('Chat access restored.');
    expect(actionDone({ kind: 'invite' }, row, utc)).toBe('A chat invite is ready to pass on.');
  });

  it('shows a refusal in the server’s words, an outage with a retry, anything else plainly', () => {
    expect(actionFailure(new StatusError(409, 'Autopay is already off'))).toBe('Autopay is already off');
    expect(actionFailure(new StatusError(404, "No member 'auth0|x'"))).toBe("No member 'auth0|x'");
    expect(actionFailure(new StatusError(402, 'Your card was declined.'))).toBe('Your card was declined.');
    expect(actionFailure(new StatusError(503, 'The chat is unavailable'))).toBe(
      'The chat is unavailable. Try again in a moment.',
    );
    expect(actionFailure(new StatusError(500, 'Internal error'))).toBe(
      'The action failed. Try again in a moment.',
    );
    expect(actionFailure(new TypeError('Failed to fetch'))).toBe('The action failed. Try again in a moment.');
    expect(actionFailure('nope')).toBe('The action failed. Try again in a moment.');
  });
});
