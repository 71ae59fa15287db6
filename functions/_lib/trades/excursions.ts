import type { Excursion } from '../contract/review.ts';
import type { Bar } from '../market/bars.ts';
import { type Exact, Extremes, exact, type Moment } from './excursion-candidates.ts';
import { percentText, perShareText, plannedRisk, twoDecimals } from './excursion-figures.ts';
import {
  type FillStep,
  type Held,
  type TripFill,
  type TripPosition,
  tripPosition,
} from './excursion-position.ts';
import { type Decimal, plain, toDecimal, ZERO } from './money.ts';
import type { TradeSide } from './round-trips.ts';

/**
 * MAE and MFE of one round trip (docs/trades.md, "MAE and MFE"): how far the price went against
 * (maximum adverse excursion) and for (maximum favorable excursion) the open position, from 1-minute
 * bars between the first entry and the last exit. Only what the member lived through counts: in the
 * minute of the first fill and of the last fill only the fill prices count (the bar's high before a
 * buy is not an excursion anyone sat through). Excursions are per share against the running average
 * cost and in dollars on the shares held then; the figure reported is the moment with the most
 * dollars. Extremes are found with number comparisons, bar by bar (the lowest low and highest high
 * of each stretch between fills); exact decimals only settle near ties and work out the figures
 * reported, so 10,000 trips take well under a second (scripts/bench-excursions.ts).
 */

export type { TripFill } from './excursion-position.ts';

export interface ExcursionInput {
  side: TradeSide;
  /** The trip's fills in time order. */
  fills: readonly TripFill[];
  /** 1-minute bars in time order (gaps allowed); a whole day's may be given. */
  bars: readonly Bar[];
  /** Planned risk in dollars, or null. */
  risk: string | null;
  /** The file gave dates alone: the time of day is unknown. */
  dateOnly: boolean;
}

export const MINUTE = 60_000;
/** How long after the exit bar "left on the table" looks. */
export const AFTER_EXIT = 30 * MINUTE;

const minuteOf = (at: number) => Math.floor(at / MINUTE) * MINUTE;

