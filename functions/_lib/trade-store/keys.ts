/**
 * Where a member's trades live in Redis (docs/trades.md, "Data model"), all under the token subject's namespace: an id
 * in a body can only ever name the caller's own trade.
 */
export const tradeKeys = {
  /** ZSET score = executed at (ms) → trade id: the list, newest first. */
  trades: (sub: string) => `u:${sub}:trades`,
  /** ZSET per symbol, same scores: the symbol filter and the journal's symbol view. */
  symbol: (sub: string, symbol: string) => `u:${sub}:trades:sym:${symbol}`,
  /** STRING JSON Trade. */
  trade: (sub: string, tradeId: string) => `u:${sub}:trade:${tradeId}`,
  /** HASH execution fingerprint → trade id: what an import has already added. */
  fingerprints: (sub: string) => `u:${sub}:trade-fps`,
  /** HASH tag id → JSON TripTag: the member's setup and mistake tags (≤ 100). */
  tags: (sub: string) => `u:${sub}:trip-tags`,
  /** HASH round-trip id (its opening trade's id) → JSON { tags, risk }: what the member noted on it. */
  tripNotes: (sub: string) => `u:${sub}:trip-notes`,
  /**
   * HASH round-trip id → JSON { sig, excursion }: its MAE/MFE as the background job (market-sync.ts)
   * or the trade review last measured it, `sig` the trip it was measured for (trip-signature.ts).
   */
  tripExcursions: (sub: string) => `u:${sub}:trip-excursions`,
  /**
   * HASH `SYMBOL@ACCOUNT` (answer-key.ts) → `short` | `held`: the member's answers to sales with
   * nothing held before them (≤ 1000), so every reader of the journal matches them alike.
   */
  flatSellAnswers: (sub: string) => `u:${sub}:flat-sell-answers`,
  /** HASH action id → JSON TradeAction: the member's splits and symbol changes (≤ 500). */
  actions: (sub: string) => `u:${sub}:trade-actions`,
} as const;
