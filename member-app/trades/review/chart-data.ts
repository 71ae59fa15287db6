import type { ApiResponse } from '../../../functions/_lib/contract/index.ts';
import { MARKET_ZONE, marketWallTime } from '../time-zone.ts';

/**
 * The trade review chart's data, without the chart library (docs/trades.md, "Trade review"): bars
 * and fills as the chart draws them. The library draws times in UTC, so every time here is a "fake
 * UTC" second: the New York wall clock read as if it were UTC (9:30 ET is 09:30 on the axis, on
 * either side of a daylight-saving change). Prices keep their decimals: the axis gets a precision
 * from the longest price (0.0003 is never 0.00).
 */

export type Review = ApiResponse<'trades/review'>;
export type ReviewBar = Review['bars']['bars'][number];
export type ReviewFill = Review['fills'][number];
export type Resolution = Review['bars']['resolution'];

const MINUTE = 60;
const DAY = 86_400;
/** More decimals than any quoted price: what a float's noise would otherwise ask for. */
const MAX_PRECISION = 8;

/** An instant (ms) as the New York wall clock read as UTC, in whole seconds. */
export function etSeconds(ms: number): number {
  return Date.parse(`${marketWallTime(ms, MARKET_ZONE)}Z`) / 1000;
}

/** `2026-03-16 09:31:05`: an instant's New York wall time. */
export const etText = (ms: number): string => marketWallTime(ms, MARKET_ZONE).replace('T', ' ');

/** A fake-UTC second as `YYYY-MM-DD HH:MM:SS` (the wall time it stands for). */
const wallOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * Decimals a price is written with: `0.0003` → 4, `1.50` → 1, `1e-7` → 7, `2` → 0. A number is read
 * to 12 significant digits first, so a float's noise (0.30000000000000004) is not taken for decimals.
 */
export function decimalsOf(value: number | string): number {
  const text = (typeof value === 'number' ? String(Number(value.toPrecision(12))) : value)
    .trim()
    .toLowerCase();
  const [mantissa = '', exponent = '0'] = text.split('e');
  const fraction = (mantissa.split('.')[1] ?? '').replace(/0+$/, '');
  return Math.max(0, fraction.length - Number(exponent));
}

/**
 * The series' price format: as many decimals as the longest price among bars, fills and the plan's
 * stop and target, at least 2 (cents), at most 8.
 */
export function priceFormat(
  bars: readonly ReviewBar[],
  prices: readonly (string | null)[],
): { type: 'price'; precision: number; minMove: number } {
  let precision = 2;
  const see = (value: number | string | null) => {
    if (value !== null) precision = Math.max(precision, decimalsOf(value));
  };
  for (const bar of bars) {
    see(bar.o);
    see(bar.h);
    see(bar.l);
    see(bar.c);
  }
  for (const price of prices) see(price);
  precision = Math.min(precision, MAX_PRECISION);
  return { type: 'price', precision, minMove: Number(`1e-${precision}`) };
}

/** The day a daily bar stands for: its start read in New York half a day on (midnight ET or UTC alike). */
const HALF_DAY_MS = 12 * 3_600_000;
const dayKey = (ms: number) => Date.UTC(...dateParts(marketWallTime(ms + HALF_DAY_MS, MARKET_ZONE))) / 1000;
const dateParts = (wall: string): [number, number, number] => {
  const [y = 1970, m = 1, d = 1] = wall.slice(0, 10).split('-').map(Number);
  return [y, m - 1, d];
};

/** Where a fill sits on the time axis: its minute in market time, or its day (daily bars). */
export function fillTime(fill: ReviewFill, resolution: Resolution): number {
  if (resolution === 'day') {
    // A date-only file's fill: the date it printed, not an instant read in another zone.
    const printed = /^\d{4}-\d{2}-\d{2}/.test(fill.time) ? fill.time : null;
    return printed ? Date.UTC(...dateParts(printed)) / 1000 : dayKey(fill.at);
  }
  return minuteOf(etSeconds(fill.at));
}

