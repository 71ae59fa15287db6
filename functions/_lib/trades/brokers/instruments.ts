import type { Instrument, NotStock, Rejection, Warning } from '../executions.ts';
import { NotStockRow } from './table.ts';

/**
 * What a row trades, before anything is matched: only stock rows become executions. A format that
 * prints an asset class (IBKR `AssetClass`, thinkorswim `Type`, E*TRADE `SecurityType`, Tastytrade
 * `Instrument Type`…) is classified by it; every row is also classified by its symbol's shape (OCC option
 * symbols, `AAPL 03/15/2026 150.00 C`, futures roots, FX pairs, mutual-fund tickers), so a format that
 * says nothing cannot pass an option off as a stock.
 */

/** Asset-class labels as exports print them (upper-cased, runs of space, `_` and `-` made one space). */
const CLASSES: readonly [RegExp, Instrument][] = [
  [
    /^(?:STK|STOCKS?|EQ|EQUITY|EQUITIES|US EQUITY|COMMON( STOCK)?|CS|ETF|ETFS|ETN|ADR|ORD|SHARES?|PFD|PREFERRED( STOCK)?|CLOSED END FUND|CEF|EQUITY ETF)$/,
    'stock',
  ],
  [/\b(?:OPT|OPTN|OPTIONS?|FOP|IOPT|FUTURE OPTION|CALLS?|PUTS?|EQUITY OPTION|INDEX OPTION)\b/, 'option'],
  [/^(?:FUT|FUTS|FUTURES?|CONTFUT)$/, 'future'],
  [/^(?:MF|MMF|FUND|FUNDS|MUTUAL FUNDS?|MONEY MARKET( FUND)?)$/, 'fund'],
  [/^(?:CRYPTO|CRYPTOS|CRYPTOCURRENCY|CRYPTOCURRENCIES|DIGITAL ASSET)$/, 'crypto'],
  [/^(?:BOND|BONDS|BILL|BILLS|TBILL|FIXED INCOME|CD|TREASURY|CORP BOND|MUNI)$/, 'bond'],
  [/^(?:CASH|FX|FOREX|CURRENCY|CURRENCIES)$/, 'cash'],
  [/^(?:WAR|WARRANTS?|CFD|CFDS|IND|INDEX|CMDTY|COMMODITY|BAG|COMBO)$/, 'unknown'],
];

const normClass = (text: string) =>
  text
    .trim()
    .toUpperCase()
    .replace(/[\s_-]+/g, ' ');

/**
 * The instrument an asset-class cell names; null when the cell is empty or says nothing we know (a
 * TradeZero `Type` of `2`): the symbol's shape decides then.
 */
export function instrumentOfClass(cell: string | undefined): Instrument | null {
  if (!cell) return null;
  const label = normClass(cell);
  if (label === '' || /^\d+$/.test(label)) return null;
  for (const [pattern, instrument] of CLASSES) if (pattern.test(label)) return instrument;
  return null;
}

/** OCC/OSI option symbols, padded or not, with the markers platforms put before them (`-`, `.`, `+`). */
const OCC = /^[-.+]?[A-Z]{1,6}\d?\s*\d{6}\s*[CP]\s*\d+(?:\.\d+)?$/;
/** A described contract: `AAPL 03/15/2026 150.00 C`, `SPY 3/27/2026 Call $580.00`, `AAPL MAR 15 2026 150 CALL`, `AAPL 15MAR26 150 P`. */
const DESCRIBED_DATE =
  /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\s?(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)[A-Z]*\s?'?\d{2,4}\b|\b(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)[A-Z]*\s+\d{1,2}\b/;
const DESCRIBED_RIGHT = /(?:^|\s)(?:C|P|CALL|PUT|CALLS|PUTS)(?:\s|$)|\$\s?\d/;
/** Futures as platforms print them: `/ES`, `/ESZ25:XCME`, or a known root with a month code and year. */
const SLASH_FUTURE = /^\/[A-Z0-9]{1,4}(?:[FGHJKMNQUVXZ]\d{1,2})?(?::[A-Z]+)?$/;
const FUTURE_ROOTS =
  'ES|NQ|YM|RTY|MES|MNQ|MYM|M2K|EMD|NKD|CL|MCL|QM|NG|QG|RB|HO|GC|MGC|SI|SIL|HG|PL|PA|ZB|ZN|ZF|ZT|UB|TN|ZC|ZS|ZW|ZM|ZL|ZO|KE|LE|HE|GF|6A|6B|6C|6E|6J|6S|6N|M6E|M6A|M6B|DX|VX|VXM|BTC|MBT|ETH|MET';
