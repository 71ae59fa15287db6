import { describe, expect, it } from 'vitest';
import type { Bar } from '../../functions/_lib/market/bars.ts';
import { marketTime } from '../../functions/_lib/market/market-day.ts';
import type { BarsFailure } from '../../functions/_lib/review/bars-message.ts';
import { type ExcursionTrip, excursionOfTrip } from '../../functions/_lib/review/excursion-of-trip.ts';
import { HELD_LONG_REASON } from '../../functions/_lib/review/trip-days.ts';

/** The review and the background job decide a trip's MAE/MFE alike from what its bars came to. */

const at = (time: string) => marketTime('2024-03-12', time);
const trip: ExcursionTrip = {
  symbol: 'ABCD',
  side: 'long',
  fills: [
    { at: at('10:00') + 10_000, side: 'buy', qty: '1000', price: '0.0040' },
    { at: at('10:05') + 20_000, side: 'sell', qty: '1000', price: '0.0046' },
  ],
  risk: null,
  dateOnly: false,
  why: null,
};
const bar = (time: string, l: number, h: number): Bar => ({ t: at(time), o: l, h, l, c: h, v: 1 });
const bars = [bar('10:00', 0.0039, 0.0041), bar('10:02', 0.0036, 0.0044), bar('10:05', 0.0045, 0.0047)];
const failures: BarsFailure[] = [
  { kind: 'unavailable', reason: 'down' },
  { kind: 'unavailable', reason: 'rate-limited', retryAfterMs: 30_000 },
  { kind: 'not-cached' },
  { kind: 'no-key' },
];

describe('a trip’s MAE/MFE from its bars', () => {
  it('measures a trip from its minute bars', () => {
    const excursion = excursionOfTrip(trip, bars);
    expect(excursion?.state).toBe('measured');
    if (excursion?.state === 'measured') expect(excursion.mae.price).toBe('0.0036');
  });

  it('is not measurable for dates alone or a long hold, whatever the provider said', () => {
    for (const answer of [bars, ...failures, { kind: 'unknown-symbol' } as const]) {
      expect(excursionOfTrip({ ...trip, dateOnly: true, why: 'date only' }, answer)?.state).toBe(
        'not measurable',
      );
      expect(excursionOfTrip({ ...trip, why: 'held long' }, answer)).toEqual({
        state: 'not measurable',
        reason: HELD_LONG_REASON,
      });
    }
  });

  it('says no data for a symbol the provider does not know', () => {
    expect(excursionOfTrip(trip, { kind: 'unknown-symbol' })).toEqual({
      state: 'no data',
      reason: expect.stringContaining('does not know ABCD'),
    });
  });

  it('gives no figure when the bars could not be had, so the stored one stays', () => {
    for (const failure of failures) expect(excursionOfTrip(trip, failure)).toBeNull();
  });
});
