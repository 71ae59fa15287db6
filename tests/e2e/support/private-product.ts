import { createStore, type Store } from '../../../functions/_lib/store.ts';
import { startThrowawayProduct } from '../../../scripts/local/throwaway.ts';

/**
 * A product of one journey's own, for a journey whose figures must be exact (the operator's money):
 * on the shared product, other journeys pay and cancel at the same time. It runs in the worker's
 * process (its functions too, loaded fresh there: no other journey loads them in a worker), and the
 * worker's environment points at it while the journey runs — the helpers in members.ts read
 * E2E_BASE_URL and E2E_REDIS_URL — and is put back when it stops. A worker runs one journey at a time.
 */
export async function startPrivateProduct(): Promise<{ url: string; store: Store; stop(): Promise<void> }> {
  const saved = { ...process.env };
  const product = await startThrowawayProduct();
  process.env.E2E_BASE_URL = product.url;
  process.env.E2E_REDIS_URL = product.redisUrl;
  process.env.E2E_MAIL_URL = product.mailUrl;
  process.env.E2E_MAIL_KEY = product.mailKey;
  const store = createStore({
    url: product.env.UPSTASH_REDIS_REST_URL ?? '',
    token: product.env.UPSTASH_REDIS_REST_TOKEN ?? '',
  });
  return {
    url: product.url,
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