const minuteOf = (seconds: number) => Math.floor(seconds / MINUTE) * MINUTE;

export interface Candle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}
export interface Volume {
  time: number;
  value: number;
  up: boolean;
}
/** A time with no bar: drawn as a gap (the library's whitespace point). */
export interface Gap {
  time: number;
}

/**
 * Candles and volume in time order, with a gap for every minute without a bar between the first and
 * last minute of each day (bars and fills alike: a fill before the first bar still has its minute).
 * The night between two days is not filled minute by minute: the axis jumps to the next day.
 * Daily bars get no gaps (a weekend is not a missing day); a fill's day without a bar gets one.
 */
export function chartSeries(
  bars: readonly ReviewBar[],
  fills: readonly ReviewFill[],
  resolution: Resolution,
): { candles: (Candle | Gap)[]; volume: (Volume | Gap)[] } {
  const byTime = new Map<number, ReviewBar>();
  for (const bar of bars) {
    const time = resolution === 'day' ? dayKey(bar.t) : minuteOf(etSeconds(bar.t));
    if (!byTime.has(time)) byTime.set(time, bar);
  }
  const times = new Set(byTime.keys());
  for (const fill of fills) times.add(fillTime(fill, resolution));
  if (resolution === 'minute') {
    const days = new Map<number, { from: number; to: number }>();
    for (const time of times) {
      const day = Math.floor(time / DAY);
      const span = days.get(day);
      if (!span) days.set(day, { from: time, to: time });
      else {
        span.from = Math.min(span.from, time);
        span.to = Math.max(span.to, time);
      }
    }
    for (const { from, to } of days.values()) for (let t = from; t <= to; t += MINUTE) times.add(t);
  }
  const candles: (Candle | Gap)[] = [];
  const volume: (Volume | Gap)[] = [];
  for (const time of [...times].sort((a, b) => a - b)) {
    const bar = byTime.get(time);
    if (!bar) {
      candles.push({ time });
      volume.push({ time });
      continue;
    }
    candles.push({ time, open: bar.o, high: bar.h, low: bar.l, close: bar.c });
    volume.push({ time, value: bar.v, up: bar.c >= bar.o });
  }
  return { candles, volume };
}

export const BUY_COLOUR = '#34d27b';
export const SELL_COLOUR = '#f87171';

/** `5000` → `5,000`; `1234.5` → `1,234.5`: grouping on the exact text. */
export const groupDigits = (qty: string): string => {
  const [whole = '0', fraction] = qty.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
};

export interface FillMarker {
  id: string;
  time: number;
  /** Buys sit under their price pointing up at it, sells over it pointing down. */
  position: 'atPriceBottom' | 'atPriceTop';
  shape: 'arrowUp' | 'arrowDown';
  color: string;
  text: string;
  price: number;
}

/** One marker per fill, at its exact price and minute (or day): `B 5,000` green up, `S 5,000` red down. */
export function fillMarkers(fills: readonly ReviewFill[], resolution: Resolution): FillMarker[] {
  return fills
    .map((fill) => {
      const buy = fill.side === 'buy';
      return {
        id: fill.id,
        time: fillTime(fill, resolution),
        position: buy ? ('atPriceBottom' as const) : ('atPriceTop' as const),
        shape: buy ? ('arrowUp' as const) : ('arrowDown' as const),
        color: buy ? BUY_COLOUR : SELL_COLOUR,
        text: `${buy ? 'B' : 'S'} ${groupDigits(fill.qty)}`,
        price: Number(fill.price),
      };
    })
    .sort((a, b) => a.time - b.time);
}

/**
 * Where the markers hang: one point per fill's minute (or day) at its first fill's price, on a
 * series of their own that draws nothing. The library places a marker on its series' nearest real
 * data point, and a minute without a bar is only a gap on the candles: on the candles, a fill there
 * would be drawn at the bar before it. Each marker keeps its own exact price.
 */
