import { vi } from 'vitest';

const TEN_MINUTES = 600_000;

/**
 * Stops the clock one second into the next 10-minute window (so into a 1-minute window as well) for
 * a test that fills a rate limit. The limits are sliding windows that weigh the previous window by
 * how much of it has passed: calls that straddle a boundary count for less than their number, and a
 * test expecting the limit+1-th call refused would pass or fail by when it ran. Only `Date` is
 * faked; the store's I/O and timers run as usual. Call `vi.useRealTimers()` after.
 */
export function clockAtWindowStart(): void {
  vi.useFakeTimers({ toFake: ['Date'], now: Math.ceil(Date.now() / TEN_MINUTES) * TEN_MINUTES + 1000 });
}
