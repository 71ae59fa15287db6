import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTAGE_RETRY_AFTER_S } from '../../functions/_lib/http/store-outage.ts';
import { type RunningRedis, startRedis } from '../../scripts/local/redis.ts';
import { type RunningBridge, startUpstashBridge } from '../../scripts/local/upstash-bridge.ts';
import { authHeader } from '../support/tokens.ts';

// The store down in the middle of a run: this file has its own Redis and REST bridge (the shared one
// stays up for every other file), pointed to before any function module is loaded.

const dir = mkdtempSync(path.join(tmpdir(), 'otc-outage-'));
const token = randomBytes(24).toString('base64url');
let redis: RunningRedis;
let bridge: RunningBridge;

beforeAll(async () => {
  redis = await startRedis({ dir, persist: true });
  bridge = await startUpstashBridge({ redisUrl: redis.url, token });
  process.env.UPSTASH_REDIS_REST_URL = bridge.url;
  process.env.UPSTASH_REDIS_REST_TOKEN = token;
});

afterAll(async () => {
  await bridge?.close();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Every member function, loaded after the store settings above. */
async function functions() {
  const { getDeps } = await import('../../functions/_lib/deps.ts');
  const { memberCaller } = await import('../support/members.ts');
  const load = async (name: string) =>
    (await import(`../../functions/${name}.ts`)).default as (request: Request) => Promise<Response>;
  return { store: getDeps().store, memberCaller, load };
}

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the store did not come back in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const NOTE_ID = 'note_AAAAAAAAAAAAAAAA';
const TRADE_ID = 'trade_AAAAAAAAAAAAAAAA';
/**
 * How soon an outage must be answered. The store client's own retries (two, 50 and 100 ms) answer in
 * about 0.25 s; its default backoff (five retries) would take over 4 s. 2 s tells the two apart with
 * room for a busy machine.
 */
const ANSWER_WITHIN_MS = 2_000;
const UNAVAILABLE = { error: 'The service is temporarily unavailable. Please try again in a moment.' };

describe('the store down mid-run', () => {
  it('answers 503 with Retry-After, health degraded, and everything acknowledged is there once it is back', async () => {
    const { store, memberCaller, load } = await functions();
    const { sub, call } = await memberCaller(store);
    const headers = await authHeader({ sub });
    const saveNote = await load('journal-notes-update');
    const notes = await load('journal-notes');
    const saveTrade = await load('journal-trades-update');
    const trades = await load('journal-trades');
    const health = await load('health');
    const note = { note_id: NOTE_ID, title: 'Before', body: '<p>kept</p>', basedOn: null };
    const trade = {
      trade_id: TRADE_ID,
      symbol: 'ABCD',
      tradeType: 'buy',
      buyPrice: '0.0042',
      shares: '1000',
    };
    expect((await call(saveNote, 'journal/notes/update', note)).status).toBe(200);
    expect((await call(saveTrade, 'journal/trades/update', trade)).status).toBe(200);

    // Redis stops: reads and writes are 503s, quickly, with Retry-After; health says degraded.
    await redis.stop();
    const calls: Array<[(r: Request) => Promise<Response>, string, unknown]> = [
      [notes, 'journal/notes', {}],
      [trades, 'journal/trades', {}],
      [saveNote, 'journal/notes/update', { ...note, note_id: 'note_BBBBBBBBBBBBBBBB', title: 'During' }],
      [saveTrade, 'journal/trades/update', { ...trade, trade_id: 'trade_BBBBBBBBBBBBBBBB' }],
    ];
    for (const [fn, name, body] of calls) {
      const started = Date.now();
      const response = await fn(
        new Request(`http://localhost/api/${name}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer x.y.z' },
          body: JSON.stringify(body),
        }),
      );
      // An unverifiable token is still a 401: authentication needs no store.
      expect(response.status, name).toBe(401);
      const answer = await call(fn, name, body);
      expect(answer, name).toEqual({ status: 503, body: UNAVAILABLE });
      const direct = await fn(
        new Request(`http://localhost/api/${name}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        }),
      );
      expect(direct.headers.get('retry-after'), name).toBe(String(OUTAGE_RETRY_AFTER_S));
      expect(Date.now() - started, name).toBeLessThan(ANSWER_WITHIN_MS);
    }
    const raw = await saveNote(
      new Request('http://localhost/api/journal/notes', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    expect(raw.status).toBe(401);
    const degraded = await health(new Request('http://localhost/api/health'));
    expect(await degraded.json()).toEqual({ status: 'degraded', store: 'unreachable' });

    // Redis back on the same port and data: the same calls succeed, with no restart of the functions.
    redis = await startRedis({ dir, persist: true, port: redis.port });
    // The REST bridge reconnects by itself (its client retries every half second at most).
    await until(
      async () => (await (await health(new Request('http://localhost/api/health'))).json()).status === 'ok',
    );
    const listed = (await call(notes, 'journal/notes', {})).body as { notes: Array<{ title: string }> };
    expect(listed.notes.map((n) => n.title)).toEqual(['Before']);
    const tradeList = (await call(trades, 'journal/trades', {})).body as {
      trades: Array<{ trade_id: string }>;
    };
    expect(tradeList.trades.map((t) => t.trade_id)).toEqual([TRADE_ID]);
    for (const [fn, name, body] of calls) expect((await call(fn, name, body)).status, name).toBe(200);
  });

  it('answers 503 when the REST service itself cannot be reached', async () => {
    const { store, memberCaller, load } = await functions();
    await until(async () => (await store.ping().catch(() => '')) === 'PONG');
    const { call } = await memberCaller(store);
    const notes = await load('journal-notes');
    await bridge.close();
    try {
      const started = Date.now();
      expect(await call(notes, 'journal/notes', {})).toEqual({ status: 503, body: UNAVAILABLE });
      expect(Date.now() - started).toBeLessThan(ANSWER_WITHIN_MS);
    } finally {
      bridge = await startUpstashBridge({ redisUrl: redis.url, token, port: bridge.port });
    }
    await until(async () => (await call(notes, 'journal/notes', {})).status === 200);
  });

  it('loads the functions it calls (a guard against a renamed file)', () => {
    const files = readdirSync(new URL('../../functions/', import.meta.url));
    for (const name of [
      'journal-notes-update',
      'journal-notes',
      'journal-trades-update',
      'journal-trades',
      'health',
    ])
      expect(files).toContain(`${name}.ts`);
  });
});
