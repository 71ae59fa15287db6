// A throw-away store for tests: a non-persistent redis-server on a free port in a temp dir, and the
// Upstash REST bridge in front of it with a random token.
import { randomBytes } from 'node:crypto';
import { startRedis } from '../../scripts/local/redis.ts';
import { startUpstashBridge } from '../../scripts/local/upstash-bridge.ts';

export interface TestStore {
  /** redis://127.0.0.1:PORT, for tests that talk to Redis directly (node-redis). */
  redisUrl: string;
  /** Upstash REST URL for `new Redis({ url, token })` from @upstash/redis. */
  url: string;
  token: string;
  stop(): Promise<void>;
}

export async function startTestStore(): Promise<TestStore> {
  const redis = await startRedis({ persist: false });
  const token = randomBytes(24).toString('base64url');
  try {
    const bridge = await startUpstashBridge({ redisUrl: redis.url, token });
    const stop = async () => {
      await bridge.close();
      await redis.stop();
    };
    return { redisUrl: redis.url, url: bridge.url, token, stop };
  } catch (error) {
    await redis.stop();
    throw error;
  }
}
