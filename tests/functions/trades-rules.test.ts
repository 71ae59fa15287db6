import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportedExecution } from '../../functions/_lib/contract/index.ts';
import type { RuleCheck } from '../../functions/_lib/contract/review.ts';
import { progressKeys } from '../../functions/_lib/courses/progress-keys.ts';
import { brokenRulesByWeek } from '../../functions/_lib/courses/rule-weeks.ts';
import { journalKeys } from '../../functions/_lib/journal/keys.ts';
import { marketTime } from '../../functions/_lib/market/market-day.ts';
import type { Store } from '../../functions/_lib/store.ts';
import { FULLY_WATCHED } from '../support/course-progress.ts';
import { testSymbol } from '../support/market-stand-in.ts';
import {
  type Call,
  type Handler,
  type ReviewFunctions,
  reviewFunctions,
} from '../support/review-functions.ts';

// `journal/trades/rules` through its handler, on real Redis: the rules of the lessons a member
// finished, checked on every closed round trip of the journal, the very outcomes the trade review
// gives each trip; a finished lesson, a planned stop or a note counts at once.

interface TripRules {
  rules: Pick<RuleCheck, 'kind' | 'label' | 'lesson'>[];
  trips: Record<string, { sig: string; exitAt: number; outcomes: RuleCheck['outcome'][] }>;
}

const functions = reviewFunctions();
let store: Store;
let rulesFn: Handler;
let reviewFn: Handler;
let importFn: Handler;
let tradesFn: Handler;
let tagsUpdateFn: Handler;
let answersFn: Handler;
let memberCaller: ReviewFunctions['memberCaller'];
beforeAll(() => {
  ({
    store,
    rules: rulesFn,
    review: reviewFn,
    importTrades: importFn,
    trades: tradesFn,
    tagsUpdate: tagsUpdateFn,
    answers: answersFn,
    memberCaller,
  } = functions());
});

const MONDAY = '2024-03-11';
const TUESDAY = '2024-03-12';
const NEXT_WEEK = '2024-03-19';
const at = (day: string, time: string, seconds = 0) => marketTime(day, time) + seconds * 1000;

const fill = (symbol: string, id: string, over: Partial<ImportedExecution>): ImportedExecution => ({
  broker: 'tradezero',
  account: 'TZ-1',
  time: at(TUESDAY, '10:15'),
  symbol,
  side: 'buy',
  qty: 2_000_000,
  price: '0.0004',
  fees: '1',
  orderId: id,
  ...over,
});

/**
 * Three round trips of one symbol: Monday 9:31 in and out (inside the first minutes), Tuesday a
 * buy, a second buy lower (averaging down) and a sale; the next Tuesday a clean one.
 */
const journal = (symbol: string): ImportedExecution[] => [
  fill(symbol, 'a1', { time: at(MONDAY, '09:31', 5), price: '0.0005' }),
  fill(symbol, 'a2', { time: at(MONDAY, '10:02'), side: 'sell', price: '0.00052' }),
  fill(symbol, 'b1', { time: at(TUESDAY, '10:15', 30), price: '0.0004' }),
  fill(symbol, 'b2', { time: at(TUESDAY, '10:40', 10), price: '0.00037', qty: 1_000_000 }),
  fill(symbol, 'b3', { time: at(TUESDAY, '14:02', 44), side: 'sell', price: '0.00041', qty: 3_000_000 }),
  fill(symbol, 'c1', { time: at(NEXT_WEEK, '11:00'), price: '0.0006' }),
  fill(symbol, 'c2', { time: at(NEXT_WEEK, '11:30'), side: 'sell', price: '0.00066' }),
];

async function trader(executions: ImportedExecution[]) {
  const { sub, call } = await memberCaller(store);
  expect((await call(importFn, 'journal/trades/import', { executions })).status).toBe(200);
  const { trades } = (await call(tradesFn, 'journal/trades', {})).body as {
    trades: { trade_id: string; time: number; tradeType: string }[];
  };
  const opens = [...trades].sort((a, b) => a.time - b.time);
  return { sub, call, opens };
}

/** Every rule lesson of Penny Stock Essentials finished: its four videos watched, its article read. */
async function finishRuleLessons(sub: string) {
  const watched = Object.fromEntries(['v1132', 'v1112', 'v1120', 'v1096'].map((v) => [v, FULLY_WATCHED]));
  await store
    .multi()
    .hset(progressKeys.watch(sub), watched)
    .sadd(progressKeys.articlesRead(sub), 'write_the_trade_plan_before_you_enter')
    .exec();
}

const rulesOf = async (call: Call, body: unknown = {}) => {
  const { status, body: answer } = await call(rulesFn, 'journal/trades/rules', body);
  expect(status).toBe(200);
  return answer as unknown as TripRules;
};

/** The review's outcomes of one trip, by rule kind and lesson, in its order. */
async function reviewOutcomes(call: Call, trip: string) {
  const review = (await call(reviewFn, 'trades/review', { trip })).body as { rules: RuleCheck[] };
  return review.rules.map((r) => r.outcome);
}

