import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createStore } from '../../functions/_lib/store.ts';
import { seedStore } from '../seed.ts';
import { startRedis } from './redis.ts';
import { startUpstashBridge } from './upstash-bridge.ts';

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
  const bridge = await startUpstashBridge({ redisUrl: redis.url, token }).catch(async (error: unknown) => {
    await redis.stop();
    throw error;
  });
  const env = { UPSTASH_REDIS_REST_URL: bridge.url, UPSTASH_REDIS_REST_TOKEN: token };
  const stop = async () => {
    await bridge.close().catch(() => {});
    await redis.stop();
  };
  try {
    await seedStore(createStore({ url: bridge.url, token }));
  } catch (error) {
    await stop();
    throw error;
  }
  return { env, redisUrl: redis.url, stop } satisfies LocalStack;
}
