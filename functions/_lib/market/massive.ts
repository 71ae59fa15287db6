/**
 * The market-data port against Massive (formerly Polygon.io; docs/market-data.md): its aggregates
 * endpoint, with plain fetch. Bars are always unadjusted (broker fills are, and penny stocks reverse
 * split often) and keep the extended hours the API includes.
 */
import type { Bar, BarsAnswer, BarsRequest, MarketData } from './bars.ts';
import { parseAggregates } from './massive-json.ts';

/** Asked before every call to the provider: null to go ahead, or how long to wait (the shared limiter). */
export type CallPermit = () => Promise<number | null>;

export interface MassiveOptions {
  apiKey: string;
  /** https://api.massive.com, or the local stand-in. */
  apiBase: string;
  permit?: CallPermit;
  timeoutMs?: number;
  synthetic?: boolean;
}

/** Pages followed at most: 50,000 bars a page is over a month of minute bars with extended hours. */
const MAX_PAGES = 20;
const DEFAULT_TIMEOUT_MS = 10_000;

type Call =
  | { kind: 'json'; body: unknown }
  | { kind: 'not-found' }
  | Extract<BarsAnswer, { kind: 'unavailable' }>;

/** What the provider said of a key, asked once (a member saving their own key). */
export type KeyCheck =
  | { kind: 'accepted' }
  | { kind: 'refused' }
  | { kind: 'unavailable'; reason: 'down' | 'rate-limited'; retryAfterMs?: number };

/** A symbol every plan's reference data knows, for checking a key with one call. */
export const KEY_CHECK_SYMBOL = 'AAPL';

export interface MassiveMarketData extends MarketData {
  /** One call (ticker details of a known symbol, in every plan): does the provider take the key? */
  checkKey(): Promise<KeyCheck>;
}

export function createMassiveMarketData(options: MassiveOptions): MassiveMarketData {
  const base = options.apiBase.replace(/\/+$/, '');
  const permit = options.permit ?? (async () => null);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  /** One GET of a path+query under the base, the key added here so it never goes elsewhere. */
  async function call(pathAndQuery: string): Promise<Call> {
    const wait = await permit();
    if (wait !== null)
      return {
        kind: 'unavailable',
        reason: 'rate-limited',
        retryAfterMs: wait,
        message: 'Over the provider’s rate limit',
      };
    const url = new URL(`${base}${pathAndQuery}`);
    let response: Response;
    try {
      // The key goes in the Authorization header Massive documents, never in the URL: a URL ends up
      // in logs, proxies and error messages.
      response = await fetch(url, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/json', authorization: `Bearer ${options.apiKey}` },
      });
    } catch {
      return { kind: 'unavailable', reason: 'down', message: 'The market-data provider did not answer' };
    }
    const { status } = response;
    if (status === 200) {
      try {
        return { kind: 'json', body: await response.json() };
      } catch {
        return {
          kind: 'unavailable',
          reason: 'down',
          message: 'The market-data provider sent an unreadable answer',
        };
      }
    }
    await response.body?.cancel().catch(() => {});
    if (status === 404) return { kind: 'not-found' };
    if (status === 401 || status === 403)
      return {
        kind: 'unavailable',
        reason: 'not-authorized',
        message: 'The market-data provider refused the key (or the plan does not cover this data)',
      };
    if (status === 429)
      return {
        kind: 'unavailable',
        reason: 'rate-limited',
        retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
        message: 'Over the provider’s rate limit',
      };
    return { kind: 'unavailable', reason: 'down', message: `The market-data provider answered ${status}` };
  }

  async function fetchBars(request: BarsRequest): Promise<BarsAnswer> {
    const ticker = encodeURIComponent(request.symbol.toUpperCase());
    let next: string | null =
      `/v2/aggs/ticker/${ticker}/range/1/${request.resolution}/${request.from}/${request.to}` +
      '?adjusted=false&sort=asc&limit=50000';
    const bars: Bar[] = [];
    for (let page = 0; next && page < MAX_PAGES; page++) {
      const answer = await call(next);
      if (answer.kind === 'not-found') return { kind: 'unknown-symbol' };
      if (answer.kind !== 'json') return answer;
      const parsed = parseAggregates(answer.body);
      if (!parsed)
        return {
          kind: 'unavailable',
          reason: 'down',
          message: 'The market-data provider sent an unreadable answer',
        };
      bars.push(...parsed.bars);
      next = parsed.nextUrl ? samePathAndQuery(parsed.nextUrl) : null;
    }
    if (bars.length > 0) return { kind: 'bars', bars };
    return knownTicker(ticker, request.to);
  }

  /**
   * The aggregates endpoint answers an unknown ticker exactly as a range without trades (status OK,
   * resultsCount 0), so an empty range asks the ticker-details endpoint, as of the range's last day:
   * penny stocks are delisted and renamed often, and without a date it only knows today's tickers.
   */
  async function knownTicker(ticker: string, day: string): Promise<BarsAnswer> {
    const answer = await call(`/v3/reference/tickers/${ticker}?date=${day}`);
    if (answer.kind === 'not-found') return { kind: 'unknown-symbol' };
    if (answer.kind !== 'json') return answer;
    return { kind: 'bars', bars: [] };
  }

  async function checkKey(): Promise<KeyCheck> {
    const answer = await call(`/v3/reference/tickers/${KEY_CHECK_SYMBOL}`);
    // Answered with data (or a 404 about the ticker): the key was taken either way.
    if (answer.kind === 'json' || answer.kind === 'not-found') return { kind: 'accepted' };
    if (answer.reason === 'not-authorized') return { kind: 'refused' };
    return {
      kind: 'unavailable',
      reason: answer.reason,
      ...(answer.retryAfterMs === undefined ? {} : { retryAfterMs: answer.retryAfterMs }),
    };
  }

  return { fetchBars, checkKey, synthetic: options.synthetic ?? false };
}

/**
 * next_url names the provider's host (api.polygon.io or api.massive.com, without the key): only its
 * path and query are followed, under our base, so the key never leaves for another host.
 */
function samePathAndQuery(nextUrl: string): string | null {
  try {
    const url = new URL(nextUrl);
    url.searchParams.delete('apiKey');
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}

/** Retry-After in seconds or as an HTTP date; a minute when absent or unreadable (the free plan's window). */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (header && /^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = header ? Date.parse(header) : Number.NaN;
  return Number.isFinite(date) ? Math.max(0, date - now) : 60_000;
}
