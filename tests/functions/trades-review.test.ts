import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportedExecution } from '../../functions/_lib/contract/index.ts';
import type { Excursion, RuleCheck } from '../../functions/_lib/contract/review.ts';
import { progressKeys } from '../../functions/_lib/courses/progress-keys.ts';
import { journalKeys } from '../../functions/_lib/journal/keys.ts';
import { marketTime } from '../../functions/_lib/market/market-day.ts';
import type { Store } from '../../functions/_lib/store.ts';
import { tradeKeys } from '../../functions/_lib/trade-store/keys.ts';
import { type MarketStandIn, MISBEHAVING } from '../../scripts/local/market-data.ts';
import { testSymbol } from '../support/market-stand-in.ts';
import { type Handler, type ReviewFunctions, reviewFunctions } from '../support/review-functions.ts';

// The trade review through its handler, on real Redis, with the market-data stand-in answering
// Massive's API: the trip as /trades matches it, bars from the shared cache, MAE/MFE and the rules
// of finished lessons; a provider that cannot answer leaves the fills on the page and caches nothing.

const functions = reviewFunctions();
let store: Store;
let standIn: MarketStandIn;
let reviewFn: Handler;
let importFn: Handler;
let tradesFn: Handler;
let tagsUpdateFn: Handler;
let memberCaller: ReviewFunctions['memberCaller'];
beforeAll(() => {
  ({
    store,
    standIn,
    review: reviewFn,
    importTrades: importFn,
    trades: tradesFn,
    tagsUpdate: tagsUpdateFn,
    memberCaller,
  } = functions());
});

const DAY = '2024-03-12';
const at = (time: string, seconds = 0) => marketTime(DAY, time) + seconds * 1000;

const fill = (symbol: string, i: number, over: Partial<ImportedExecution>): ImportedExecution => ({
  broker: 'tradezero',
  account: 'TZ-1',
  time: at('10:15'),
  symbol,
  side: 'buy',
  qty: 2_000_000,
  price: '0.0004',
  fees: '1',
  orderId: `o${i}`,
  ...over,
});

/** A member with one long round trip of `symbol`: in at 10:15:30, more at 10:40, out at 14:02:44. */
async function trader(symbol: string) {
  const { sub, call } = await memberCaller(store);
  const executions = [
    fill(symbol, 1, { time: at('10:15', 30), price: '0.0004' }),
    fill(symbol, 2, { time: at('10:40', 10), price: '0.00043', qty: 1_000_000 }),
    fill(symbol, 3, { time: at('14:02', 44), side: 'sell', price: '0.00061', qty: 3_000_000 }),
  ];
  expect((await call(importFn, 'journal/trades/import', { executions })).status).toBe(200);
  const { trades } = (await call(tradesFn, 'journal/trades', {})).body as {
    trades: { trade_id: string; time: number }[];
  };
  const trip = [...trades].sort((a, b) => a.time - b.time)[0]?.trade_id ?? '';
  return { sub, call, trip };
}

interface Review {
  trip: { symbol: string; entry: string; exit: string; side: string; net: string };
  fills: { at: number; price: string; side: string }[];
  bars: {
    state: string;
    resolution: string;
    bars: { t: number; h: number; l: number }[];
    synthetic: boolean;
    message: string | null;
  };
  excursion: Excursion;
  rules: RuleCheck[];
}

