import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDeps } from '../../functions/_lib/deps.ts';
import type { Bar } from '../../functions/_lib/market/bars.ts';
import { barsForDays } from '../../functions/_lib/market/bars-cache.ts';
import { marketKeys } from '../../functions/_lib/market/keys.ts';
import { marketTime } from '../../functions/_lib/market/market-day.ts';
import { createMarketData } from '../../functions/_lib/market/market-ports.ts';
import { createMassiveMarketData } from '../../functions/_lib/market/massive.ts';
import { testSymbol } from '../support/market-stand-in.ts';
import { type MassiveServer, ok, startMassiveServer } from '../support/massive-server.ts';

// The bars cache on real Redis, in front of a local server that counts the provider calls.

const KEY = 'test-key-0123456789';
const store = () => getDeps().store;
let server: MassiveServer;
const market = () => createMassiveMarketData({ apiKey: KEY, apiBase: server.apiBase });
/** Provider calls so far for a symbol (test files share the server's log only within this file). */
const calls = (symbol: string) =>
  server.requests.filter((r) => r.path.includes(`/${symbol}/`) || r.path.endsWith(`/${symbol}`));

/** One bar at a New York wall time: 19:30 EDT is the next day in UTC, and must stay on its own day. */
const bar = (day: string, time: string, price = 0.0004): Bar => ({
  t: marketTime(day, time),
  o: price,
  h: price,
  l: price,
  c: price,
  v: 10_000,
});

/** Answers every aggregates call with one bar at 09:30 and one at 19:30 of each weekday in its range. */
function serveBars(): void {
  server.routes.push((r) => {
    const match = /^\/v2\/aggs\/ticker\/[^/]+\/range\/1\/minute\/([\d-]+)\/([\d-]+)$/.exec(r.path);
    if (!match) return undefined;
    const results: Bar[] = [];
    for (
      let at = Date.parse(`${match[1]}T12:00:00Z`);
      at <= Date.parse(`${match[2]}T12:00:00Z`);
      at += 86_400_000
    ) {
      const day = new Date(at).toISOString().slice(0, 10);
      results.push(bar(day, '09:30'), bar(day, '19:30', 0.0005));
    }
    return ok({ status: 'OK', resultsCount: results.length, results });
  });
}

beforeAll(async () => {
  server = await startMassiveServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.routes.length = 0;
});

// Tuesday 2024-03-12 (daylight time) is long finished.
const NOW = Date.parse('2026-01-15T15:00:00Z');

