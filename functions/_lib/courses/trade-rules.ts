/**
 * The rules lessons teach, checked on one of the member's closed round trips (docs/courses.md, "Rules
 * checked on your trades"). Pure: the facts of the trip are read elsewhere and passed in. Every
 * outcome says why in words from the trip itself; a rule whose facts are missing is `not checked`,
 * never guessed. Money and prices are exact decimals (money.ts), shown with every sub-penny digit.
 */
import type { RuleCheck } from '../contract/review.ts';
import { type Decimal, groupDigits, toDecimal, ZERO } from '../trades/money.ts';
import type { LessonRule } from './course-schema.ts';
import { CLOSE_SECOND, clockText, marketClock, OPEN_SECOND } from './market-time.ts';

/** A lesson's rule with the parameters of its kind (the build checks that each kind has them). */
export type TradeRule =
  | { kind: 'no-averaging-down' }
  | { kind: 'stop-planned' }
  | { kind: 'max-risk-percent'; percent: number }
  | { kind: 'no-entry-first-minutes'; minutes: number }
  | { kind: 'plan-note-before-entry' };

/** What a closed round trip shows about the rules. */
export interface TripFacts {
  side: 'long' | 'short';
  /** In time order; quantities and prices are exact decimal text. */
  fills: { at: number; side: 'buy' | 'sell'; qty: string; price: string }[];
  /** The file gave dates only: the time of day is unknown. */
  dateOnly: boolean;
  /** The planned risk in dollars (the trip's note in the journal). */
  risk: string | null;
  /** The planned stop price, if the member gave one. */
  stop: string | null;
  /** The member's stated account size in dollars (the courses profile). */
  accountSize: string | null;
  /** The member's journal notes naming the symbol ($CASHTAG) written before the first fill, same market day. */
  notesBefore: number;
}

export type RuleOutcome = RuleCheck['outcome'];
export interface RuleResult {
  outcome: RuleOutcome;
  why: string;
}

