import { createClient } from 'redis';

const connect = () => createClient({ url: process.env.E2E_REDIS_URL ?? '' }).connect();

/** A connection to the store the local functions use (E2E_REDIS_URL). */
export type StoreClient = Awaited<ReturnType<typeof connect>>;

/**
 * Runs `use` on the store, for what the pages do not show: reading what a page stored, or writing
 * what a member would have done on other days. The connection is closed after, whatever happens.
 */
export async function withStore<T>(use: (redis: StoreClient) => Promise<T>): Promise<T> {
  const redis = await connect();
  try {
    return await use(redis);
  } finally {
    await redis.quit();
  }
}
