import { toDecimal } from '../../functions/_lib/trades/money.ts';
import { tradeTimeZone } from './time-zone.ts';

/**
 * Money and times as members read them on /trades: amounts from their exact strings (never floats),
 * times on the market's clock (time-zone.ts: America/New_York unless the member picked another in
 * /account), not the device's: a 2:45 PM New York fill reads 2:45 PM in Paris too.
 */

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** A time as members read it, in market time with its zone: `3/16/2026, 2:45:01 PM EDT`. */
export function formatMarketTime(ms: number, zone = tradeTimeZone()): string {
  let format = timeFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      dateStyle: 'short',
      timeStyle: 'long',
    });
    timeFormats.set(zone, format);
  }
  return format.format(ms);
}

let dayFormat: Intl.DateTimeFormat | undefined;

/** A `YYYY-MM-DD` day as the times read, without a clock: `3/16/26`. */
export function formatDay(day: string): string {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number);
  dayFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'short' });
  return dayFormat.format(Date.UTC(y, m - 1, d, 12));
}

const symbols = new Map<string, string>();

/** `$` for USD, `CA$` for CAD…: the currency's own mark in English. */
function currencyMark(currency: string): string {
  let mark = symbols.get(currency);
  if (mark === undefined) {
    try {
      mark =
        new Intl.NumberFormat('en-US', { style: 'currency', currency })
          .formatToParts(0)
          .find((part) => part.type === 'currency')?.value ?? `${currency} `;
    } catch {
      mark = `${currency} `;
    }
    symbols.set(currency, mark);
  }
  return mark;
}

/**
 * Money as members read it: the currency's mark, thousands separators and cents, rounded half-up
 * from the exact string (`1914.4200` → `+$1,914.42`, `-450.6200` → `−$450.62`). The sign follows the
 * exact value, so a sub-cent gain reads `+$0.00`. Show the exact value beside it (`title`).
 */
export function formatMoney(value: string | null, currency = 'USD', { sign = true } = {}): string {
  if (value === null) return '—';
  const exact = toDecimal(value);
  const cents = exact.abs().round(2).toFixed(2);
  const [whole = '0', fraction = '00'] = cents.split('.');
  const text = `${currencyMark(currency)}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
  if (exact.lt(0)) return `−${text}`;
  return sign && exact.gt(0) ? `+${text}` : text;
}

/** Intl writes a hyphen-minus; the pages write amounts with the minus sign (−), like formatMoney. */
const withMinusSign = (text: string) => text.replace('-', '−');

/** One formatter per currency and size class (`USD:compact`, `USD:whole`). */
const compactFormats = new Map<string, Intl.NumberFormat>();

/**
 * Money in a calendar day's cell, short enough for a phone's: `+$750`, `−$3.7K`, `+CA$1.2M` (whole
 * units below a thousand, one decimal of K/M/B above). Display only (rounded through a float); the
 * cell carries the exact amount in its label and title.
 */
export function formatCompactMoney(value: string, currency = 'USD'): string {
  const amount = Number(value);
  const compact = Math.abs(amount) >= 1000;
  const key = `${currency}:${compact ? 'compact' : 'whole'}`;
  let format = compactFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      signDisplay: 'exceptZero',
      minimumFractionDigits: 0,
      maximumFractionDigits: compact ? 1 : 0,
      ...(compact ? { notation: 'compact' as const } : {}),
    });
    compactFormats.set(key, format);
  }
  return withMinusSign(format.format(amount));
}

let shortFormat: Intl.NumberFormat | undefined;

/**
 * The same on a phone, where a day's cell is about 40 px: no currency mark (the panel is one
 * currency's) and whole K/M: `+750`, `−4K`, `+212K`, `−1M`.
 */
export function formatShortAmount(value: string): string {
  shortFormat ??= new Intl.NumberFormat('en-US', {
    notation: 'compact',
    maximumFractionDigits: 0,
    signDisplay: 'exceptZero',
  });
  return withMinusSign(shortFormat.format(Number(value)));
}

/** The exact amount for a tooltip and exports: `+1,914.4200 USD`. */
export const exactMoney = (value: string | null, currency = 'USD'): string | undefined =>
  value === null ? undefined : `${formatAmount(value, { sign: true })} ${currency}`;

/** `1234567.5000` → `1,234,567.5000`, `-900` → `−900`: grouping on the text, the value untouched. */
export function formatAmount(value: string | null, { sign = false } = {}): string {
  if (value === null) return '—';
  const negative = value.startsWith('-');
  const [whole = '0', fraction] = (negative ? value.slice(1) : value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = fraction === undefined ? grouped : `${grouped}.${fraction}`;
  if (negative) return `−${text}`;
  return sign && /[1-9]/.test(text) ? `+${text}` : text;
}

/**
 * A ratio as members read it (profit factor, average R, a share already in percent): two decimals,
 * rounded half-up from its exact string (`1.6347` → `1.63`, `-0.6453` → `−0.65`, `+0.65` with `sign`).
 * Four decimals read as precision the statistics do not have; show the exact value beside it (`title`).
 */
export function formatRatio(value: string | null, { sign = false } = {}): string {
  if (value === null) return '—';
  return formatAmount(toDecimal(value).round(2).toFixed(2), { sign });
}

/** A ratio 0…1 as a percentage with up to two decimals, from its exact string. */
export function formatPercent(ratio: string | null): string {
  if (ratio === null) return '—';
  const scaled = toDecimal(ratio).times(100);
  return `${scaled.round(2).toFixed()}%`;
}
