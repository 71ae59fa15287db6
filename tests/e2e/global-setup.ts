import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from '../../scripts/local/build.ts';
import { freePort } from '../../scripts/local/redis.ts';
import { startServer } from '../../scripts/local/server.ts';
import { startLocalStack } from '../../scripts/local/stack.ts';

/** Starts the product as `npm start` does, but on a throw-away Redis and a free port. */
export default async function globalSetup() {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  buildIfStale(root);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'otc-e2e-'));
  const port = await freePort();
  const stack = await startLocalStack({
    dataDir,
    persist: false,
    appOrigins: [`http://localhost:${port}`],
    authPort: 0,
  });
  Object.assign(process.env, stack.env);
  const server = await startServer({ root, port });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_REDIS_URL = stack.redisUrl;
  return async () => {
    await server.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
