import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './redis.ts';
import { startServer } from './server.ts';
import { startLocalStack } from './stack.ts';

/**
 * The product as `npm start` serves it, on a free port with fresh, non-persistent stand-ins in a
 * temp folder (e2e tests, benchmark). Sets the functions' environment in this process.
 */
export async function startThrowawayProduct(): Promise<{
  url: string;
  redisUrl: string;
  /** The functions' environment (store, sign-in provider, mail server). */
  env: Record<string, string>;
  /** The mail catcher's web inbox (its REST API lists every email: GET {mailUrl}api/email). */
  mailUrl: string;
  /** The inbox's key for this run, sent as `Authorization: Bearer KEY`. */
  mailKey: string;
  /** Where the stand-ins keep their files (the sign-in provider's keys under oidc/). */
  dataDir: string;
  stop(): Promise<void>;
}> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'otc-'));
  const port = await freePort();
  const stack = await startLocalStack({
    dataDir,
    persist: false,
    appOrigins: [`http://localhost:${port}`],
    authPort: 0,
    chatPort: 0,
    // Every browser of a test run signs up from 127.0.0.1: a whole run makes far more than the
    // 20 accounts an hour one client address may (tests/functions/oidc-signup.test.ts checks that limit).
    signUpsPerClientHour: 10_000,
  });
  Object.assign(process.env, stack.env);
  const server = await startServer({ root, port });
  // Links in emails lead to this site (docs/mail.md).
  process.env.URL = server.url;
  return {
    url: server.url,
    redisUrl: stack.redisUrl,
    env: stack.env,
    mailUrl: stack.mailUrl,
    mailKey: stack.mailKey,
    dataDir,
    stop: async () => {
      await server.close();
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
