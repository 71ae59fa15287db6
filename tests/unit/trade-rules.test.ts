import { describe, expect, it } from 'vitest';
import { RuleCheck } from '../../functions/_lib/contract/review.ts';
import { courseLibrary } from '../../functions/_lib/courses/library.ts';
import { lessonKey, ruleChecks, rulesTaken } from '../../functions/_lib/courses/rules-taken.ts';
import {
  checkTradeRule,
  priceText,
  ruleLabel,
  type TradeRule,
  type TripFacts,
  tradeRuleOf,
} from '../../functions/_lib/courses/trade-rules.ts';
import { toDecimal } from '../../functions/_lib/trades/money.ts';

/**
 * The rules lessons teach, checked on one closed round trip (docs/courses.md, "Rules checked on your
 * trades"): each kind kept, broken and not checked, with the reason in words from the trip.
 */

type Fill = TripFacts['fills'][number];
const at = (iso: string) => Date.parse(iso);
const buy = (qty: string, price: string, time = '2026-06-10T14:00:00Z'): Fill => ({
  at: at(time),
  side: 'buy',
  qty,
  price,
});
const sell = (qty: string, price: string, time = '2026-06-10T15:00:00Z'): Fill => ({
  at: at(time),
  side: 'sell',
  qty,
  price,
});
const trip = (facts: Partial<TripFacts> = {}): TripFacts => ({
  side: 'long',
  fills: [buy('10000', '0.0140'), sell('10000', '0.0150')],
  dateOnly: false,
  risk: null,
  stop: null,
  accountSize: null,
  notesBefore: 0,
  ...facts,
});
const check = (rule: TradeRule, facts: Partial<TripFacts>) => checkTradeRule(rule, trip(facts));

describe('labels', () => {
  it.each<[TradeRule, string]>([
    [{ kind: 'max-risk-percent', percent: 2 }, 'Risk at most 2 % of the account per trade'],
    [{ kind: 'max-risk-percent', percent: 0.5 }, 'Risk at most 0.5 % of the account per trade'],
    [{ kind: 'no-entry-first-minutes', minutes: 15 }, 'No entry in the first 15 minutes after the open'],
    [{ kind: 'no-entry-first-minutes', minutes: 1 }, 'No entry in the first 1 minute after the open'],
    [{ kind: 'no-averaging-down' }, 'Never add to a losing position'],
    [{ kind: 'stop-planned' }, 'A stop planned for every trade'],
    [{ kind: 'plan-note-before-entry' }, 'A written plan before entry'],
  ])('%j', (rule, label) => {
    expect(ruleLabel(rule)).toBe(label);
  });

  it('reads a stored rule as its kind with its parameter, and refuses one missing it', () => {
    expect(tradeRuleOf({ kind: 'max-risk-percent', percent: 2 })).toEqual({
      kind: 'max-risk-percent',
      percent: 2,
    });
    expect(tradeRuleOf({ kind: 'stop-planned' })).toEqual({ kind: 'stop-planned' });
    expect(tradeRuleOf({ kind: 'no-entry-first-minutes' })).toBeNull();
  });
});