describe('the bars cache', () => {
  it('fetches a finished day once and keeps it for good; the next call asks the provider nothing', async () => {
    serveBars();
    const symbol = testSymbol();
    const request = { symbol, resolution: 'minute' as const, days: ['2024-03-12'], now: NOW };
    const first = await barsForDays(store(), market(), request);
    expect(first).toEqual({
      '2024-03-12': { kind: 'bars', bars: [bar('2024-03-12', '09:30'), bar('2024-03-12', '19:30', 0.0005)] },
    });
    expect(calls(symbol)).toHaveLength(1);
    expect(await barsForDays(store(), market(), request)).toEqual(first);
    expect(calls(symbol)).toHaveLength(1);
    expect(await store().ttl(marketKeys.bars('minute', symbol, '2024-03-12'))).toBe(-1);
  });

  it('asks for neighbouring missing days in one call and splits the answer by New York date', async () => {
    serveBars();
    const symbol = testSymbol();
    // Friday, Monday and Tuesday across a weekend, and a day a month later on its own.
    const days = ['2024-03-08', '2024-03-11', '2024-03-12', '2024-04-10'];
    const answer = await barsForDays(store(), market(), { symbol, resolution: 'minute', days, now: NOW });
    expect(calls(symbol).map((r) => r.path.split('/').slice(-2).join('/'))).toEqual([
      '2024-03-08/2024-03-12',
      '2024-04-10/2024-04-10',
    ]);
    for (const day of days)
      expect(answer[day]).toEqual({ kind: 'bars', bars: [bar(day, '09:30'), bar(day, '19:30', 0.0005)] });
    // The 19:30 bar is on the next day in UTC, and still on its own day here.
    expect(new Date(bar('2024-03-08', '19:30').t).toISOString().slice(0, 10)).toBe('2024-03-09');
  });

  it("keeps today's bars a minute: asked again after it, they are fetched again", async () => {
    serveBars();
    const symbol = testSymbol();
    const now = marketTime('2026-01-15', '10:00');
    const ask = (at: number) =>
      barsForDays(store(), market(), { symbol, resolution: 'minute', days: ['2026-01-15'], now: at });
    await ask(now);
    await ask(now + 30_000);
    expect(calls(symbol)).toHaveLength(1);
    const ttl = await store().ttl(marketKeys.bars('minute', symbol, '2026-01-15'));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);
    await ask(now + 61_000);
    expect(calls(symbol)).toHaveLength(2);
  });

  it('does not keep a failed fetch: the next call asks again', async () => {
    const symbol = testSymbol();
    server.routes.push(() => ({ status: 500, body: { status: 'ERROR' } }));
    const request = { symbol, resolution: 'minute' as const, days: ['2024-03-12', '2024-03-13'], now: NOW };
    const failed = await barsForDays(store(), market(), request);
    expect(failed['2024-03-12']).toMatchObject({ kind: 'unavailable', reason: 'down' });
    expect(failed['2024-03-13']).toMatchObject({ kind: 'unavailable', reason: 'down' });
    expect(await store().exists(marketKeys.bars('minute', symbol, '2024-03-12'))).toBe(0);
    server.routes.length = 0;
    serveBars();
    const retried = await barsForDays(store(), market(), request);
    expect(retried['2024-03-12']).toMatchObject({ kind: 'bars' });
    expect(calls(symbol)).toHaveLength(2);
  });

  it('remembers an unknown symbol for a day under its own key', async () => {
    const symbol = testSymbol();
    server.routes.push((r) =>
      r.path.startsWith('/v2/') ? ok({ status: 'OK', resultsCount: 0 }) : undefined,
    );
    server.routes.push(() => ({ status: 404, body: { status: 'NOT_FOUND', message: 'Ticker not found.' } }));
    const request = { symbol, resolution: 'minute' as const, days: ['2024-03-12'], now: NOW };
    expect(await barsForDays(store(), market(), request)).toEqual({
      '2024-03-12': { kind: 'unknown-symbol' },
    });
    expect(await barsForDays(store(), market(), request)).toEqual({
      '2024-03-12': { kind: 'unknown-symbol' },
    });
    expect(calls(symbol)).toHaveLength(2); // the aggregates and the ticker details, once
    const ttl = await store().ttl(marketKeys.unknown(symbol));
    expect(ttl).toBeGreaterThan(86_000);
    expect(await store().exists(marketKeys.bars('minute', symbol, '2024-03-12'))).toBe(0);
  });

  it('keeps a recent finished day that came back empty an hour only (a provider may publish it late)', async () => {
    const symbol = testSymbol();
    server.routes.push((r) =>
      r.path.startsWith('/v2/') ? ok({ status: 'OK', resultsCount: 0 }) : undefined,
    );
    server.routes.push(() => ok({ status: 'OK', results: { ticker: symbol } }));
    const now = marketTime('2026-01-15', '10:00');
    const days = ['2026-01-14', '2025-12-01'];
    const answer = await barsForDays(store(), market(), { symbol, resolution: 'minute', days, now });
    expect(answer).toEqual({
      '2025-12-01': { kind: 'bars', bars: [] },
      '2026-01-14': { kind: 'bars', bars: [] },
    });
    expect(await store().ttl(marketKeys.bars('minute', symbol, '2025-12-01'))).toBe(-1);
    const recent = await store().ttl(marketKeys.bars('minute', symbol, '2026-01-14'));
    expect(recent).toBeGreaterThan(3_000);
    expect(recent).toBeLessThanOrEqual(3_600);
    const asked = calls(symbol).length;
    await barsForDays(store(), market(), { symbol, resolution: 'minute', days, now: now + 60_000 });
    expect(calls(symbol)).toHaveLength(asked);
    await barsForDays(store(), market(), { symbol, resolution: 'minute', days, now: now + 3_601_000 });
    expect(calls(symbol).length).toBeGreaterThan(asked);
  });

  it('cachedOnly reads the cache and never the provider; days to come are empty without asking', async () => {
    serveBars();
    const symbol = testSymbol();
    const request = { symbol, resolution: 'minute' as const, days: ['2024-03-12', '2026-01-16'], now: NOW };
    expect(await barsForDays(store(), market(), { ...request, cachedOnly: true })).toEqual({
      '2024-03-12': { kind: 'not-cached' },
      '2026-01-16': { kind: 'bars', bars: [] },
    });
    expect(calls(symbol)).toHaveLength(0);
    await barsForDays(store(), market(), request);
    expect(calls(symbol).map((r) => r.path.split('/').slice(-2).join('/'))).toEqual([
      '2024-03-12/2024-03-12',
    ]);
    expect(
      (await barsForDays(store(), market(), { ...request, cachedOnly: true }))['2024-03-12'],
    ).toMatchObject({
      kind: 'bars',
    });
  });

  it('refuses a malformed symbol or day', async () => {
    await expect(
      barsForDays(store(), market(), { symbol: 'a b', resolution: 'day', days: ['2024-03-12'], now: NOW }),
    ).rejects.toThrow(RangeError);
    await expect(
      barsForDays(store(), market(), { symbol: 'ABCD', resolution: 'day', days: ['12/03/2024'], now: NOW }),
    ).rejects.toThrow(RangeError);
  });
});

describe('the provider rate limit', () => {
  it('lets N calls a minute through across calls and function instances, then answers rate-limited, uncached', async () => {
    serveBars();
    const symbol = testSymbol();
    // A minute of its own: the counter key is the clock minute, shared by everyone on this store.
    const minuteStart = 60_000 * (29_000_000 + Math.floor(Math.random() * 1_000_000));
    let now = minuteStart + 15_000;
    const config = {
      kind: 'massive' as const,
      apiKey: KEY,
      apiBase: server.apiBase,
      ratePerMinute: 2,
      synthetic: false,
    };
    // Two instances, as two functions would have: one budget.
    const one = createMarketData(config, store(), () => now);
    const two = createMarketData(config, store(), () => now);
    const ask = (port: typeof one, day: string) =>
      barsForDays(store(), port, { symbol, resolution: 'minute', days: [day], now: NOW });
    expect((await ask(one, '2024-03-12'))['2024-03-12']).toMatchObject({ kind: 'bars' });
    expect((await ask(two, '2024-04-12'))['2024-04-12']).toMatchObject({ kind: 'bars' });
    expect((await ask(one, '2024-05-13'))['2024-05-13']).toEqual(
      expect.objectContaining({ kind: 'unavailable', reason: 'rate-limited', retryAfterMs: 45_000 }),
    );
    expect(calls(symbol)).toHaveLength(2);
    expect(await store().exists(marketKeys.bars('minute', symbol, '2024-05-13'))).toBe(0);
    now = minuteStart + 60_000;
    expect((await ask(two, '2024-05-13'))['2024-05-13']).toMatchObject({ kind: 'bars' });
    expect(calls(symbol)).toHaveLength(3);
  });
});