export function fillPoints(
  fills: readonly ReviewFill[],
  resolution: Resolution,
): { time: number; value: number }[] {
  const points = new Map<number, number>();
  for (const fill of fills) {
    const time = fillTime(fill, resolution);
    if (!points.has(time)) points.set(time, Number(fill.price));
  }
  return [...points].map(([time, value]) => ({ time, value })).sort((a, b) => a.time - b.time);
}

/**
 * The price range to keep in view, widened to the plan's stop and target: a price line alone does not
 * move the scale, and a stop off screen reads as no stop. Null when there is nothing to show.
 */
export function withLevels(
  range: { minValue: number; maxValue: number } | null,
  levels: readonly (string | null)[],
): { minValue: number; maxValue: number } | null {
  let out = range;
  for (const level of levels) {
    if (level === null) continue;
    const value = Number(level);
    out = out
      ? { minValue: Math.min(out.minValue, value), maxValue: Math.max(out.maxValue, value) }
      : { minValue: value, maxValue: value };
  }
  return out;
}

/** The fills at the crosshair: of its minute and the minutes either side (its day for daily bars). */
export function fillsNear(fills: readonly ReviewFill[], time: number, resolution: Resolution): ReviewFill[] {
  const reach = resolution === 'day' ? 0 : MINUTE;
  return fills.filter((fill) => Math.abs(fillTime(fill, resolution) - time) <= reach);
}

/** A fill as the tooltip and the fills table read it: `09:31:05 ET` (a date-only fill: its date). */
export function fillClock(fill: ReviewFill, dateOnly: boolean): string {
  if (dateOnly)
    return /^\d{4}-\d{2}-\d{2}/.test(fill.time) ? fill.time.slice(0, 10) : etText(fill.at).slice(0, 10);
  return `${etText(fill.at).slice(11)} ET`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A time-axis label of a fake-UTC second: `09:30` (time), `Mar 16` (day), `Mar` (month), `2026` (year). */
export function tickText(seconds: number, kind: 'time' | 'day' | 'month' | 'year'): string {
  const date = new Date(seconds * 1000);
  if (kind === 'time') return wallOf(seconds).slice(11, 16);
  if (kind === 'year') return String(date.getUTCFullYear());
  const month = MONTHS[date.getUTCMonth()] ?? '';
  return kind === 'month' ? month : `${month} ${date.getUTCDate()}`;
}

/** The crosshair's time label: `2026-03-16 09:31 ET`, or the date alone for daily bars. */
export const crosshairText = (seconds: number, resolution: Resolution): string =>
  resolution === 'day' ? wallOf(seconds).slice(0, 10) : `${wallOf(seconds).slice(0, 16)} ET`;

/** What the chart shows, in words, for the chart region's label (screen readers get no canvas). */
export function chartSummary(review: Review): string {
  const { bars, fills, plan, trip } = review;
  const buys = fills.filter((f) => f.side === 'buy').length;
  const sells = fills.length - buys;
  const marks = `${fills.length} ${fills.length === 1 ? 'fill' : 'fills'} marked (${buys} ${buys === 1 ? 'buy' : 'buys'}, ${sells} ${sells === 1 ? 'sell' : 'sells'}), listed in the table below`;
  const levels = [plan.stop && `stop ${plan.stop}`, plan.target && `target ${plan.target}`].filter(Boolean);
  const shown = bars.bars.length;
  let span = '';
  const first = bars.bars[0];
  const last = bars.bars.at(-1);
  if (first && last) {
    span =
      bars.resolution === 'day'
        ? `, ${wallOf(dayKey(first.t)).slice(0, 10)} to ${wallOf(dayKey(last.t)).slice(0, 10)}`
        : `, ${etText(first.t).slice(0, 16)} to ${etText(last.t).slice(0, 16)} ET`;
  }
  const kind = bars.resolution === 'day' ? 'daily' : '1-minute';
  return `Price chart of ${trip.symbol} in ${kind} candles${span} (${shown} ${shown === 1 ? 'bar' : 'bars'}); ${marks}${levels.length ? `; ${levels.join(', ')}` : ''}.`;
}