describe('no averaging down', () => {
  const rule: TradeRule = { kind: 'no-averaging-down' };

  it('is broken by a buy below the running average of a long, naming the fill', () => {
    expect(
      check(rule, {
        fills: [buy('10000', '0.0140'), buy('5000', '0.0120'), sell('15000', '0.0110')],
      }),
    ).toEqual({ outcome: 'broken', why: 'added 5,000 at 0.0120, below the 0.0140 average' });
  });

  it('is broken by a sell above the running average of a short', () => {
    expect(
      check(rule, {
        side: 'short',
        fills: [
          sell('20000', '0.0140'),
          sell('10000', '0.0150'),
          sell('5000', '0.0160'),
          buy('35000', '0.0170'),
        ],
      }),
    ).toEqual({
      outcome: 'broken',
      why: 'added 10,000 at 0.0150, above the 0.0140 average; 1 more add above the average',
    });
  });

  it('is kept when adding to a winner (scaling in above the average of a long)', () => {
    expect(
      check(rule, {
        fills: [
          buy('10000', '0.0140'),
          buy('10000', '0.0150'),
          buy('5000', '0.0145'),
          sell('25000', '0.0160'),
        ],
      }),
    ).toEqual({
      outcome: 'kept',
      why: 'added 2 times, never below the running average (scaling into a winner)',
    });
  });

  it('is kept when a short adds below its average, and with a single entry', () => {
    expect(
      check(rule, { side: 'short', fills: [sell('1000', '0.50'), sell('1000', '0.45'), buy('2000', '0.40')] })
        .outcome,
    ).toBe('kept');
    expect(check(rule, {})).toEqual({ outcome: 'kept', why: 'no shares added after the first entry' });
  });

  it('keeps the average when part of the position is sold, and starts over once it is flat', () => {
    // 10,000 at 0.0100, half sold, 5,000 more at 0.0100: equal to the average, not below.
    expect(
      check(rule, {
        fills: [
          buy('10000', '0.0100'),
          sell('5000', '0.0120'),
          buy('5000', '0.0100'),
          sell('10000', '0.0110'),
        ],
      }).outcome,
    ).toBe('kept');
    // Flat after the first sell: the next buy opens again, it adds to nothing.
    expect(
      check(rule, {
        fills: [buy('1000', '0.0100'), sell('1000', '0.0090'), buy('1000', '0.0080'), sell('1000', '0.0085')],
      }).outcome,
    ).toBe('kept');
  });

  it('keeps every sub-penny digit, and shows a non-terminating average to the digit that differs', () => {
    expect(
      check(rule, {
        fills: [buy('1000000', '0.00035'), buy('2000000', '0.00030'), sell('3000000', '0.00040')],
      }).why,
    ).toBe('added 2,000,000 at 0.0003, below the 0.00035 average');
    // Two adds below the average: the first is named, the other counted.
    expect(
      check(rule, {
        fills: [buy('1000', '0.0150'), buy('2000', '0.0140'), buy('3000', '0.0141'), sell('6000', '0.02')],
      }).why,
    ).toBe('added 2,000 at 0.0140, below the 0.0150 average; 1 more add below the average');
    // A scale-in leaves an average of 0.0146666…: shown to six decimals, compared exactly.
    expect(
      check(rule, {
        fills: [buy('1000', '0.0140'), buy('2000', '0.0150'), buy('1000', '0.0145'), sell('4000', '0.02')],
      }).why,
    ).toBe('added 1,000 at 0.0145, below the 0.014667 average');
    // An average a hair above the add's price is shown with the digits that tell them apart.
    expect(check(rule, { fills: [buy('1', '0.0120001'), buy('1', '0.012'), sell('2', '0.02')] }).why).toBe(
      'added 1 at 0.0120, below the 0.0120001 average',
    );
  });

  it('prints prices with 4 decimals below a dollar, 2 above, and never drops a digit', () => {
    expect(priceText(toDecimal('0.012'))).toBe('0.0120');
    expect(priceText(toDecimal('0.000035'))).toBe('0.000035');
    expect(priceText(toDecimal('1.5'))).toBe('1.50');
    expect(priceText(toDecimal('1.2345'))).toBe('1.2345');
  });
});

describe('a stop planned', () => {
  const rule: TradeRule = { kind: 'stop-planned' };

  it('is kept with a stop, a planned risk or both', () => {
    expect(check(rule, { stop: '0.0004' })).toEqual({
      outcome: 'kept',
      why: 'a stop at 0.0004 recorded on this trade',
    });
    expect(check(rule, { risk: '100' })).toEqual({
      outcome: 'kept',
      why: 'a planned risk of $100 recorded on this trade',
    });
    expect(check(rule, { stop: '0.00035', risk: '62.5' }).why).toBe(
      'a stop at 0.00035 and a planned risk of $62.50 recorded on this trade',
    );
  });

  it('is broken with neither', () => {
    expect(check(rule, {})).toEqual({
      outcome: 'broken',
      why: 'no stop or planned risk recorded on this trade',
    });
  });
});

