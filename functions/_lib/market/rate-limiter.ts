/**
 * The provider's call budget, shared by every function instance through Redis (docs/market-data.md):
 * one counter per clock minute, so the functions together never call Massive more often than the plan
 * allows (MASSIVE_RATE_PER_MINUTE; the free plan answers a 6th call in a minute with 429).
 */
import type { Store } from '../store.ts';
import { type BarsKeys, marketKeys } from './keys.ts';
import type { CallPermit } from './massive.ts';

const MINUTE_MS = 60_000;

/**
 * A permit: null when a call may go ahead now (it is counted), or the ms until the next minute.
 * `keys.rate` names the counter: the shared budget of the operator's key, or a member's own budget
 * (member mode: their key, their plan's `perMinute`).
 * A refused call is counted too (one INCR either way, a single round trip), which changes nothing:
 * the minute is over its budget already. A store failure throws, as every store failure does.
 */
export function createProviderRateLimit(
  store: Store,
  perMinute: number,
  now: () => number = Date.now,
  keys: Pick<BarsKeys, 'rate'> = marketKeys,
): CallPermit {
  return async () => {
    const at = now();
    const minute = Math.floor(at / MINUTE_MS);
    const key = keys.rate(minute);
    const [count] = await store.multi().incr(key).expire(key, 120).exec<[number, number]>();
    if (count <= perMinute) return null;
    return (minute + 1) * MINUTE_MS - at;
  };
}
