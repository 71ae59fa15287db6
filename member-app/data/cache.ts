import { useSyncExternalStore } from 'react';
import { subscribeSession } from '../auth/session.ts';

/**
 * A tiny query cache for the member app: one in-flight request per key (callers share it, so
 * start-up and route loaders never fetch twice), results kept for `maxAgeMs` so navigating back
 * does not refetch, observable so appended pages re-render. Failures are not cached. Everything is
 * forgotten when the session changes (visitor and member answers differ).
 */
interface Entry {
  promise: Promise<unknown>;
  value: unknown;
  loaded: boolean;
  at: number;
  listeners: Set<() => void>;
}

export const DEFAULT_MAX_AGE_MS = 10 * 60_000;

const entries = new Map<string, Entry>();

function entryFor(key: string): Entry {
  let entry = entries.get(key);
  if (!entry) {
    entry = {
      promise: Promise.resolve(undefined),
      value: undefined,
      loaded: false,
      at: 0,
      listeners: new Set(),
    };
    entries.set(key, entry);
  }
  return entry;
}

/** The cached value while fresh (or the request in flight); otherwise `load()` runs once for all callers. */
export function fetchQuery<T>(
  key: string,
  load: () => Promise<T>,
  maxAgeMs = DEFAULT_MAX_AGE_MS,
): Promise<T> {
  const existing = entries.get(key);
  const pending = existing && existing.at === -1;
  if (existing && (pending || (existing.loaded && Date.now() - existing.at < maxAgeMs))) {
    return existing.promise as Promise<T>;
  }
  const entry = entryFor(key);
  entry.at = -1;
  const promise = load().then(
    (value) => {
      if (entry.promise === promise) {
        entry.value = value;
        entry.loaded = true;
        entry.at = Date.now();
        notify(entry);
      }
      return value;
    },
    (error: unknown) => {
      if (entry.promise === promise) entry.at = 0; // stale: the next read loads again
      throw error;
    },
  );
  entry.promise = promise;
  return promise;
}

/** The value last loaded for `key`, if any. */
export function readQuery<T>(key: string): T | undefined {
  return entries.get(key)?.value as T | undefined;
}

/** Sets a value (start-up results, appended pages); subscribers re-render. */
export function writeQuery<T>(key: string, value: T): void {
  const entry = entryFor(key);
  entry.value = value;
  entry.loaded = true;
  entry.at = Date.now();
  entry.promise = Promise.resolve(value);
  notify(entry);
}

/** Marks entries stale (the next fetch reloads); their values stay visible meanwhile. */
export function invalidateQueries(prefix: string): void {
  for (const [key, entry] of entries) if (key.startsWith(prefix) && entry.at !== -1) entry.at = 0;
}

/** Values of every loaded entry whose key starts with `prefix`. */
export function queryValues<T>(prefix: string): T[] {
  return [...entries].flatMap(([key, e]) => (key.startsWith(prefix) && e.loaded ? [e.value as T] : []));
}

/** Re-renders when the value under `key` changes. */
export function useQueryValue<T>(key: string): T | undefined {
  return useSyncExternalStore(
    (listener) => {
      const entry = entryFor(key);
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    () => entries.get(key)?.value as T | undefined,
  );
}

export function clearQueries(): void {
  entries.clear();
}

function notify(entry: Entry): void {
  for (const listener of entry.listeners) listener();
}

// Sign-in or sign-out (in this tab or another) changes what the API answers.
if (typeof window !== 'undefined') subscribeSession(clearQueries);