/** The rule as stored in the course (course-schema.ts), or null when its kind lacks a parameter. */
export function tradeRuleOf(rule: LessonRule): TradeRule | null {
  switch (rule.kind) {
    case 'max-risk-percent':
      return rule.percent === undefined ? null : { kind: rule.kind, percent: rule.percent };
    case 'no-entry-first-minutes':
      return rule.minutes === undefined ? null : { kind: rule.kind, minutes: rule.minutes };
    default:
      return { kind: rule.kind };
  }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The rule in words, with its number. */
export function ruleLabel(rule: TradeRule): string {
  switch (rule.kind) {
    case 'no-averaging-down':
      return 'Never add to a losing position';
    case 'stop-planned':
      return 'A stop planned for every trade';
    case 'max-risk-percent':
      return `Risk at most ${rule.percent} % of the account per trade`;
    case 'no-entry-first-minutes':
      return `No entry in the first ${plural(rule.minutes, 'minute', 'minutes')} after the open`;
    case 'plan-note-before-entry':
      return 'A written plan before entry';
  }
}

/** Whether the trip kept the rule, broke it, or cannot tell, and why. */
export function checkTradeRule(rule: TradeRule, facts: TripFacts): RuleResult {
  switch (rule.kind) {
    case 'no-averaging-down':
      return averagingDown(facts);
    case 'stop-planned':
      return stopPlanned(facts);
    case 'max-risk-percent':
      return maxRisk(rule.percent, facts);
    case 'no-entry-first-minutes':
      return firstMinutes(rule.minutes, facts);
    case 'plan-note-before-entry':
      return planNote(facts);
  }
}

const kept = (why: string): RuleResult => ({ outcome: 'kept', why });
const broken = (why: string): RuleResult => ({ outcome: 'broken', why });
const notChecked = (why: string): RuleResult => ({ outcome: 'not checked', why });

const DECIMAL = /^\d+(?:\.\d+)?$/;
/** A stored amount as a decimal, or null when it is missing or not a plain non-negative number. */
const amountOf = (text: string | null): Decimal | null =>
  text !== null && DECIMAL.test(text.trim()) ? toDecimal(text.trim()) : null;

/** Digits after the point the value really has. */
const decimalsOf = (value: Decimal) => Math.max(0, value.c.length - value.e - 1);

/**
 * A price as quotes print it: 4 decimals below a dollar, 2 above, and more when the price has them
 * (0.00035 stays 0.00035). `dp` rounds a non-terminating value (an average) to that many decimals.
 */
export function priceText(value: Decimal, dp = decimalsOf(value)): string {
  const least = value.abs().gte(1) ? 2 : 4;
  return value.toFixed(Math.max(least, Math.min(dp, decimalsOf(value))));
}

/**
 * An average beside a price it is compared with: 6 decimals at least, more until the two read
 * differently (an average a hair below 0.0120 is not shown as 0.0120), trailing zeros dropped.
 */
function averageText(average: Decimal, against: Decimal): string {
  for (let dp = 6; dp < 20; dp++) {
    const text = priceText(average, dp);
    if (!toDecimal(text).eq(against)) return trimZeros(text, average);
  }
  return priceText(average);
}
/** Drops trailing zeros a rounded average does not need, keeping a price's usual decimals. */
function trimZeros(text: string, value: Decimal): string {
  const least = value.abs().gte(1) ? 2 : 4;
  const [whole = '', fraction = ''] = text.split('.');
  const kept = fraction.replace(/0+$/, '').padEnd(least, '0');
  return `${whole}.${kept}`;
}

/** Dollars: grouped, whole dollars as they are, cents (and any sub-cent digits) when there are some. */
export function dollarText(value: Decimal): string {
  const decimals = decimalsOf(value);
  return `$${groupDigits(value.toFixed(decimals === 0 ? 0 : Math.max(2, decimals)))}`;
}

/**
 * Averaging down: an opening fill (a buy on a long, a sell on a short) added while the position is
 * open, at a worse price than its running average cost. Closing part of the position keeps the
 * average; adding at or better than it is scaling into a winner.
 */
function averagingDown({ side, fills }: TripFacts): RuleResult {
  const opening = side === 'long' ? 'buy' : 'sell';
  const worse = (price: Decimal, average: Decimal) =>
    side === 'long' ? price.lt(average) : price.gt(average);
  let held = ZERO;
  let average = ZERO;
  let adds = 0;
  const bad: { qty: Decimal; price: Decimal; average: Decimal }[] = [];
  for (const fill of fills) {
    const qty = toDecimal(fill.qty).abs();
    const price = toDecimal(fill.price);
    if (fill.side === opening) {
      if (held.gt(0)) {
        adds += 1;
        if (worse(price, average)) bad.push({ qty, price, average });
      }
      average = held.eq(0) ? price : average.times(held).plus(price.times(qty)).div(held.plus(qty));
      held = held.plus(qty);
    } else {
      held = qty.gte(held) ? ZERO : held.minus(qty);
    }
  }
  const direction = side === 'long' ? 'below' : 'above';
  const [first] = bad;
  if (first) {
    const more =
      bad.length > 1 ? `; ${plural(bad.length - 1, 'more add', 'more adds')} ${direction} the average` : '';
    return broken(
      `added ${groupDigits(first.qty.toFixed())} at ${priceText(first.price)}, ${direction} the ${averageText(first.average, first.price)} average${more}`,
    );
  }
  if (adds === 0) return kept('no shares added after the first entry');
  return kept(
    `added ${plural(adds, 'time', 'times')}, never ${direction} the running average (scaling into a winner)`,
  );
}

function stopPlanned({ stop, risk }: TripFacts): RuleResult {
  const stopPrice = amountOf(stop);
  const riskAmount = amountOf(risk);
  const recorded = [
    ...(stopPrice ? [`a stop at ${priceText(stopPrice)}`] : []),
    ...(riskAmount ? [`a planned risk of ${dollarText(riskAmount)}`] : []),
  ];
  if (recorded.length === 0) return broken('no stop or planned risk recorded on this trade');
  return kept(`${recorded.join(' and ')} recorded on this trade`);
}

function maxRisk(percent: number, { risk, accountSize }: TripFacts): RuleResult {
  const riskAmount = amountOf(risk);
  const account = amountOf(accountSize);
  const missing = [
    ...(riskAmount ? [] : ['no planned risk recorded on this trade']),
    ...(account?.gt(0) ? [] : ['no account size saved in Courses']),
  ];
  if (!riskAmount || !account?.gt(0)) return notChecked(missing.join(', and '));
  const allowed = account.times(toDecimal(String(percent))).div(100);
  const share = `${percent} % of the ${dollarText(account)} account (${dollarText(allowed)})`;
  return riskAmount.gt(allowed)
    ? broken(`planned risk ${dollarText(riskAmount)} is more than ${share}`)
    : kept(`planned risk ${dollarText(riskAmount)} is within ${share}`);
}

/**
 * No entry in the first minutes: the first fill's time, New York time, is not in [09:30, 09:30 + N).
 * A pre-market entry is before the open, so not in its first minutes.
 */
function firstMinutes(minutes: number, { fills, dateOnly }: TripFacts): RuleResult {
  if (dateOnly) return notChecked('the file gave dates only, so the time of the entry is unknown');
  const [entry] = fills;
  if (!entry) return notChecked('the trip has no fills');
  const { second } = marketClock(entry.at);
  const at = `entered at ${clockText(second)} New York time`;
  if (second < OPEN_SECOND)
    return kept(`${at}, before the open: a pre-market entry is not in the first minutes`);
  const after = Math.floor((second - OPEN_SECOND) / 60);
  if (second < OPEN_SECOND + minutes * 60)
    return broken(
      after === 0
        ? `${at}, in the first minute after the open`
        : `${at}, ${plural(after, 'minute', 'minutes')} after the open`,
    );
  if (second >= CLOSE_SECOND) return kept(`${at}, after the close`);
  return kept(`${at}, ${plural(after, 'minute', 'minutes')} after the open`);
}

/**
 * A plan written first: a journal note naming the symbol before the first fill that day. With dates
 * only, a note of the day cannot be placed before or after the entry, so none found is not a break.
 */
function planNote({ notesBefore, dateOnly }: TripFacts): RuleResult {
  if (notesBefore >= 1)
    return kept(
      notesBefore === 1
        ? 'a journal note naming the ticker was written before the entry'
        : `${notesBefore} journal notes naming the ticker were written before the entry`,
    );
  if (dateOnly) return notChecked('the file gave dates only, so no note can be placed before the entry');
  return broken('no journal note naming the ticker ($cashtag) before the entry that day');
}
