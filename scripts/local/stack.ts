import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStore } from '../../functions/_lib/store.ts';
import { seedStore } from '../seed.ts';
import { startChild } from './child.ts';
import { startRedis } from './redis.ts';

export interface LocalStack {
  env: Record<string, string>;
  redisUrl: string;
  stop(): Promise<void>;
}

/**
 * The embedded stand-ins behind the functions: a real redis-server (data under dataDir when
 * persist is on) reached through the Upstash REST bridge, seeded from content/.
 */
export async function startLocalStack(options: { dataDir: string; persist: boolean }): Promise<LocalStack> {
  const { dataDir, persist } = options;
  const redis = await startRedis({ dir: path.join(dataDir, 'redis'), persist });
  const token = randomBytes(24).toString('base64url');
  // Its own process, as Upstash is its own service: the functions' event loop stays theirs.
  const bridge = await startChild<{ url: string }>(
    fileURLToPath(new URL('./upstash-bridge.ts', import.meta.url)),
    [],
    { REDIS_URL: redis.url, BRIDGE_TOKEN: token },
  ).catch(async (error: unknown) => {
    await redis.stop();
    throw error;
  });
  const env = { UPSTASH_REDIS_REST_URL: bridge.info.url, UPSTASH_REDIS_REST_TOKEN: token };
  const stop = async () => {
    await bridge.stop().catch(() => {});
    await redis.stop();
  };
  try {
    await seedStore(createStore({ url: bridge.info.url, token }));
  } catch (error) {
    await stop();
    throw error;
  }
  return { env, redisUrl: redis.url, stop } satisfies LocalStack;
}