describe('journal/trades/rules', () => {
  it('has no rules and no trips until a lesson that teaches one is finished', async () => {
    const { call } = await trader(journal(testSymbol()));
    expect(await rulesOf(call)).toEqual({ rules: [], trips: {} });
  });

  it('checks every closed trip on the rules taken, as the review checks each', async () => {
    const symbol = testSymbol();
    const { sub, call, opens } = await trader(journal(symbol));
    await finishRuleLessons(sub);
    const report = await rulesOf(call);
    expect(report.rules.map((r) => r.kind)).toEqual([
      'no-entry-first-minutes',
      'max-risk-percent',
      'stop-planned',
      'no-averaging-down',
      'plan-note-before-entry',
    ]);
    expect(report.rules[4]?.lesson).toMatchObject({
      lesson: 'trade-plan',
      href: expect.stringContaining('course='),
    });
    const ids = [opens[0], opens[2], opens[5]].map((t) => t?.trade_id ?? '');
    expect(Object.keys(report.trips).sort()).toEqual([...ids].sort());
    for (const id of ids) expect(report.trips[id]?.outcomes).toEqual(await reviewOutcomes(call, id));

    const [monday, tuesday, nextWeek] = ids.map((id) => report.trips[id]?.outcomes ?? []);
    // In at 9:31:05: inside the first 15 minutes. Risk unknown without a plan: not checked.
    expect(monday).toEqual(['broken', 'not checked', 'broken', 'kept', 'broken']);
    // A second buy below the first: averaged down.
    expect(tuesday?.[3]).toBe('broken');
    expect(nextWeek).toEqual(['kept', 'not checked', 'broken', 'kept', 'broken']);

    // Counted per market week by the trip's exit: two trips in the week of the 11th, one the next.
    const weeks = brokenRulesByWeek(
      Object.values(report.trips).map(({ exitAt, outcomes }) => ({ exit: exitAt, outcomes })),
      report.rules.length,
    );
    expect(weeks.map((w) => [w.week, w.trips, w.broken[2]])).toEqual([
      ['2024-03-11', 2, 2],
      ['2024-03-18', 1, 1],
    ]);
  });

  it('counts a planned stop, an account size and a written plan at once', async () => {
    const symbol = testSymbol();
    const { sub, call, opens } = await trader(journal(symbol));
    await finishRuleLessons(sub);
    const trip = opens[5]?.trade_id ?? '';
    const plan = { trip_ids: [trip], risk: '100', stop: '0.00055' };
    expect((await call(tagsUpdateFn, 'journal/trades/tags/update', plan)).status).toBe(200);
    await store
      .multi()
      .hset(progressKeys.profile(sub), { accountSize: '10000' })
      .hset(journalKeys.note(sub, 'note_AAAAAAAAAAAAAAAA'), {
        title: 'Plan',
        timestamp: String(at(NEXT_WEEK, '09:05')),
      })
      .sadd(journalKeys.symbol(sub, symbol), 'note_AAAAAAAAAAAAAAAA')
      .exec();
    const report = await rulesOf(call);
    // $100 of a $10,000 account is 1 %, within 2 %; the stop and the morning's note are there.
    expect(report.trips[trip]?.outcomes).toEqual(['kept', 'kept', 'kept', 'kept', 'kept']);
    expect(report.trips[trip]?.outcomes).toEqual(await reviewOutcomes(call, trip));
  });

  it('matches a sale with nothing held as the member answered it, sent or kept', async () => {
    const symbol = testSymbol();
    const { sub, call, opens } = await trader([
      fill(symbol, 's1', { time: at(TUESDAY, '10:00'), side: 'sell', price: '0.0005' }),
      fill(symbol, 's2', { time: at(TUESDAY, '11:00'), side: 'buy', price: '0.00045' }),
    ]);
    await finishRuleLessons(sub);
    expect((await rulesOf(call)).trips).toEqual({});
    const short = await rulesOf(call, { answers: { [`${symbol}@TZ-1`]: 'short' } });
    expect(Object.keys(short.trips)).toEqual([opens[0]?.trade_id]);
    // Kept for the member (journal/trades/answers), the answer needs no sending: the review too.
    const kept = await call(answersFn, 'journal/trades/answers', {
      answers: { [`${symbol}@TZ-1`]: 'short' },
    });
    expect(kept.status).toBe(200);
    expect(Object.keys((await rulesOf(call)).trips)).toEqual([opens[0]?.trade_id]);
    expect((await call(reviewFn, 'trades/review', { trip: opens[0]?.trade_id })).status).toBe(200);
  });

  it('refuses answers that are not short or held, naming the field', async () => {
    const { call } = await trader(journal(testSymbol()));
    const { status, body } = await call(rulesFn, 'journal/trades/rules', { answers: { 'X@Y': 'long' } });
    expect(status).toBe(400);
    expect(String(body.error)).toMatch(/answers/);
  });
});
