import { fileURLToPath } from 'node:url';
import { createStore, type Store } from '../../../functions/_lib/store.ts';
import { startChild } from '../../../scripts/local/child.ts';

/** What scripts/local/product-process.ts announces of the product it started. */
interface Started {
  url: string;
  redisUrl: string;
  env: Record<string, string>;
  mailUrl: string;
  mailKey: string;
}

const script = fileURLToPath(new URL('../../../scripts/local/product-process.ts', import.meta.url));

/**
 * A product of one journey's own, for a journey whose figures must be exact (the operator's money)
 * or that needs other settings (`settings`, e.g. the market-data key mode): on the shared product,
 * other journeys pay and cancel at the same time. It runs in a process of its own: the functions
 * read their settings once per process (functions/_lib/deps.ts), so two such products in one worker
 * process, one after the other, would have the second's functions still talking to the first's
 * stand-ins. While the journey runs, the worker's environment holds the product's settings and points
 * at it — the helpers in members.ts read E2E_BASE_URL and E2E_REDIS_URL — and is put back when it stops.
 */
export async function startPrivateProduct(
  settings: Record<string, string> = {},
): Promise<{ url: string; store: Store; stop(): Promise<void> }> {
  const product = await startChild<Started>(script, ['product'], settings);
  const { url, redisUrl, env, mailUrl, mailKey } = product.info;
  const saved = { ...process.env };
  Object.assign(process.env, settings, env, {
    E2E_BASE_URL: url,
    E2E_REDIS_URL: redisUrl,
    E2E_MAIL_URL: mailUrl,
    E2E_MAIL_KEY: mailKey,
  });
  const store = createStore({
    url: env.UPSTASH_REDIS_REST_URL ?? '',
    token: env.UPSTASH_REDIS_REST_TOKEN ?? '',
  });
  return {
    url,
    store,
    stop: async () => {
      try {
        await product.stop();
      } finally {
        for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
        Object.assign(process.env, saved);
      }
    },
  };
}