const ROOT_FUTURE = new RegExp(`^(?:${FUTURE_ROOTS})[FGHJKMNQUVXZ]\\d{1,2}$`);
/** A crypto pair (`BTC-USD`, `ETH/USDT`, `X:BTCUSD`): a bare `ETH` or `SOL` may be a stock, a pair is not. */
const CRYPTO_PAIR =
  /^(?:X:)?(?:BTC|XBT|ETH|SOL|DOGE|LTC|XRP|ADA|SHIB|AVAX|DOT|MATIC|POL|LINK|BCH|ETC|XLM|UNI|AAVE|ATOM|USDT|USDC)[-/]?(?:USD|USDT|USDC|EUR|CAD|GBP)$/;
/** An FX conversion (`EUR.USD`, IBKR's CASH rows). */
const FX_PAIR = /^(?:USD|EUR|CAD|GBP|JPY|CHF|AUD|NZD|HKD|SGD|CNH|SEK|NOK|DKK|MXN)\.[A-Z]{3}$/;
/** US mutual and money-market funds: five letters ending in X (SPAXX, VTSAX), a suffix stocks never use. */
const FUND = /^[A-Z]{4}X$/;

/** What the symbol's shape says it is: `stock` unless it is clearly something else. */
export function instrumentOfSymbol(symbol: string): Instrument {
  const text = symbol.trim().toUpperCase();
  if (OCC.test(text)) return 'option';
  if (/\s/.test(text) && DESCRIBED_DATE.test(text) && DESCRIBED_RIGHT.test(text)) return 'option';
  if (SLASH_FUTURE.test(text) || ROOT_FUTURE.test(text)) return 'future';
  if (CRYPTO_PAIR.test(text)) return 'crypto';
  if (FX_PAIR.test(text)) return 'cash';
  if (FUND.test(text)) return 'fund';
  return 'stock';
}

/** A row's instrument: its printed asset class when it says one, else its symbol's shape. */
export function classify(assetClass: string | undefined, symbol: string): Instrument {
  const declared = instrumentOfClass(assetClass);
  if (declared && declared !== 'stock') return declared;
  const shape = instrumentOfSymbol(symbol);
  // A class that says stock still loses to an unmistakable option or future symbol (a mislabelled row).
  if (declared === 'stock' && (shape === 'fund' || shape === 'crypto')) return 'stock';
  return shape;
}

/** How each instrument is named in messages, and why it is not imported. */
const NAMES: Readonly<Record<NotStock, { one: string; many: string; why: string }>> = {
  option: { one: 'an option', many: 'option', why: 'options are not supported yet' },
  future: { one: 'a future', many: 'future', why: 'futures are not supported yet' },
  fund: {
    one: 'a mutual or money-market fund',
    many: 'fund',
    why: 'mutual and money-market funds are not traded like stocks',
  },
  crypto: { one: 'a crypto asset', many: 'crypto', why: 'crypto is not supported yet' },
  bond: { one: 'a bond', many: 'bond', why: 'bonds are not supported' },
  cash: { one: 'a currency conversion or cash entry', many: 'cash', why: 'cash entries are not trades' },
  unknown: { one: 'not a stock', many: 'non-stock', why: 'only stocks are imported' },
};

/** The rejection of a row that trades something else than stock, naming what it holds. */
export function notStock(instrument: NotStock, what: string): NotStockRow {
  const { one, why } = NAMES[instrument];
  const subject = what.trim() === '' ? '' : `${what.trim()}: `;
  return new NotStockRow(instrument, `${subject}${one}, not imported (${why})`);
}

/**
 * The rejection of a row whose printed class is not stock (a parser's own check): named by what the
 * class means when it is known, else as not a stock.
 */
export function notStockClass(assetClass: string, what: string): NotStockRow {
  const instrument = instrumentOfClass(assetClass);
  return notStock(instrument && instrument !== 'stock' ? instrument : 'unknown', `${what} ${assetClass}`);
}

/** Lines a summary names before "and N more". */
const LINES_NAMED = 5;

/**
 * One warning per instrument the file holds besides stock: "20 option rows not imported: options are
 * not supported yet (lines 4, 5, 9, 12, 13 and 15 more)", at the first such line.
 */
export function instrumentSummary(rejected: readonly Rejection[]): Warning[] {
  const byInstrument = new Map<NotStock, number[]>();
  for (const row of rejected) {
    if (!row.instrument) continue;
    const lines = byInstrument.get(row.instrument) ?? [];
    lines.push(row.line);
    byInstrument.set(row.instrument, lines);
  }
  return [...byInstrument].map(([instrument, lines]) => {
    const { many, why } = NAMES[instrument];
    const named = lines.slice(0, LINES_NAMED).join(', ');
    const more = lines.length > LINES_NAMED ? ` and ${lines.length - LINES_NAMED} more` : '';
    const rows = lines.length === 1 ? `1 ${many} row` : `${lines.length} ${many} rows`;
    return {
      line: lines[0] ?? 0,
      message: `${rows} not imported: ${why} (${lines.length === 1 ? 'line' : 'lines'} ${named}${more})`,
    };
  });
}
