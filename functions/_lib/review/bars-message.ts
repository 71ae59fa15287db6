import type { DayAnswer } from '../market/bars-cache.ts';

/** Why a trip has no bars: a day's answer, or (member mode) no key of the member's to ask with. */
export type BarsFailure = Exclude<DayAnswer, { kind: 'bars' }> | { kind: 'no-key' };

/** Member mode, no key saved: the page links "Account page" to /account. */
export const NO_KEY_MESSAGE = 'Add your Massive API key on your Account page to see price bars.';

/** What the review page says when a trip's bars cannot be shown (the fills are shown all the same). */
export function barsMessage(failure: BarsFailure, symbol: string): string {
  switch (failure.kind) {
    case 'no-key':
      return NO_KEY_MESSAGE;
    case 'unknown-symbol':
      return `The market-data provider does not know ${symbol} (it may have been renamed or delisted), so there is no chart.`;
    case 'not-cached':
      return `The bars of ${symbol} for these days are still being fetched.`;
    case 'unavailable': {
      if (failure.reason === 'rate-limited') {
        const seconds = Math.max(1, Math.ceil((failure.retryAfterMs ?? 60_000) / 1000));
        return `The market-data provider is over its rate limit; try again in ${seconds} s.`;
      }
      if (failure.reason === 'not-authorized')
        return failure.message ?? 'The market-data provider refused our key, so there is no chart.';
      return 'The market-data provider did not answer; the chart will be back when it does.';
    }
  }
}
