import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDeps } from '../../functions/_lib/deps.ts';
import type { Bar } from '../../functions/_lib/market/bars.ts';
import { marketDay } from '../../functions/_lib/market/market-day.ts';
import { createMarketData, NOT_CONFIGURED_MESSAGE } from '../../functions/_lib/market/market-ports.ts';
import { createMassiveMarketData } from '../../functions/_lib/market/massive.ts';
import { freePort } from '../../scripts/local/redis.ts';
import { fixture, type MassiveServer, ok, startMassiveServer } from '../support/massive-server.ts';

// The Massive client against a local server answering with Massive's documented responses, and with
// answers recorded from the provider (tests/fixtures/market/README.md).

const KEY = 'test-key-0123456789';
let server: MassiveServer;
const client = () => createMassiveMarketData({ apiKey: KEY, apiBase: server.apiBase });
const aggsPath = (ticker: string) => new RegExp(`^/v2/aggs/ticker/${ticker}/range/1/`);
const onlyBars = (rows: Array<Record<string, number>>): Bar[] =>
  rows.map(({ t, o, h, l, c, v }) => ({ t, o, h, l, c, v }) as Bar);

beforeAll(async () => {
  server = await startMassiveServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.routes.length = 0;
});

describe('the Massive client', () => {
  it('reads a minute-bar answer in the documented format across its next_url page, unadjusted, with the key', async () => {
    const page1 = fixture('aggs-ABQQ-minute-2024-03-12-page1.json') as {
      results: Array<Record<string, number>>;
    };
    const page2 = fixture('aggs-ABQQ-minute-2024-03-12-page2.json') as {
      results: Array<Record<string, number>>;
    };
    server.routes.push((r) =>
      aggsPath('ABQQ').test(r.path) ? ok(r.query.has('cursor') ? page2 : page1) : undefined,
    );
    const answer = await client().fetchBars({
      symbol: 'abqq',
      resolution: 'minute',
      from: '2024-03-12',
      to: '2024-03-12',
    });
    expect(answer).toEqual({ kind: 'bars', bars: [...onlyBars(page1.results), ...onlyBars(page2.results)] });
    expect(server.requests).toHaveLength(2);
    const [first, second] = server.requests;
    expect(first?.path).toBe('/v2/aggs/ticker/ABQQ/range/1/minute/2024-03-12/2024-03-12');
    expect(Object.fromEntries(first?.query ?? [])).toEqual({
      adjusted: 'false',
      sort: 'asc',
      limit: '50000',
    });
    // The key in the header Massive documents, never in a URL (logs, proxies, error messages keep those).
    expect(first?.authorization).toBe(`Bearer ${KEY}`);
    // The next page is asked of our base (not the provider host in next_url), with the key.
    expect(second?.path).toBe('/v2/aggs/ticker/ABQQ/range/1/minute/1710250440000/1710287999999');
    expect(second?.query.get('cursor')).toMatch(/^YXA9/);
    expect(second?.query.has('apiKey')).toBe(false);
    expect(second?.authorization).toBe(`Bearer ${KEY}`);
    // Sub-penny prices come through as the provider wrote them.
    if (answer.kind === 'bars') expect(String(answer.bars[5]?.h)).toBe('0.00045');
  });

  it('reads answers recorded from the provider itself: daily bars on New York days across a clock change', async () => {
    // Recorded from Polygon's API (its Python client's test recordings, tests/fixtures/market/README.md):
    // Friday 1 April 2005 (EST) and Monday 4 April 2005 (EDT, the clocks changed on the 3rd).
    const recorded = fixture('recorded-aggs-AAPL-day-2005-04-01-2005-04-04.json') as {
      results: Array<Record<string, number>>;
    };
    server.routes.push((r) => (aggsPath('AAPL').test(r.path) ? ok(recorded) : undefined));
    const answer = await client().fetchBars({
      symbol: 'AAPL',
      resolution: 'day',
      from: '2005-04-01',
      to: '2005-04-04',
    });
    expect(answer).toEqual({ kind: 'bars', bars: onlyBars(recorded.results) });
    if (answer.kind !== 'bars') return;
    // A daily bar starts at its day's midnight in New York: 05:00Z in winter time, 04:00Z in summer time.
    expect(answer.bars.map((bar) => marketDay(bar.t))).toEqual(['2005-04-01', '2005-04-04']);
    expect(answer.bars[0]).toEqual({
      t: 1112331600000,
      o: 1.5032,
      h: 1.5064,
      l: 1.4489,
      c: 1.4604,
      v: 642646396,
    });
  });

  it('an empty range of a ticker the provider knows (its recorded details) is a day without trades', async () => {
    server.routes.push((r) =>
      aggsPath('AAPL').test(r.path) ? ok(fixture('aggs-unknown-ticker.json')) : undefined,
    );
    server.routes.push((r) =>
      r.path === '/v3/reference/tickers/AAPL'
        ? ok(fixture('recorded-ticker-details-AAPL-2020-10-01.json'))
        : undefined,
    );
    const answer = await client().fetchBars({
      symbol: 'AAPL',
      resolution: 'minute',
      from: '2020-10-03',
      to: '2020-10-03',
    });
    expect(answer).toEqual({ kind: 'bars', bars: [] });
    expect(server.requests.at(-1)?.query.get('date')).toBe('2020-10-03');
  });

  it('an empty range asks the ticker details as of its last day: unknown there is an unknown symbol', async () => {
    server.routes.push((r) =>
      aggsPath('XQZQ').test(r.path) ? ok(fixture('aggs-unknown-ticker.json')) : undefined,
    );
    server.routes.push((r) =>
      r.path === '/v3/reference/tickers/XQZQ'
        ? { status: 404, body: fixture('ticker-details-not-found.json') }
        : undefined,
    );
    const answer = await client().fetchBars({
      symbol: 'XQZQ',
      resolution: 'day',
      from: '2024-03-01',
      to: '2024-03-12',
    });
    expect(answer).toEqual({ kind: 'unknown-symbol' });
    expect(server.requests.map((r) => r.path)).toEqual([
      '/v2/aggs/ticker/XQZQ/range/1/day/2024-03-01/2024-03-12',
      '/v3/reference/tickers/XQZQ',
    ]);
    expect(server.requests[1]?.query.get('date')).toBe('2024-03-12');
  });

  it('an empty range of a known ticker is a day without trades', async () => {
    server.routes.push((r) =>
      aggsPath('ABQQ').test(r.path) ? ok(fixture('aggs-unknown-ticker.json')) : undefined,
    );
    server.routes.push((r) =>
      r.path === '/v3/reference/tickers/ABQQ' ? ok(fixture('ticker-details-ABQQ.json')) : undefined,
    );
    const answer = await client().fetchBars({
      symbol: 'ABQQ',
      resolution: 'minute',
      from: '2024-03-16',
      to: '2024-03-16',
    });
    expect(answer).toEqual({ kind: 'bars', bars: [] });
  });

  it('429 is rate-limited for as long as Retry-After says', async () => {
    server.routes.push(() => ({
      status: 429,
      body: fixture('rate-limited.json'),
      headers: { 'Retry-After': '12' },
    }));
    const answer = await client().fetchBars({
      symbol: 'ABQQ',
      resolution: 'minute',
      from: '2024-03-12',
      to: '2024-03-12',
    });
    expect(answer).toMatchObject({ kind: 'unavailable', reason: 'rate-limited', retryAfterMs: 12_000 });
  });

  it('500 is down, 401 and 403 are not authorized', async () => {
    const ask = () =>
      client().fetchBars({ symbol: 'ABQQ', resolution: 'day', from: '2024-03-12', to: '2024-03-12' });
    server.routes.push(() => ({ status: 500, body: { status: 'ERROR', error: 'Internal error' } }));
    expect(await ask()).toMatchObject({ kind: 'unavailable', reason: 'down' });
    server.routes.unshift(() => ({ status: 401, body: { status: 'ERROR', error: 'Unknown API Key' } }));
    expect(await ask()).toMatchObject({ kind: 'unavailable', reason: 'not-authorized' });
    server.routes.unshift(() => ({
      status: 403,
      body: { status: 'NOT_AUTHORIZED', message: 'Not entitled' },
    }));
    expect(await ask()).toMatchObject({ kind: 'unavailable', reason: 'not-authorized' });
  });

  it('a refused connection is down', async () => {
    const refused = createMassiveMarketData({ apiKey: KEY, apiBase: `http://127.0.0.1:${await freePort()}` });
    const answer = await refused.fetchBars({
      symbol: 'ABQQ',
      resolution: 'day',
      from: '2024-03-12',
      to: '2024-03-12',
    });
    expect(answer).toMatchObject({ kind: 'unavailable', reason: 'down' });
  });

  it('without a key the port says market data is not configured, and asks nobody', async () => {
    const market = createMarketData({ kind: 'none', ratePerMinute: 5 }, getDeps().store);
    const answer = await market.fetchBars({
      symbol: 'ABQQ',
      resolution: 'day',
      from: '2024-03-12',
      to: '2024-03-12',
    });
    expect(answer).toEqual({
      kind: 'unavailable',
      reason: 'not-authorized',
      message: NOT_CONFIGURED_MESSAGE,
    });
    expect(server.requests).toHaveLength(0);
  });
});
