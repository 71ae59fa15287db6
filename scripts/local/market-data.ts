// The local market-data provider: a stand-in for Massive's aggregates API (formerly Polygon.io;
// docs/market-data.md), so `npm start` and the tests show price bars offline. Its own process on its
// own port, as Massive is its own service. It answers
//   GET /v2/aggs/ticker/{T}/range/1/{minute|day}/{from}/{to}?adjusted=false&sort=asc&limit=N
//   GET /v3/reference/tickers/{T}
// (the key as `Authorization: Bearer KEY`, as the client sends it, or as `?apiKey=KEY`, as Massive also takes it)
// with made-up, deterministic bars (synthetic-bars.ts) bent through the fills members have saved in
// the store, so every fill lies inside its bar. It insists on adjusted=false and on its key, pages with
// next_url past `limit`, and misbehaves on reserved tickers: ZZUNKN is unknown, ZZDOWN answers 500,
// ZZBUSY 429 (Retry-After: 30), ZZDENY 403. Any key but its own (and `moreKeys`) gets 401, so
// members' own keys (MASSIVE_KEY_SOURCE=member) can be tried: its key is taken, any other refused.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Bar } from '../../functions/_lib/market/bars.ts';
import { daysBetween, MARKET_DAY } from '../../functions/_lib/market/market-day.ts';
import { createStore, type Store } from '../../functions/_lib/store.ts';
import { TRADE_SYMBOL } from '../../functions/_lib/trades/rules.ts';
import { onParentExit } from './child.ts';
import { answerMalformedRequests } from './malformed-requests.ts';
import { fillsByDay } from './market-fills.ts';
import { dayBar, minuteBars } from './synthetic-bars.ts';

/** Tickers that make the stand-in misbehave, for tests and for trying the review's messages. */
export const MISBEHAVING = { unknown: 'ZZUNKN', down: 'ZZDOWN', busy: 'ZZBUSY', denied: 'ZZDENY' } as const;
export const BUSY_RETRY_AFTER_SECONDS = 30;
const MAX_RANGE_DAYS = 800;

export interface MarketStandIn {
  url: string;
  apiKey: string;
  /** Path and query (key removed) of every request answered so far, oldest first. */
  requests: string[];
  /** The key each of `requests` came with (undefined: none), so a test can tell whose key asked. */
  requestKeys: Array<string | undefined>;
  close(): Promise<void>;
}

