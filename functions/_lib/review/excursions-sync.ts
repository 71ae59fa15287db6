/**
 * One run of the excursions job (functions/market-sync.ts, every minute): the members due in the
 * queue, a few a run, each one's MAE/MFE measured again (refresh-excursions.ts), with the operator's
 * key through the shared cache, or in member mode with each member's own key through their own.
 */
import type { Deps } from '../deps.ts';
import { logWarning } from '../http/log.ts';
import { marketKeys } from '../market/keys.ts';
import type { MarketSource } from '../market/market-source.ts';
import { takeDueMembers } from '../market/sync-queue.ts';
import { NOT_CONFIGURED_RETRY_MS, refreshExcursions } from './refresh-excursions.ts';

/** Members one run takes at most, and the time after which it takes no more (a function runs ≤ 30 s). */
export const MEMBERS_PER_RUN = 5;
const RUN_BUDGET_MS = 20_000;
/** A member whose run failed (the store, a bug) is tried again this much later. */
const FAILED_RETRY_MS = 300_000;

export interface SyncResult {
  members: number;
  stored: number;
  requeued: number;
}

export async function syncExcursions(
  deps: Pick<Deps, 'store' | 'now'>,
  source: MarketSource,
  limit = MEMBERS_PER_RUN,
): Promise<SyncResult> {
  const started = deps.now();
  const result: SyncResult = { members: 0, stored: 0, requeued: 0 };
  // One member taken at a time: a run cut short loses at most the one it was working on.
  while (result.members < limit && deps.now() - started < RUN_BUDGET_MS) {
    const now = deps.now();
    const [sub] = await takeDueMembers(deps.store, now, 1);
    if (sub === undefined) break;
    result.members++;
    try {
      const outcome = await syncMember(deps, source, sub, now);
      result.stored += outcome.stored;
      if (outcome.retryAt !== null) {
        result.requeued++;
        // The provider refused the shared key: the others would be refused too. A member's own key
        // (or none) and budget say nothing of the next member's.
        if (source.mode === 'operator') break;
      }
    } catch (error) {
      logWarning(`[market-sync] member ${sub}`, error);
      await deps.store.zadd(marketKeys.queue, { score: now + FAILED_RETRY_MS, member: sub });
      result.requeued++;
    }
  }
  return result;
}

/**
 * One member taken from the queue: their trips measured with the market the source gives them. In
 * member mode without a saved key nothing is measured: their trips stay as they are and they are
 * queued again in an hour (saving a key queues them at once).
 */
export async function syncMember(
  deps: Pick<Deps, 'store' | 'now'>,
  source: MarketSource,
  sub: string,
  now: number,
): Promise<{ stored: number; retryAt: number | null }> {
  const own = await source.forMember(sub);
  if (own === null) {
    const retryAt = now + NOT_CONFIGURED_RETRY_MS;
    await deps.store.zadd(marketKeys.queue, { score: retryAt, member: sub });
    return { stored: 0, retryAt };
  }
  return refreshExcursions(deps, own.market, sub, now, own.keys);
}
