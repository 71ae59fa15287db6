/**
 * The queue of members whose MAE/MFE the background job measures again (docs/market-data.md, "The
 * excursions queue"): a write that changes round trips adds its member, due now, in a pipeline it
 * sends anyway; the job takes the due ones a few at a time.
 */
import type { Deps } from '../deps.ts';
import type { Store } from '../store.ts';
import { marketKeys } from './keys.ts';

type Pipeline = ReturnType<Deps['store']['pipeline']>;

/** Adds ZADD NX (due `now`) to `pipe`: a member already queued (or waiting out a rate limit) keeps their time. */
export function queueMember<P extends Pipeline>(pipe: P, sub: string, now: number): P {
  pipe.zadd(marketKeys.queue, { nx: true }, { score: now, member: sub });
  return pipe;
}

/**
 * Lua: takes (removes and answers) up to ARGV[2] members due by ARGV[1] from the queue KEYS[1],
 * earliest first. Removed before they are worked on, so a write meanwhile queues its member again.
 */
const TAKE_DUE = `local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
if #due > 0 then redis.call('ZREM', KEYS[1], unpack(due)) end
return due`;

export async function takeDueMembers(store: Store, now: number, limit: number): Promise<string[]> {
  const due = await store.eval(TAKE_DUE, [marketKeys.queue], [String(now), String(limit)]);
  return Array.isArray(due) ? due.map(String) : [];
}