describe('risk at most a percent of the account', () => {
  const rule: TradeRule = { kind: 'max-risk-percent', percent: 2 };

  it('is kept up to the percent, the edge included', () => {
    expect(check(rule, { risk: '200', accountSize: '10000' })).toEqual({
      outcome: 'kept',
      why: 'planned risk $200 is within 2 % of the $10,000 account ($200)',
    });
  });

  it('is broken above it, by as little as a sub-cent', () => {
    expect(check(rule, { risk: '250', accountSize: '10000' })).toEqual({
      outcome: 'broken',
      why: 'planned risk $250 is more than 2 % of the $10,000 account ($200)',
    });
    expect(
      check({ kind: 'max-risk-percent', percent: 0.5 }, { risk: '12.3451', accountSize: '2469' }),
    ).toEqual({
      outcome: 'broken',
      why: 'planned risk $12.3451 is more than 0.5 % of the $2,469 account ($12.345)',
    });
  });

  it('is not checked without a planned risk or an account size, saying which', () => {
    expect(check(rule, { accountSize: '10000' })).toEqual({
      outcome: 'not checked',
      why: 'no planned risk recorded on this trade',
    });
    expect(check(rule, { risk: '100' })).toEqual({
      outcome: 'not checked',
      why: 'no account size saved in Courses',
    });
    expect(check(rule, { risk: '100', accountSize: '0' }).outcome).toBe('not checked');
    expect(check(rule, {}).why).toBe(
      'no planned risk recorded on this trade, and no account size saved in Courses',
    );
  });
});

describe('no entry in the first minutes after the open', () => {
  const rule: TradeRule = { kind: 'no-entry-first-minutes', minutes: 15 };
  const entering = (iso: string) => ({
    fills: [buy('1000', '0.01', iso), sell('1000', '0.02', '2026-12-31T20:00:00Z')],
  });

  it('reads the open on the New York clock in March, before and after the switch to summer time', () => {
    // Friday 6 March 2026, EST (UTC−5): 13:35Z is 08:35, before the open.
    expect(check(rule, entering('2026-03-06T13:35:00Z'))).toEqual({
      outcome: 'kept',
      why: 'entered at 08:35 New York time, before the open: a pre-market entry is not in the first minutes',
    });
    // Monday 9 March 2026, EDT (UTC−4): the same 13:35Z is 09:35, five minutes after the open.
    expect(check(rule, entering('2026-03-09T13:35:00Z'))).toEqual({
      outcome: 'broken',
      why: 'entered at 09:35 New York time, 5 minutes after the open',
    });
  });

  it('reads the open on the New York clock in November, before and after the switch back', () => {
    // Friday 30 October 2026, EDT: 14:40Z is 10:40, 70 minutes after the open.
    expect(check(rule, entering('2026-10-30T14:40:00Z'))).toEqual({
      outcome: 'kept',
      why: 'entered at 10:40 New York time, 70 minutes after the open',
    });
    // Monday 2 November 2026, EST: the same 14:40Z is 09:40.
    expect(check(rule, entering('2026-11-02T14:40:00Z'))).toEqual({
      outcome: 'broken',
      why: 'entered at 09:40 New York time, 10 minutes after the open',
    });
  });

  it('counts the open itself and stops at the end of the window', () => {
    expect(check(rule, entering('2026-06-10T13:30:00Z')).why).toBe(
      'entered at 09:30 New York time, in the first minute after the open',
    );
    expect(check(rule, entering('2026-06-10T13:44:59Z')).outcome).toBe('broken');
    expect(check(rule, entering('2026-06-10T13:45:00Z'))).toEqual({
      outcome: 'kept',
      why: 'entered at 09:45 New York time, 15 minutes after the open',
    });
    expect(check(rule, entering('2026-06-10T13:29:59Z')).outcome).toBe('kept');
    expect(check(rule, entering('2026-06-10T20:30:00Z')).why).toBe(
      'entered at 16:30 New York time, after the close',
    );
  });

  it('judges the first fill, not a later add', () => {
    const fills = [buy('1000', '0.01', '2026-06-10T13:20:00Z'), buy('1000', '0.011', '2026-06-10T13:32:00Z')];
    expect(check(rule, { fills: [...fills, sell('2000', '0.02')] }).outcome).toBe('kept');
  });

  it('is not checked when the file gave dates only', () => {
    expect(check(rule, { dateOnly: true })).toEqual({
      outcome: 'not checked',
      why: 'the file gave dates only, so the time of the entry is unknown',
    });
  });
});

