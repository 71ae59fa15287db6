import { toDecimal } from './money.ts';
import type { ClosedTrade } from './round-trips.ts';

/**
 * The keys a closed trade is filed under in the reports. Times are the trade's wall clock in market
 * time (the file's zone, America/New_York by default), so a 09:31 fill is in hour `09` wherever the
 * member sits. Every band includes its lower edge: 60 s is `1-5m`, a $500 position is `500-2k`.
 */

/** Non-negative plain decimal text (`0.0042`, `500`), normalised: no sign, no exponent. */
function plainPositive(value: string): string {
  return /^\d+(?:\.\d+)?$/.test(value) ? value : toDecimal(value).abs().toFixed();
}

/**
 * `a < b` for non-negative plain decimals, compared as text: exact at the band edges (a float would
 * put 499.99999999999999999 in the $500 band) and cheaper than parsing 10,000 costs and prices.
 */
export function decimalLess(a: string, b: string): boolean {
  const [ai = '', af = ''] = plainPositive(a).split('.');
  const [bi = '', bf = ''] = plainPositive(b).split('.');
  const aw = ai.replace(/^0+/, '');
  const bw = bi.replace(/^0+/, '');
  if (aw.length !== bw.length) return aw.length < bw.length;
  if (aw !== bw) return aw < bw;
  const width = Math.max(af.length, bf.length);
  return af.padEnd(width, '0') < bf.padEnd(width, '0');
}

/** Bands as [label, the value it stays below]; the last has no upper edge. */
type Band<T> = readonly [label: string, below: T | null];

function bandOf<T>(bands: readonly Band<T>[], less: (value: T, edge: T) => boolean, value: T): string {
  for (const [label, below] of bands) if (below === null || less(value, below)) return label;
  return '';
}

const labels = <T>(bands: readonly Band<T>[]) => bands.map(([label]) => label);

const PRICE_BANDS: readonly Band<string>[] = [
  ['<0.001', '0.001'],
  ['0.001-0.01', '0.01'],
  ['0.01-0.10', '0.10'],
  ['0.10-1', '1'],
  ['>=1', null],
];
export const PRICE_BAND_LABELS = labels(PRICE_BANDS);

/** Band of the average entry price (sub-penny, penny, dime, under a dollar, a dollar and up). */
export const priceBucket = (price: string): string => bandOf(PRICE_BANDS, decimalLess, price);

const SIZE_BANDS: readonly Band<string>[] = [
  ['<500', '500'],
  ['500-2k', '2000'],
  ['2k-10k', '10000'],
  ['>=10k', null],
];
export const SIZE_BAND_LABELS = labels(SIZE_BANDS);

/** Band of the position's cost, Σ(qty × price) of its opening fills (long or short alike). */
export const sizeBand = (cost: string): string => bandOf(SIZE_BANDS, decimalLess, cost);

const HOLD_BANDS: readonly Band<number>[] = [
  ['<1m', 60],
  ['1-5m', 5 * 60],
  ['5-30m', 30 * 60],
  ['30m-2h', 2 * 3600],
  ['>=2h', null],
];
/** Closed on a later day than it opened, however few hours apart (an overnight hold). */
export const MULTI_DAY = 'multi-day';
export const HOLD_BAND_LABELS = [...labels(HOLD_BANDS), MULTI_DAY];

/** `YYYY-MM-DD` of a wall time. */
export const dayOf = (wall: string): string => wall.slice(0, 10);

/** A wall time that is a date alone (`YYYY-MM-DD`, no `T`): its file gave no time of day. */
export const isDateOnly = (wall: string): boolean => wall.length <= 10;

/**
 * A round trip whose entry or exit is a date alone (Schwab, Fidelity… history exports): its hour and
 * how long it was held are unknown, only its days are.
 */
export const tripDateOnly = (trade: Pick<ClosedTrade, 'entry' | 'exit'>): boolean =>
  isDateOnly(trade.entry) || isDateOnly(trade.exit);

/** Seconds of a `YYYY-MM-DDTHH:MM:SS` (or `YYYY-MM-DD`) wall time as if UTC: differences are what count. */
export function wallSeconds(wall: string): number {
  const [y = 0, m = 1, d = 1, h = 0, mi = 0, s = 0] = wall.split(/[-T:]/).map(Number);
  return Date.UTC(y, m - 1, d, h, mi, s) / 1000;
}

/** Calendar days from the entry's date to the exit's (0 the same day), known with or without times. */
export const heldDays = (trade: Pick<ClosedTrade, 'entry' | 'exit'>): number =>
  Math.round((wallSeconds(dayOf(trade.exit)) - wallSeconds(dayOf(trade.entry))) / 86_400);

/** Seconds since midnight of a `YYYY-MM-DDTHH:MM:SS` wall time (cheaper than wallSeconds, for 10,000 trades). */
const clockSeconds = (wall: string): number =>
  Number(wall.slice(11, 13)) * 3600 + Number(wall.slice(14, 16)) * 60 + Number(wall.slice(17, 19));

/** Seconds from entry to exit of a trade that opened and closed the same day; null without times. */
export function sameDaySeconds(trade: Pick<ClosedTrade, 'entry' | 'exit'>): number | null {
  if (tripDateOnly(trade)) return null;
  return clockSeconds(trade.exit) - clockSeconds(trade.entry);
}

const less = (a: number, b: number) => a < b;

/**
 * The hold-time band; null for a date-only trip that opened and closed the same day (how long it was
 * held is unknown: the reports leave it out and count it). A later exit date is `multi-day` with
 * or without times: the dates say so.
 */
export function holdBand(trade: Pick<ClosedTrade, 'entry' | 'exit'>): string | null {
  if (dayOf(trade.entry) !== dayOf(trade.exit)) return MULTI_DAY;
  const seconds = sameDaySeconds(trade);
  return seconds === null ? null : bandOf(HOLD_BANDS, less, seconds);
}

export const WEEKDAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const BY_UTC_DAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Weekday of a wall time's date (the calendar's, whatever the zone). */
export function weekday(wall: string): string {
  const [y = 0, m = 1, d = 1] = dayOf(wall).split('-').map(Number);
  return BY_UTC_DAY[new Date(Date.UTC(y, m - 1, d)).getUTCDay()] ?? '?';
}

/** Hour `00`…`23` of a wall time; null for a date without a time. */
export const hourOf = (wall: string): string | null => (isDateOnly(wall) ? null : wall.slice(11, 13));
