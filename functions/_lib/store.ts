import { Redis } from '@upstash/redis';
import type { Config } from './config.ts';

/** The store port: the Upstash SDK itself, against Upstash in production and the local bridge otherwise. */
export type Store = Redis;

export function createStore(config: Config['store']): Store {
  return new Redis({
    url: config.url,
    token: config.token,
    // Values are written and parsed explicitly by the domain code, so "123" stays a string.
    automaticDeserialization: false,
    // Domain code batches its commands itself (pipeline/multi, ≤ 2 round trips a request);
    // the SDK's implicit batching only adds a tick and halves throughput (npm run bench).
    enableAutoPipelining: false,
    enableTelemetry: false,
    // Network failures are retried twice, 50 then 100 ms apart: a blip is absorbed, an outage is a
    // 503 within a quarter second (the SDK's default waits about 4 s over 5 retries).
    retry: { retries: 2, backoff: (retry) => 50 * (retry + 1) },
  });
}

/**
 * Lua: HSET on the hash KEYS[1] (ARGV: field, value, …) only when it exists; answers 1 if it wrote.
 * For writes that must not bring back a record deleted meanwhile (a user, a member's index entry).
 */
export const HSET_IF_EXISTS = `if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV))
return 1`;

/** HGETALL without automatic deserialization answers Redis' flat [field, value, …] list. */
export async function hashEntries(store: Store, key: string): Promise<Array<[field: string, value: string]>> {
  return flatEntries(await store.hgetall(key));
}

/** A raw HGETALL reply (also from a pipeline) as [field, value] pairs. */
export function flatEntries(reply: unknown): Array<[field: string, value: string]> {
  const flat = Array.isArray(reply) ? reply : [];
  const entries: Array<[string, string]> = [];
  for (let i = 0; i + 1 < flat.length; i += 2) entries.push([String(flat[i]), String(flat[i + 1])]);
  return entries;
}

/** A JSON value the domain code stored as a string; null when absent or unreadable. */
export function parseJson<T>(raw: unknown): T | null {
  if (typeof raw !== 'string' || raw === '') return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
