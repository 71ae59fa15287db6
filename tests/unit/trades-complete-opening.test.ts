import { describe, expect, it } from 'vitest';
import { dateOnlyDay } from '../../functions/_lib/trades/date-only.ts';
import type { OpenedBefore } from '../../functions/_lib/trades/round-trips.ts';
import { zonedTimeToEpoch } from '../../functions/_lib/trades/zoned-time.ts';
import { openingDateOnly, openingError } from '../../member-app/trades/OpeningForm.tsx';

// The opening a member enters for a close whose opening is not in the journal: its price, and an
// instant before the close (market time, the page's default zone).

const at = (wall: string) => zonedTimeToEpoch(wall, 'America/New_York') as number;
const close: OpenedBefore = {
  symbol: 'ABCD',
  account: '',
  currency: 'USD',
  side: 'long',
  shares: '2000',
  exit: '2026-07-01T10:00:00',
  value: '8336.0000',
  fees: '0.0500',
  at: at('2026-07-01T10:00:00'),
  fill: 'trade_AAAAAAAAAAAAAAAA',
  line: 0,
};

describe('openingError', () => {
  it.each([
    ['', '2026-06-02', '', 'Enter the price a share, e.g. 0.0042'],
    ['0', '2026-06-02', '', 'Enter the price a share, e.g. 0.0042'],
    ['4,00', '2026-06-02', '', 'Enter the price a share, e.g. 0.0042'],
    ['4.00', '', '', 'Enter the day it was opened'],
    ['4.00', '2026-07-02', '', 'It must be opened on or before 2026-07-01'],
    ['4.00', '2026-07-01', '10:30', 'It must be opened before 2026-07-01 10:00:00'],
  ])('refuses price %j on %j at %j: %s', (price, day, time, error) => {
    expect(openingError(close, price, day, time)).toEqual({ error, at: null });
  });

  it.each([
    ['an earlier day, no time: the market open', '2026-06-02', '', at('2026-06-02T09:30:00')],
    ['an earlier day at a time', '2026-06-02', '15:45', at('2026-06-02T15:45:00')],
    ['the close’s day before it', '2026-07-01', '09:31', at('2026-07-01T09:31:00')],
    [
      'the close’s day, no time: the close’s own instant (an opening sorts first)',
      '2026-07-01',
      '',
      close.at,
    ],
  ])('takes %s', (_, day, time, when) => {
    expect(openingError(close, '0.0042', day, time)).toEqual({ error: null, at: when });
  });
});

describe('the opening of a close from a dates-only file', () => {
  // A Schwab sale of 03/24: its instant is that day's midnight in New York, its exit a date alone.
  const schwabClose = { ...close, exit: '2026-03-24', at: at('2026-03-24') };

  it('is date-only when no time is given: that day, never a made-up 09:30', () => {
    const earlier = openingError(schwabClose, '0.0042', '2026-03-10', '');
    expect(earlier).toEqual({ error: null, at: at('2026-03-10') });
    expect(dateOnlyDay(earlier.at ?? 0)).toBe('2026-03-10');
    expect(openingError(schwabClose, '0.0042', '2026-03-24', '')).toEqual({
      error: null,
      at: schwabClose.at,
    });
    expect(openingDateOnly(schwabClose, '')).toBe(true);
  });

  it('is timed when the member gives a time, and for a timed close as before', () => {
    expect(openingError(schwabClose, '0.0042', '2026-03-10', '15:45')).toEqual({
      error: null,
      at: at('2026-03-10T15:45:00'),
    });
    expect(openingDateOnly(schwabClose, '15:45')).toBe(false);
    expect(openingDateOnly(close, '')).toBe(false);
  });
});
