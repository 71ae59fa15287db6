/**
 * Price bars as the market-data port hands them out (docs/market-data.md). The shape follows the
 * provider's aggregates (Massive, formerly Polygon.io: `t o h l c v`), kept small because finished
 * days are cached in Redis for every member: numbers as the provider's JSON has them (a sub-penny
 * price such as 0.0003 round-trips through String()); code that does money reads them with
 * `toDecimal(String(bar.h))`.
 */

/** One bar: `t` its start (UTC ms), open/high/low/close prices, `v` volume in shares. */
export interface Bar {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
}

/** Intraday 1-minute bars, or one bar per trading day (dates-only trades, multi-week holds). */
export type Resolution = 'minute' | 'day';

/** Bars of one symbol over whole market days (`YYYY-MM-DD`, market time, both ends included). */
export interface BarsRequest {
  symbol: string;
  resolution: Resolution;
  from: string;
  to: string;
}

/**
 * What the provider answered. `bars` may be empty (a day without trades: not an error, cached
 * like any finished day); `unknown-symbol` when the provider does not know the ticker; `unavailable`
 * when it is down, refused the key or is over its rate limit: never cached, retried later.
 */
export type BarsAnswer =
  | { kind: 'bars'; bars: Bar[] }
  | { kind: 'unknown-symbol' }
  | {
      kind: 'unavailable';
      reason: 'down' | 'rate-limited' | 'not-authorized';
      retryAfterMs?: number;
      /** Our own words for the operator's log or the page (never the provider's text). */
      message?: string;
    };

/** The port: the production client and the local stand-in answer the same way. */
export interface MarketData {
  fetchBars(request: BarsRequest): Promise<BarsAnswer>;
  /** True when the bars are made up (the local stand-in): the chart says so. */
  synthetic: boolean;
}
