/**
 * The trade form's rules (docs/product.md §5 Trade form, widened to sub-penny prices), shared by the server
 * (enforced) and the member app's form (checked as the member types). Plain functions: no zod, no
 * Node imports.
 */

import { parsePriceInput } from './money.ts';

/** docs/product.md §3: trade_ plus 16 random alphanumerics, made by the app. */
export const TRADE_ID = /^trade_[A-Za-z0-9]{16}$/;
/** A cleaned symbol: letters, digits, dots and hyphens, 1–10 characters. */
export const TRADE_SYMBOL = /^[A-Z0-9.^-]{1,10}$/;
export const SHARES_PATTERN = /^\d{1,13}$/;
export const TRADES_PAGE_SIZE = 100;
/** Executions per import call, and per member (a clear 4xx beyond). */
export const IMPORT_BATCH = 1000;
export const MAX_TRADES = 100_000;
export const MAX_NOTE = 500;

export const TRADE_MESSAGES = {
  symbol: 'Please enter a stock symbol',
  price: 'Please enter a trade price',
  invalidPrice: 'Please enter a valid trade price',
  shares: 'Please enter the number of shares',
  invalidShares: 'Please enter a valid number of shares',
  saveFailed: 'There was an error adding your trade. Please try again.',
  time: 'Please enter the date and time of the trade',
  futureTime: 'The trade time cannot be in the future',
  fees: 'Please enter valid fees: 0 or more, e.g. 1.99',
} as const;

/** A trade's time may be this far past the server's clock (a device's clock runs a little ahead). */
export const CLOCK_SKEW_MS = 60_000;
/** Fees of a typed trade: an exact amount of 0 or more with up to 8 decimals (imports also take rebates). */
export const FEES_PATTERN = /^\d{1,12}([.,]\d{1,8})?$/;

/** The form's fields, so a message can mark the one at fault. */
export type TradeField = 'symbol' | 'buyPrice' | 'sellPrice' | 'shares' | 'time' | 'fees';

/** docs/product.md §5: the symbol is stripped of special characters and upper-cased. */
export const cleanSymbol = (symbol: string) =>
  symbol
    .replace(/[^A-Za-z0-9.^-]/g, '')
    .toUpperCase()
    .slice(0, 10);

/** docs/product.md §5: price inputs accept digits and one decimal separator; a comma becomes a dot. */
export const normalizePrice = (price: string) => price.trim().replace(',', '.');

/** docs/product.md §5: the note is trimmed and stripped of special characters (letters, digits, spaces and . , ! ? $ % - ' stay). */
export const cleanNote = (note: string) =>
  note
    .replace(/[^\p{L}\p{N}\s.,!?$%'-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_NOTE);

/** The values the rules read: the form's, or a write's as it arrives. */
export interface TradeFormValues {
  symbol: string;
  /** Absent: a buy (the price asked for follows the side). */
  tradeType?: 'buy' | 'sell' | undefined;
  buyPrice?: string | null | undefined;
  sellPrice?: string | null | undefined;
  shares: string;
  /** Absent: 0. */
  fees?: string | undefined;
  /** Executed at (ms). Absent: now; NaN: a date or time the member left empty or half typed. */
  time?: number | undefined;
}

/**
 * The first problem with a trade's values and the field it is in, in the words of docs/product.md §8;
 * null when it can be saved. `now` (ms) bounds the time: the past, or now within the clock skew.
 */
export function tradeFormProblem(
  values: TradeFormValues,
  now = Date.now(),
): { field: TradeField; message: string } | null {
  const problem = (field: TradeField, message: string) => ({ field, message });
  if (cleanSymbol(values.symbol) === '') return problem('symbol', TRADE_MESSAGES.symbol);
  // The side's own price is the one asked for: a sell's is its sell price. A sell saved before
  // that with only a buy price (its execution price then) stays valid when edited.
  // docs/product.md §5 widened to 4 decimals (money.ts): OTC stocks trade at $0.0001.
  const buy = values.buyPrice?.trim() ?? '';
  const sell = values.sellPrice?.trim() ?? '';
  const own: TradeField = values.tradeType === 'sell' ? 'sellPrice' : 'buyPrice';
  if ((own === 'sellPrice' ? sell || buy : buy) === '') return problem(own, TRADE_MESSAGES.price);
  if (buy !== '' && !parsePriceInput(buy).ok) return problem('buyPrice', TRADE_MESSAGES.invalidPrice);
  if (sell !== '' && !parsePriceInput(sell).ok) return problem('sellPrice', TRADE_MESSAGES.invalidPrice);
  const shares = values.shares.trim();
  if (shares === '') return problem('shares', TRADE_MESSAGES.shares);
  if (!SHARES_PATTERN.test(shares) || /^0+$/.test(shares))
    return problem('shares', TRADE_MESSAGES.invalidShares);
  if (values.time !== undefined) {
    if (!Number.isFinite(values.time)) return problem('time', TRADE_MESSAGES.time);
    if (values.time > now + CLOCK_SKEW_MS) return problem('time', TRADE_MESSAGES.futureTime);
  }
  const fees = values.fees?.trim() ?? '';
  if (fees !== '' && !FEES_PATTERN.test(fees)) return problem('fees', TRADE_MESSAGES.fees);
  return null;
}

/** The first problem's message alone; null when the trade can be saved. */
export const tradeFormError = (values: TradeFormValues, now?: number): string | null =>
  tradeFormProblem(values, now)?.message ?? null;
