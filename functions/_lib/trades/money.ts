import Big from 'big.js';

/**
 * Exact decimal money for the trade journal. Penny-stock prices (0.0001 × 3,000,000 shares) lose cents
 * in binary floats, so every price, fee and P&L is a big.js decimal and leaves this module as a string.
 */
export type Decimal = Big;

/**
 * A private big.js constructor: its division precision and rounding mode cannot be changed by other
 * code that configures the shared `Big`. 20 decimals only matter for non-terminating quotients
 * (an average price such as 0.0145 / 3); sums and products are always exact.
 */
const Dec = Big();
Dec.DP = 20;
Dec.RM = Big.roundHalfUp;

export const ZERO: Decimal = new Dec(0);

/** Prices typed by a member: a few digits, a comma or dot, at most 4 decimals (the tick size of OTC quotes). */
const PRICE_INPUT = /^(?:\d+(?:[.,](\d+))?|[.,](\d+))$/;
const MAX_INPUT_DECIMALS = 4;

const PLAIN_NUMBER = /^\d+(?:\.\d+)?$/;

export type PriceInput = { ok: true; value: string } | { ok: false; reason: string };

/** Validates a price a member typed; a comma is accepted as the decimal separator (European keyboards). */
export function parsePriceInput(input: string): PriceInput {
  const text = input.trim();
  if (text === '') return { ok: false, reason: 'price is empty' };
  const match = PRICE_INPUT.exec(text);
  if (!match) return { ok: false, reason: `"${input}" is not a price: use digits and one "." or ","` };
  const decimals = (match[1] ?? match[2])?.length ?? 0;
  if (decimals > MAX_INPUT_DECIMALS) {
    return {
      ok: false,
      reason: `"${input}" has ${decimals} decimals; at most ${MAX_INPUT_DECIMALS} are allowed`,
    };
  }
  return { ok: true, value: plain(new Dec(`0${text.replace(',', '.')}`)) };
}

/** Currency marks around amounts: `$`, `US$`, `C$`, `CA$`, `€`, `£`, `¥` and ISO codes (`USD 12.50`, `12.50 CAD`). */
const CURRENCY_MARK = /^(?:[A-Z]{1,3}\$|[A-Z]{3}\s+|[$€£¥])|(?:\s+[A-Z]{3}|[$€£¥])$/;

/**
 * Reads a number as brokers and spreadsheets print it: currency signs, thousands separators, a leading
 * dot (`.0252`), a sign before or after the `$` (`-$4,100.00`, `$-4,100.00`) or after the number
 * (`4.20-`), parentheses for negatives (`(0.20)`, `($18,740.00)`), a leading `+` and Excel's scientific
 * notation (`1E-04`). Any number of
 * decimals is kept exactly (Webull averages such as 0.00435). Returns null when it is not a number.
 */
export function parseBrokerNumber(raw: string): Decimal | null {
  // Fast path for the plain numbers that make up almost every cell of a large export.
  if (PLAIN_NUMBER.test(raw)) return new Dec(raw);
  let text = raw.trim();
  let negative = false;
  if (text.startsWith('(') && text.endsWith(')')) {
    negative = true;
    text = text.slice(1, -1).trim();
  }
  for (let i = 0; i < 3; i++) {
    const before = text;
    if (text.startsWith('-')) {
      negative = !negative;
      text = text.slice(1).trim();
    } else if (text.startsWith('+')) text = text.slice(1).trim();
    else if (text.endsWith('-')) {
      negative = !negative;
      text = text.slice(0, -1).trim();
    }
    text = text.replace(CURRENCY_MARK, '').trim();
    if (text.startsWith('(') && text.endsWith(')')) {
      negative = !negative;
      text = text.slice(1, -1).trim();
    }
    if (text === before) break;
  }
  text = text.replaceAll(',', '').replaceAll(' ', '');
  // Excel writes very small or large numbers in scientific notation (`1E-04`); big.js reads it exactly.
  if (!/^(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d{1,3})?$/i.test(text)) return null;
  const value = new Dec(text);
  return negative ? value.neg() : value;
}

/** Plain decimal notation, never exponent form, trailing zeros dropped (prices "as in the file"). */
export function plain(value: Decimal): string {
  return value.toFixed();
}

/** Number of digits after the point that the value really has. */
function decimalPlaces(value: Decimal): number {
  return Math.max(0, value.c.length - value.e - 1);
}

/**
 * Amounts (P&L, fees) with 4 decimals like the statements print them, or more when the exact value
 * needs more: an amount is never rounded.
 */
export function amount(value: Decimal): string {
  return decimalPlaces(value) > 4 ? value.toFixed() : value.toFixed(4);
}

/** Ratios and averages that may not terminate (2 ÷ 3) are rounded half-up to 4 decimals. */
export function ratio(numerator: Decimal, denominator: Decimal): string {
  return numerator.div(denominator).toFixed(4, Big.roundHalfUp);
}

/** A quantity as people read it: `2,000,000`, `2.5` (exact: the digits are grouped, never rounded). */
export function groupDigits(text: string): string {
  const [whole = '', fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

export function toDecimal(value: string | number): Decimal {
  return new Dec(value);
}
