// Vitest globalSetup: ONE throw-away store (redis-server + Upstash REST bridge) for the whole run.
// Workers inherit the env vars below (so `Redis.fromEnv()` in product code just works) and can also
// read the same values with `inject('testStore')`.
//
// Test files run in parallel against this same Redis, and nothing flushes it between tests: every
// test must put its keys under its own random prefix (e.g. `t:${randomUUID()}:`), never use fixed
// key names, FLUSHDB/FLUSHALL or KEYS over the whole keyspace.
import type { TestProject } from 'vitest/node';
import { startTestStore } from './store.ts';
import { startTestIssuer } from './test-issuer.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testStore: { url: string; token: string; redisUrl: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [store, issuer] = await Promise.all([startTestStore(), startTestIssuer()]);
  // Functions verify tokens against this issuer's JWKS; tests sign with its private key (tokens.ts).
  process.env.AUTH0_DOMAIN = issuer.domain;
  process.env.AUTH0_AUDIENCE = issuer.audience;
  process.env.AUTH0_CLIENT_ID = 'otc-edge-test';
  process.env.TEST_ISSUER_JWK = JSON.stringify(issuer.privateJwk);
  process.env.UPSTASH_REDIS_REST_URL = store.url;
  process.env.UPSTASH_REDIS_REST_TOKEN = store.token;
  process.env.TEST_REDIS_URL = store.redisUrl;
  project.provide('testStore', { url: store.url, token: store.token, redisUrl: store.redisUrl });
  return async () => {
    await Promise.all([store.stop(), issuer.close()]);
  };
}