/** First index whose bar reaches past `at` (t + 1 minute > at); bars are in time order. */
function firstBarAfter(bars: readonly Bar[], at: number): number {
  let lo = 0;
  let hi = bars.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((bars[mid] as Bar).t + MINUTE > at) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The running low and high (plain numbers) of full bars while the position does not change. */
interface Stretch {
  held: Held;
  low: number;
  lowAt: number;
  high: number;
  highAt: number;
}

const openStretch = (held: Held): Stretch => ({ held, low: Infinity, lowAt: 0, high: -Infinity, highAt: 0 });

function closeStretch(extremes: Extremes, stretch: Stretch): void {
  if (stretch.low === Infinity) return;
  const { held, low, lowAt, high, highAt } = stretch;
  extremes.offer(held, low, low, lowAt, high, high, highAt);
}

const notMeasurable = (reason: string): Excursion => ({ state: 'not measurable', reason });

/** MAE, MFE, exit efficiency and what was left on the table for one round trip. */
export function measureExcursion(input: ExcursionInput): Excursion {
  if (input.dateOnly)
    return notMeasurable(
      'The file gives the date of each fill but not its time, so the minutes it was held are unknown',
    );
  const fills = input.fills;
  const first = fills[0];
  const last = fills[fills.length - 1];
  if (!first || !last) return notMeasurable('The trade has no fills');
  if (minuteOf(first.at) === minuteOf(last.at))
    return notMeasurable(
      'Opened and closed within the same minute: a 1-minute bar cannot tell what the price did in between',
    );
  const position = tripPosition(input.side, fills);
  if (!position) return notMeasurable(`Its first fill does not open a ${input.side} position`);
  const { side, bars } = input;
  const steps = position.steps;
  const extremes = new Extremes(side);
  // Every fill is a price the member traded at, with the shares held at that moment: just after
  // an entry (the same dollars as just before it), just before an exit (the shares it sold).
  for (const step of steps) {
    const at = minuteOf(step.at);
    const { price, priceN } = step;
    extremes.offer(step.opening ? step.after : step.before, price, priceN, at, price, priceN, at);
  }
  let covered = false;
  let applied = 1;
  let stretch = openStretch((steps[0] as FillStep).after);
  let i = firstBarAfter(bars, first.at);
  for (; i < bars.length; i++) {
    const bar = bars[i] as Bar;
    if (bar.t > last.at) break;
    covered = true;
    // The minutes of the first and last fill: only their fill prices count (above).
    if (bar.t <= first.at || bar.t + MINUTE > last.at) continue;
    if (applied < steps.length && (steps[applied] as FillStep).at < bar.t) {
      closeStretch(extremes, stretch);
      while (applied < steps.length && (steps[applied] as FillStep).at < bar.t) applied++;
      stretch = openStretch((steps[applied - 1] as FillStep).after);
    }
    const end = bar.t + MINUTE;
    if (applied < steps.length && (steps[applied] as FillStep).at < end) {
      closeStretch(extremes, stretch);
      const states = [stretch.held];
      while (applied < steps.length && (steps[applied] as FillStep).at < end)
        states.push((steps[applied++] as FillStep).after);
      extremes.mixedBar(states, bar);
      stretch = openStretch(states[states.length - 1] as Held);
      continue;
    }
    if (bar.l < stretch.low) {
      stretch.low = bar.l;
      stretch.lowAt = bar.t;
    }
    if (bar.h > stretch.high) {
      stretch.high = bar.h;
      stretch.highAt = bar.t;
    }
  }
  closeStretch(extremes, stretch);
  if (!covered)
    return { state: 'no data', reason: 'No 1-minute bars between the first entry and the last exit' };
  const worst = extremes.mae as Moment;
  const best = extremes.mfe as Moment;
  const mfe = exact(side, 'favorable', best);
  const risk = plannedRisk(input.risk);
  return {
    state: 'measured',
    mae: figure(exact(side, 'adverse', worst), worst.at, worst.held, risk),
    mfe: figure(mfe, best.at, best.held, risk),
    efficiency: efficiency(side, position, mfe),
    leftOnTable: leftOnTable(side, position, bars, i, minuteOf(last.at) + MINUTE),
  };
}

function figure(value: Exact, at: number, avg: { cost: Decimal; basis: Decimal }, risk: Decimal | null) {
  return {
    perShare: perShareText(value.perShare, value.basis),
    dollars: twoDecimals(value.dollars, value.basis),
    // perShare ÷ average = (perShare ÷ basis) ÷ (cost ÷ basis).
    percent: percentText(value.perShare, avg.cost),
    r: risk === null ? null : twoDecimals(value.dollars, value.basis.times(risk)),
    at,
    price: plain(value.price),
  };
}

/**
 * Captured ÷ the best exit available (MFE per share), for winners only, never above 100 %. Captured
 * per share is average exit − average entry (reversed for a short): closeValue/closed −
 * openValue/opened, kept as one fraction.
 */
function efficiency(side: TradeSide, position: TripPosition, best: Exact): string | null {
  const { opened, openValue, closed, closeValue } = position;
  if (closed.eq(0) || opened.eq(0)) return null;
  const up = closeValue.times(opened).minus(openValue.times(closed));
  const captured = side === 'long' ? up : up.neg();
  if (!captured.gt(0)) return null;
  // captured ÷ (closed × opened) ÷ (best.perShare ÷ best.basis)
  const numerator = captured.times(best.basis);
  const denominator = closed.times(opened).times(best.perShare);
  if (numerator.gte(denominator)) return '100.00';
  return twoDecimals(numerator.times(100), denominator);
}

/**
 * The best price beyond the average exit in the 30 bars after the exit bar (the exit bar's minute
 * after the fill is not known apart from before it, so it is left out); null without such bars.
 */
function leftOnTable(
  side: TradeSide,
  position: TripPosition,
  bars: readonly Bar[],
  from: number,
  start: number,
): { perShare: string; dollars: string } | null {
  const { closed, closeValue } = position;
  if (closed.eq(0)) return null;
  let high = -Infinity;
  let low = Infinity;
  for (let i = from; i < bars.length; i++) {
    const bar = bars[i] as Bar;
    if (bar.t >= start + AFTER_EXIT) break;
    if (bar.t < start) continue;
    if (bar.h > high) high = bar.h;
    if (bar.l < low) low = bar.l;
  }
  if (low === Infinity) return null;
  // Per share (price × closed − closeValue) ÷ closed; on the shares closed, the numerator itself.
  const beyond =
    side === 'long'
      ? toDecimal(String(high)).times(closed).minus(closeValue)
      : closeValue.minus(toDecimal(String(low)).times(closed));
  const dollars = beyond.gt(0) ? beyond : ZERO;
  return { perShare: perShareText(dollars, closed), dollars: twoDecimals(dollars) };
}