describe('trades/review', () => {
  it('shows a closed trip on its day of synthetic minute bars, each fill inside its bar, with MAE and MFE', async () => {
    const symbol = testSymbol();
    const { call, trip } = await trader(symbol);
    const { status, body } = await call(reviewFn, 'trades/review', { trip });
    expect(status).toBe(200);
    const review = body as unknown as Review;
    expect(review.trip).toMatchObject({
      symbol,
      side: 'long',
      entry: `${DAY}T10:15:30`,
      exit: `${DAY}T14:02:44`,
    });
    expect(review.fills.map((f) => f.price)).toEqual(['0.0004', '0.00043', '0.00061']);
    expect(review.bars).toMatchObject({
      state: 'bars',
      resolution: 'minute',
      synthetic: true,
      message: null,
    });
    for (const f of review.fills) {
      const bar = review.bars.bars.find((b) => b.t <= f.at && f.at < b.t + 60_000);
      expect(bar, `a bar for the fill at ${f.at}`).toBeDefined();
      expect(bar?.l).toBeLessThanOrEqual(Number(f.price));
      expect(bar?.h).toBeGreaterThanOrEqual(Number(f.price));
    }
    expect(review.excursion.state).toBe('measured');
    if (review.excursion.state !== 'measured') return;
    // A winner: the best exit was at least the one taken, so at most 100 % was captured.
    expect(Number(review.excursion.mfe.perShare)).toBeGreaterThanOrEqual(0.00061 - 0.000410001);
    expect(Number(review.excursion.efficiency)).toBeLessThanOrEqual(100);
    expect(review.excursion.mae.r).toBeNull();
  });

  it('shows the plan the member noted on the trip: risk in R, stop and target', async () => {
    const { call, trip } = await trader(testSymbol());
    const plan = { trip_ids: [trip], risk: '100', stop: '0.00035', target: '0.0007' };
    expect((await call(tagsUpdateFn, 'journal/trades/tags/update', plan)).status).toBe(200);
    const review = (await call(reviewFn, 'trades/review', { trip })).body as unknown as Review & {
      plan: Record<string, string | null>;
    };
    expect(review.plan).toEqual({ risk: '100', stop: '0.00035', target: '0.0007' });
    expect(review.excursion.state).toBe('measured');
    if (review.excursion.state !== 'measured') return;
    // R = the excursion in dollars ÷ the planned risk.
    const { mae } = review.excursion;
    expect(mae.r).toMatch(/^\d+\.\d{2}$/);
    expect(Math.abs(Number(mae.r) - Number(mae.dollars) / 100)).toBeLessThanOrEqual(0.005 + 1e-9);
  });

  it('keeps its MAE/MFE for /trades, and the background job, matching the whole journal, measures the same', async () => {
    const { sub, call, trip } = await trader(testSymbol());
    const review = (await call(reviewFn, 'trades/review', { trip })).body as unknown as Review;
    expect(review.excursion.state).toBe('measured');
    const key = tradeKeys.tripExcursions(sub);
    const stored = JSON.parse((await store.hget<string>(key, trip)) ?? '{}') as { excursion?: unknown };
    expect(stored.excursion).toEqual(review.excursion);
    // The job's own path: every trade of the member, every trip, bars from the shared cache.
    await store.del(key);
    const { refreshExcursions } = await import('../../functions/_lib/review/refresh-excursions.ts');
    const { getMarketSource } = await import('../../functions/_lib/market/market-source.ts');
    const own = await getMarketSource().forMember(sub);
    if (!own) throw new Error('The operator’s key serves every member');
    await refreshExcursions({ store }, own.market, sub, Date.now(), own.keys);
    const measured = JSON.parse((await store.hget<string>(key, trip)) ?? '{}') as { excursion?: unknown };
    expect(measured.excursion).toEqual(review.excursion);
  });

  it('asks the provider once per finished day, for every member', async () => {
    const symbol = testSymbol();
    const first = await trader(symbol);
    const asked = () => standIn.requests.filter((r) => r.includes(`/ticker/${symbol}/`)).length;
    expect((await first.call(reviewFn, 'trades/review', { trip: first.trip })).status).toBe(200);
    expect(asked()).toBe(1);
    const second = await trader(symbol);
    expect((await second.call(reviewFn, 'trades/review', { trip: second.trip })).status).toBe(200);
    expect((await first.call(reviewFn, 'trades/review', { trip: first.trip })).status).toBe(200);
    expect(asked()).toBe(1);
  });

  it('checks the rules of the lessons the member finished, each linked to its lesson', async () => {
    const symbol = testSymbol();
    const { sub, call, trip } = await trader(symbol);
    const before = (await call(reviewFn, 'trades/review', { trip })).body as unknown as Review;
    expect(before.rules).toEqual([]);

    // The journaling module's trade-plan lesson (an article) read: its rule applies.
    await store.sadd(progressKeys.articlesRead(sub), 'write_the_trade_plan_before_you_enter');
    const broken = (await call(reviewFn, 'trades/review', { trip })).body as unknown as Review;
    expect(broken.rules).toEqual([
      expect.objectContaining({
        kind: 'plan-note-before-entry',
        outcome: 'broken',
        lesson: expect.objectContaining({ lesson: 'trade-plan', href: expect.stringContaining('course=') }),
      }),
    ]);

    // A note naming the symbol, saved that morning before the first fill, keeps it.
    await store
      .multi()
      .hset(journalKeys.note(sub, 'note_AAAAAAAAAAAAAAAA'), { title: 'Plan', timestamp: String(at('09:05')) })
      .sadd(journalKeys.symbol(sub, symbol), 'note_AAAAAAAAAAAAAAAA')
      .exec();
    const kept = (await call(reviewFn, 'trades/review', { trip })).body as unknown as Review;
    expect(kept.rules.map((r) => r.outcome)).toEqual(['kept']);
  });

  it('shows the fills without bars when the provider does not know the symbol', async () => {
    const { call, trip } = await trader(MISBEHAVING.unknown);
    const { status, body } = await call(reviewFn, 'trades/review', { trip });
    expect(status).toBe(200);
    const review = body as unknown as Review;
    expect(review.fills).toHaveLength(3);
    expect(review.bars).toMatchObject({ state: 'unknown symbol', bars: [] });
    expect(review.bars.message).toContain(`does not know ${MISBEHAVING.unknown}`);
    expect(review.excursion.state).toBe('no data');
  });

  it('says so when the provider is over its rate limit, and caches nothing: the next review asks again', async () => {
    const { call, trip } = await trader(MISBEHAVING.busy);
    const asked = () => standIn.requests.filter((r) => r.includes(`/ticker/${MISBEHAVING.busy}/`)).length;
    const before = asked();
    const review = (await call(reviewFn, 'trades/review', { trip })).body as unknown as Review;
    expect(review.bars.state).toBe('unavailable');
    expect(review.bars.message).toMatch(/rate limit; try again in 30 s/);
    expect(review.excursion.state).toBe('no data');
    await call(reviewFn, 'trades/review', { trip });
    expect(asked()).toBe(before + 2);
  });

  it("answers 404 for a trip that is not the caller's, or not a closed round trip", async () => {
    const symbol = testSymbol();
    const owner = await trader(symbol);
    const other = await memberCaller(store);
    const stranger = await other.call(reviewFn, 'trades/review', { trip: owner.trip });
    expect(stranger.status).toBe(404);
    expect(stranger.body.error).toMatch(/No trade trade_\w+ in your journal/);
    const { trades } = (await owner.call(tradesFn, 'journal/trades', {})).body as {
      trades: { trade_id: string; time: number }[];
    };
    const exit = [...trades].sort((a, b) => b.time - a.time)[0]?.trade_id;
    const notOpening = await owner.call(reviewFn, 'trades/review', { trip: exit });
    expect(notOpening.status).toBe(404);
    expect(notOpening.body.error).toMatch(/does not open a closed round trip/);
  });
});
