import { describe, expect, it } from 'vitest';
import { checkHealth } from '../../functions/_lib/health.ts';
import { createStore } from '../../functions/_lib/store.ts';
import health from '../../functions/health.ts';

describe('GET /api/health', () => {
  it('reports the store as up', async () => {
    const response = await health(new Request('http://localhost/api/health'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', store: 'ok' });
  });

  it('reports a store it cannot reach as degraded, with no detail', async () => {
    // A closed port on loopback: the SDK's request fails at once.
    const store = createStore({ url: 'http://127.0.0.1:9', token: 'nope' });
    expect(await checkHealth({ store })).toEqual({ status: 'degraded', store: 'unreachable' });
  });

  it('reports a store that rejects our token as degraded', async () => {
    const store = createStore({ url: process.env.UPSTASH_REDIS_REST_URL ?? '', token: 'wrong-token' });
    expect(await checkHealth({ store })).toEqual({ status: 'degraded', store: 'unreachable' });
  });
});