export async function startMarketStandIn(options: {
  store: Store;
  apiKey?: string;
  /**
   * More keys it takes, as members' own keys would be (MASSIVE_KEY_SOURCE=member): any other key is
   * refused with 401, as Massive refuses an unknown one, so a key check can be tried.
   */
  moreKeys?: readonly string[];
  port?: number;
  host?: string;
}): Promise<MarketStandIn> {
  const apiKey = options.apiKey ?? `local-${randomBytes(12).toString('hex')}`;
  const requests: string[] = [];
  const requestKeys: Array<string | undefined> = [];
  const keys = [apiKey, ...(options.moreKeys ?? [])];
  let base = '';
  const server = createServer((req, res) => {
    answer(req, res).catch((error: unknown) => {
      console.error('[local market data]', error);
      if (!res.headersSent) return send(res, 500, { status: 'ERROR', error: 'Internal error' });
      res.end();
    });
  });
  answerMalformedRequests(server);

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', base);
    const key = url.searchParams.get('apiKey') ?? req.headers.authorization?.replace(/^Bearer /, '');
    url.searchParams.delete('apiKey');
    requests.push(`${url.pathname}${url.search}`);
    requestKeys.push(key);
    if (req.method !== 'GET') return send(res, 405, { status: 'ERROR', error: 'Method not allowed' });
    if (!keys.some((known) => sameKey(key, known)))
      return send(res, 401, { status: 'ERROR', request_id: id(), error: 'Unknown API Key' });
    const aggs = /^\/v2\/aggs\/ticker\/([^/]+)\/range\/(\d+)\/([a-z]+)\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (aggs) return aggregates(res, url, aggs.slice(1) as [string, string, string, string, string]);
    const details = /^\/v3\/reference\/tickers\/([^/]+)$/.exec(url.pathname);
    if (details) return tickerDetails(res, decodeURIComponent(details[1] as string));
    send(res, 404, { status: 'NOT_FOUND', request_id: id(), message: 'Not found' });
  }

  async function aggregates(
    res: ServerResponse,
    url: URL,
    [rawTicker, multiplier, timespan, from, to]: [string, string, string, string, string],
  ): Promise<void> {
    const ticker = decodeURIComponent(rawTicker);
    const params = url.searchParams;
    // Broker fills are unadjusted; an adjusted bar would put them outside its range after a split.
    if (params.get('adjusted') !== 'false')
      return bad(res, 'This stand-in serves unadjusted bars only: ask with adjusted=false');
    if (multiplier !== '1' || (timespan !== 'minute' && timespan !== 'day'))
      return bad(res, 'This stand-in serves 1-minute and 1-day bars only');
    if (!MARKET_DAY.test(from) || !MARKET_DAY.test(to) || from > to || daysBetween(from, to) > MAX_RANGE_DAYS)
      return bad(res, 'from and to must be dates (YYYY-MM-DD), from before to, at most 800 days apart');
    const misbehaving = misbehave(res, ticker);
    if (misbehaving) return;
    const limit = Math.min(50_000, Math.max(1, Number(params.get('limit') ?? 5000) || 5000));
    const offset = Number(params.get('cursor') ?? 0) || 0;
    const bars =
      ticker === MISBEHAVING.unknown || !TRADE_SYMBOL.test(ticker)
        ? []
        : await syntheticBars(options.store, ticker, timespan, from, to);
    if (params.get('sort') === 'desc') bars.reverse();
    const page = bars.slice(offset, offset + limit);
    const more = offset + limit < bars.length;
    const next = new URL(url.pathname, base);
    for (const [name, value] of params) if (name !== 'cursor') next.searchParams.set(name, value);
    next.searchParams.set('cursor', String(offset + limit));
    send(res, 200, {
      ticker,
      queryCount: page.length,
      resultsCount: page.length,
      adjusted: false,
      // As the provider: no `results` at all when there is nothing to list.
      ...(page.length > 0 ? { results: page.map((bar) => ({ ...bar, vw: vwap(bar), n: trades(bar) })) } : {}),
      status: 'OK',
      request_id: id(),
      ...(more ? { next_url: next.href } : {}),
    });
  }

  function tickerDetails(res: ServerResponse, ticker: string): void {
    if (misbehave(res, ticker)) return;
    if (ticker === MISBEHAVING.unknown || !TRADE_SYMBOL.test(ticker)) {
      send(res, 404, { status: 'NOT_FOUND', request_id: id(), message: 'Ticker not found.' });
      return;
    }
    send(res, 200, {
      results: {
        ticker,
        name: `${ticker} (synthetic)`,
        market: 'otc',
        locale: 'us',
        type: 'CS',
        active: true,
      },
      status: 'OK',
      request_id: id(),
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    apiKey,
    requests,
    requestKeys,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Minute or day bars of every weekday in the range, through the fills members have on those days. */
export async function syntheticBars(
  store: Store,
  symbol: string,
  timespan: 'minute' | 'day',
  from: string,
  to: string,
): Promise<Bar[]> {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T12:00:00Z`); ; at += 86_400_000) {
    const day = new Date(at).toISOString().slice(0, 10);
    if (day > to) break;
    days.push(day);
  }
  const fills = await fillsByDay(store, symbol, days);
  const bars: Bar[] = [];
  for (const day of days) {
    const minutes = minuteBars(symbol, day, fills.get(day) ?? []);
    if (timespan === 'minute') bars.push(...minutes);
    else {
      const bar = dayBar(day, minutes);
      if (bar) bars.push(bar);
    }
  }
  return bars;
}

/** Answers for a reserved ticker; false for any other. */
function misbehave(res: ServerResponse, ticker: string): boolean {
  if (ticker === MISBEHAVING.down)
    send(res, 500, { status: 'ERROR', request_id: id(), error: 'Internal error' });
  else if (ticker === MISBEHAVING.busy)
    send(
      res,
      429,
      { status: 'ERROR', request_id: id(), error: 'You have exceeded the maximum requests per minute.' },
      { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) },
    );
  else if (ticker === MISBEHAVING.denied)
    send(res, 403, {
      status: 'NOT_AUTHORIZED',
      request_id: id(),
      message: 'You are not entitled to this data.',
    });
  else return false;
  return true;
}

/** Constant-time comparison of the key (its bars follow the members' fills). */
function sameKey(given: string | undefined, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return given !== undefined && timingSafeEqual(digest(given), digest(expected));
}

const bad = (res: ServerResponse, error: string) =>
  send(res, 400, { status: 'ERROR', request_id: id(), error });
const id = () => randomBytes(16).toString('hex');
const vwap = (bar: Bar) => Number(((bar.h + bar.l + bar.c) / 3).toPrecision(6));
const trades = (bar: Bar) => Math.max(1, Math.round(bar.v / 2500));

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

// As a child of the local stack (../child.ts): UPSTASH_REDIS_REST_URL/TOKEN, MASSIVE_API_KEY and
// MARKET_PORT from the environment; prints {"url"} as one JSON line.
if (import.meta.main) {
  const env = process.env;
  const standIn = await startMarketStandIn({
    store: createStore({ url: env.UPSTASH_REDIS_REST_URL ?? '', token: env.UPSTASH_REDIS_REST_TOKEN ?? '' }),
    ...(env.MASSIVE_API_KEY ? { apiKey: env.MASSIVE_API_KEY } : {}),
    port: Number(env.MARKET_PORT ?? 0),
  });
  process.stdout.write(`${JSON.stringify({ url: standIn.url })}\n`);
  onParentExit(standIn.close);
}