describe('a written plan before entry', () => {
  const rule: TradeRule = { kind: 'plan-note-before-entry' };

  it('is kept with a note naming the ticker before the first fill', () => {
    expect(check(rule, { notesBefore: 1 })).toEqual({
      outcome: 'kept',
      why: 'a journal note naming the ticker was written before the entry',
    });
    expect(check(rule, { notesBefore: 3 }).why).toBe(
      '3 journal notes naming the ticker were written before the entry',
    );
  });

  it('is broken without one', () => {
    expect(check(rule, {})).toEqual({
      outcome: 'broken',
      why: 'no journal note naming the ticker ($cashtag) before the entry that day',
    });
  });

  it('is not checked without one when the file gave dates only, and kept with one', () => {
    expect(check(rule, { dateOnly: true }).outcome).toBe('not checked');
    expect(check(rule, { dateOnly: true, notesBefore: 1 }).outcome).toBe('kept');
  });
});

describe('the rules a member has taken', () => {
  const course = courseLibrary.find((c) => c.slug === 'penny-stock-essentials');
  if (!course) throw new Error('the shipped course is what these tests read');

  it('are those of the completed lessons, each with its lesson page in the course', () => {
    const completed = new Set([
      lessonKey(course.slug, 'risk-per-trade'),
      lessonKey(course.slug, 'trade-plan'),
      lessonKey(course.slug, 'otc-tiers'),
    ]);
    const taken = rulesTaken(courseLibrary, completed);
    expect(taken.map((t) => [t.rule, t.module, t.lesson])).toEqual([
      [{ kind: 'max-risk-percent', percent: 2 }, 'risk-and-size', 'risk-per-trade'],
      [{ kind: 'plan-note-before-entry' }, 'journaling-a-trade', 'trade-plan'],
    ]);
    expect(taken[0]?.href).toMatch(
      /^\/videos\/watch\/v1112\/[a-z0-9-]+\?course=penny-stock-essentials&lesson=risk-per-trade$/,
    );
    expect(taken[1]?.href).toBe(
      '/articles/write_the_trade_plan_before_you_enter?course=penny-stock-essentials&lesson=trade-plan',
    );
    expect(rulesTaken(courseLibrary, new Set())).toEqual([]);
  });

  it('keep two lessons teaching one kind with different numbers, and check both', () => {
    const twice = structuredClone(course);
    const [first, second] = twice.modules[0]?.lessons ?? [];
    if (!first || !second) throw new Error('module 1 has two lessons');
    first.rule = { kind: 'max-risk-percent', percent: 1 };
    second.rule = { kind: 'max-risk-percent', percent: 3 };
    const taken = rulesTaken(
      [twice],
      new Set([lessonKey(twice.slug, first.id), lessonKey(twice.slug, second.id)]),
    );
    const checks = ruleChecks(taken, trip({ risk: '200', accountSize: '10000' }));
    expect(checks.map((c) => [c.label, c.outcome, c.lesson.lesson])).toEqual([
      ['Risk at most 1 % of the account per trade', 'broken', first.id],
      ['Risk at most 3 % of the account per trade', 'kept', second.id],
    ]);
    for (const c of checks) expect(RuleCheck.parse(c)).toEqual(c);
  });
});
