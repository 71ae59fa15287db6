import { describe, expect, it } from 'vitest';
import { tripSignature } from '../../functions/_lib/trades/trip-signature.ts';

describe('tripSignature', () => {
  const trip = { executions: 2, shares: '100000', net: '48.00' };
  const exitAt = Date.UTC(2024, 2, 12, 14, 42);

  it('is the same for the same trip, however it was matched', () => {
    expect(tripSignature({ ...trip }, exitAt)).toBe(tripSignature(trip, exitAt));
  });

  it('changes with the executions, the exit, the shares or the net', () => {
    const sig = tripSignature(trip, exitAt);
    expect(tripSignature({ ...trip, executions: 3 }, exitAt)).not.toBe(sig);
    expect(tripSignature(trip, exitAt + 1000)).not.toBe(sig);
    expect(tripSignature({ ...trip, shares: '100001' }, exitAt)).not.toBe(sig);
    expect(tripSignature({ ...trip, net: '47.99' }, exitAt)).not.toBe(sig);
  });
});
