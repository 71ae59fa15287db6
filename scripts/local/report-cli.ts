import path from 'node:path';
import { loadStoreConfig } from '../../functions/_lib/config.ts';
import { createStore, type Store } from '../../functions/_lib/store.ts';
import { readStoreAddress } from './store-address.ts';

// What the report commands (npm run courses:report, affiliates:report) share: the store they read
// and how they end.

/**
 * The store a report reads: the one named by UPSTASH_REDIS_REST_URL/TOKEN, else the one of the
 * running `npm start` (its address in .data/).
 * `read` runs on it; a failure names the store it tried, so a stale address is easy to tell.
 */
export async function readReportStore<T>(root: string, read: (store: Store) => Promise<T>): Promise<T> {
  const config = reportStoreConfig(root);
  return read(createStore(config)).catch((error: unknown) => {
    // A stale address left by a stopped `npm start`, or a wrong URL/token: say which store, not why in detail.
    throw new Error(
      `Could not read the store at ${config.url} (is npm start running?): ${(error as Error).message}`,
    );
  });
}

function reportStoreConfig(root: string) {
  if (process.env.UPSTASH_REDIS_REST_URL) return loadStoreConfig();
  const running = readStoreAddress(path.join(root, '.data'));
  if (running) return running;
  throw new Error(
    'No store to read: start the product (npm start) in another terminal, or set UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN.',
  );
}

/** Runs a report's `main`: its exit code, or 1 with only the message of what went wrong (no stack). */
export async function runReport(main: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await main();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
