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
} as const;

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

/** The first problem with a trade form's values, in the words of docs/product.md §8; null when it can be saved. */
export function tradeFormError(values: {
  symbol: string;
  buyPrice: string;
  sellPrice?: string | null | undefined;
  shares: string;
}): string | null {
  if (cleanSymbol(values.symbol) === '') return TRADE_MESSAGES.symbol;
  // docs/product.md §5 widened to 4 decimals (money.ts): OTC stocks trade at $0.0001.
  if (values.buyPrice.trim() === '') return TRADE_MESSAGES.price;
  if (!parsePriceInput(values.buyPrice).ok) return TRADE_MESSAGES.invalidPrice;
  const sell = values.sellPrice?.trim() ?? '';
  if (sell !== '' && !parsePriceInput(sell).ok) return TRADE_MESSAGES.invalidPrice;
  const shares = values.shares.trim();
  if (shares === '') return TRADE_MESSAGES.shares;
  if (!SHARES_PATTERN.test(shares) || /^0+$/.test(shares)) return TRADE_MESSAGES.invalidShares;
  return null;
}
