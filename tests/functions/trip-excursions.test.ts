import { describe, expect, it } from 'vitest';
import type { ImportedExecution, Trade } from '../../functions/_lib/contract/index.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import { marketKeys } from '../../functions/_lib/market/keys.ts';
import { marketTime } from '../../functions/_lib/market/market-day.ts';
import type { MarketSource } from '../../functions/_lib/market/market-source.ts';
import { createMassiveMarketData } from '../../functions/_lib/market/massive.ts';
import { syncExcursions } from '../../functions/_lib/review/excursions-sync.ts';
import { refreshExcursions } from '../../functions/_lib/review/refresh-excursions.ts';
import { tradeKeys } from '../../functions/_lib/trade-store/keys.ts';
import { matchRoundTrips } from '../../functions/_lib/trades/round-trips.ts';
import { tradesToExecutions } from '../../functions/_lib/trades/stored-trades.ts';
import { tripSignature } from '../../functions/_lib/trades/trip-signature.ts';
import tradesFn from '../../functions/journal-trades.ts';
import actionsUpdateFn from '../../functions/journal-trades-actions-update.ts';
import answersFn from '../../functions/journal-trades-answers.ts';
import deleteFn from '../../functions/journal-trades-delete.ts';
import excursionsFn from '../../functions/journal-trades-excursions.ts';
import importFn from '../../functions/journal-trades-import.ts';
import tagsUpdateFn from '../../functions/journal-trades-tags-update.ts';
import updateFn from '../../functions/journal-trades-update.ts';
import { BUSY_RETRY_AFTER_SECONDS, MISBEHAVING } from '../../scripts/local/market-data.ts';
import { loadScheduledJobs } from '../../scripts/local/scheduler.ts';
import { suiteMarketStandIn, testSymbol } from '../support/market-stand-in.ts';
import { memberCaller } from '../support/members.ts';

// MAE/MFE of a member's whole journal, measured in the background: real Redis, the handlers, and the
// local market-data stand-in through the production client.

const deps = getDeps();
const { store } = deps;
const standIn = suiteMarketStandIn();
const market = () => createMassiveMarketData({ apiKey: standIn().apiKey, apiBase: standIn().url });
/** The operator's one key and the shared cache, as the job runs by default. */
const operatorSource = (): MarketSource => ({
  mode: 'operator',
  forMember: async () => ({ market: market(), keys: marketKeys }),
});
/** Provider calls so far for a symbol. */
const calls = (symbol: string) => standIn().requests.filter((r) => r.includes(`/ticker/${symbol}/`)).length;

/** A round trip (buy then sell) on a long-finished Tuesday. */
const trip = (
  symbol: string,
  start: string,
  end: string,
  buy = '0.0041',
  sell = '0.0046',
): ImportedExecution[] => [
  {
    broker: 'das',
    account: 'A1',
    time: marketTime('2024-03-12', start),
    symbol,
    side: 'buy',
    qty: 100_000,
    price: buy,
    fees: '1',
  },
  {
    broker: 'das',
    account: 'A1',
    time: marketTime('2024-03-12', end),
    symbol,
    side: 'sell',
    qty: 100_000,
    price: sell,
    fees: '1',
  },
];

async function trader(executions: ImportedExecution[]) {
  const m = await memberCaller(store);
  const imported = await m.call(importFn, 'journal/trades/import', { executions });
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  const trades = (await m.call(tradesFn, 'journal/trades', {})).body.trades as Trade[];
  const matched = matchRoundTrips(tradesToExecutions(trades), { withFills: true });
  const byId = new Map(trades.map((t) => [t.trade_id, t]));
  /** Each trip's signature as the page works it out. */
  const sigs = Object.fromEntries(
    matched.closed_trades.map((t) => [t.id, tripSignature(t, byId.get(t.fills?.at(-1) ?? '')?.time ?? 0)]),
  );
  const excursions = async () =>
    (await m.call(excursionsFn, 'journal/trades/excursions', {})).body as {
      trips: Record<string, { sig: string; excursion: { state: string; reason?: string } }>;
      pending: boolean;
      answers: Record<string, string>;
    };
  const queued = async () => {
    const score = await store.zscore(marketKeys.queue, m.sub);
    return score === null ? null : Number(score);
  };
  return { ...m, trades, trips: matched.closed_trades, sigs, excursions, queued };
}

describe('MAE/MFE of the whole journal, in the background', () => {
  it('queues a member on import; the job measures every trip; the endpoint answers them with their signatures', async () => {
    const symbol = testSymbol();
    const m = await trader([
      ...trip(symbol, '10:15', '10:42'),
      ...trip(symbol, '13:05', '14:20', '0.0044', '0.0040'),
      ...trip(MISBEHAVING.unknown, '11:00', '11:30'),
    ]);
    expect(m.trips).toHaveLength(3);
    expect(await m.queued()).not.toBeNull();
    expect(await m.excursions()).toEqual({ trips: {}, pending: true, answers: {} });

    // The job takes the due members (other suites' too) until this one is done.
    for (let run = 0; run < 50 && (await m.queued()) !== null; run++)
      await syncExcursions(deps, operatorSource(), 20);
    expect(await m.queued()).toBeNull();

    const answer = await m.excursions();
    expect(answer.pending).toBe(false);
    expect(Object.keys(answer.trips).sort()).toEqual(Object.keys(m.sigs).sort());
    for (const t of m.trips) {
      const stored = answer.trips[t.id];
      expect(stored?.sig).toBe(m.sigs[t.id]);
      if (t.symbol === symbol) expect(stored?.excursion.state).toBe('measured');
      else
        expect(stored?.excursion).toEqual({
          state: 'no data',
          reason: expect.stringContaining('does not know'),
        });
    }

    // The same finished days again: all from the shared cache, the provider is not asked.
    const before = calls(symbol);
    expect(before).toBeGreaterThan(0);
    const again = await refreshExcursions(deps, market(), m.sub, Date.now());
    expect(again).toMatchObject({ trips: 3, stored: 3, retryAt: null });
    expect(calls(symbol)).toBe(before);
    expect((await m.excursions()).trips).toEqual(answer.trips);
  });

  it('stores nothing as "no data" when the provider is over its rate limit, and queues the member again', async () => {
    const symbol = testSymbol();
    const m = await trader([...trip(symbol, '10:15', '10:42'), ...trip(MISBEHAVING.busy, '11:00', '11:30')]);
    const busyTrip = m.trips.find((t) => t.symbol === MISBEHAVING.busy)?.id as string;
    const now = Date.now();
    const outcome = await refreshExcursions(deps, market(), m.sub, now);
    expect(outcome.retryAt).toBe(now + BUSY_RETRY_AFTER_SECONDS * 1000);
    expect(await m.queued()).toBe(now + BUSY_RETRY_AFTER_SECONDS * 1000);
    const { trips, pending } = await m.excursions();
    expect(pending).toBe(true);
    // What could be measured is kept; the refused trip has no figure at all.
    expect(Object.keys(trips)).toHaveLength(1);
    expect(trips[busyTrip]).toBeUndefined();
    expect(Object.values(trips).map((t) => t.excursion.state)).toEqual(['measured']);

    // A figure measured before survives a later refusal.
    const kept = JSON.stringify({
      sig: m.sigs[busyTrip],
      excursion: { state: 'not measurable', reason: 'x' },
    });
    await store.hset(tradeKeys.tripExcursions(m.sub), { [busyTrip]: kept });
    await refreshExcursions(deps, market(), m.sub, Date.now());
    expect((await m.excursions()).trips[busyTrip]?.excursion.state).toBe('not measurable');
  });

  it('queues the member on a trade saved or deleted, a split and a planned risk, not on tags alone', async () => {
    const m = await trader(trip(testSymbol(), '10:15', '10:42'));
    const dequeue = () => store.zrem(marketKeys.queue, m.sub);
    const tripId = m.trips[0]?.id as string;

    await dequeue();
    const tagged = await m.call(tagsUpdateFn, 'journal/trades/tags/update', {
      trip_ids: [tripId],
      define: [{ name: 'Gap', kind: 'setup' }],
    });
    expect(tagged.status).toBe(200);
    expect(await m.queued()).toBeNull();
    const risked = await m.call(tagsUpdateFn, 'journal/trades/tags/update', {
      trip_ids: [tripId],
      risk: '50',
    });
    expect(risked.status).toBe(200);
    expect(await m.queued()).not.toBeNull();

    await dequeue();
    const sell = m.trades.find((t) => t.tradeType === 'sell') as Trade;
    const saved = await m.call(updateFn, 'journal/trades/update', {
      trade_id: sell.trade_id,
      symbol: sell.symbol,
      tradeType: 'sell',
      sellPrice: '0.0047',
      shares: sell.shares,
      time: sell.time,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await m.queued()).not.toBeNull();

    // A member already queued keeps their time (NX).
    await store.zadd(marketKeys.queue, { score: 42, member: m.sub });
    expect(
      (await m.call(deleteFn, 'journal/trades/delete', { trade_id: sell.trade_id }, 'DELETE')).status,
    ).toBe(200);
    expect(await m.queued()).toBe(42);
    await dequeue();
    const split = await m.call(actionsUpdateFn, 'journal/trades/actions/update', {
      add: [
        {
          action_id: 'action_AAAAAAAAAAAAAAAA',
          kind: 'split',
          symbol: sell.symbol,
          date: '2024-03-11',
          ratio: '1/10',
        },
      ],
    });
    expect(split.status, JSON.stringify(split.body)).toBe(200);
    expect(await m.queued()).not.toBeNull();

    await dequeue();
    const gone = await m.call(deleteFn, 'journal/trades/delete', { trade_id: m.trips[0]?.id }, 'DELETE');
    expect(gone.status).toBe(200);
    expect(await m.queued()).not.toBeNull();
    await dequeue();
  });

  it('matches a sale with nothing held as the member answered it, on any device, and measures its trip', async () => {
    const symbol = testSymbol();
    // Sold first, bought back later: nothing in the file says it was a short sale.
    const [buy, sell] = trip(symbol, '10:15', '10:42');
    const m = await trader([
      { ...(sell as ImportedExecution), time: marketTime('2024-03-12', '10:15') },
      { ...(buy as ImportedExecution), time: marketTime('2024-03-12', '10:42') },
    ]);
    expect(m.trips).toHaveLength(0);
    const key = `${symbol}@A1`;
    for (let run = 0; run < 50 && (await m.queued()) !== null; run++)
      await syncExcursions(deps, operatorSource(), 20);
    expect((await m.excursions()).trips).toEqual({});

    // The answer, given on /trades, is kept for the member and queues them for the job.
    const answered = await m.call(answersFn, 'journal/trades/answers', { answers: { [key]: 'short' } });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body).toEqual({ answers: { [key]: 'short' } });
    expect(await m.queued()).not.toBeNull();
    for (let run = 0; run < 50 && (await m.queued()) !== null; run++)
      await syncExcursions(deps, operatorSource(), 20);
    const answer = await m.excursions();
    expect(answer.answers).toEqual({ [key]: 'short' });
    const short = matchRoundTrips(tradesToExecutions(m.trades), {
      withFills: true,
      sellsFromFlat: () => 'short',
    }).closed_trades;
    expect(short).toHaveLength(1);
    expect(answer.trips[short[0]?.id ?? '']?.excursion.state).toBe('measured');

    // The same answer again changes nothing and queues nobody.
    await store.zrem(marketKeys.queue, m.sub);
    expect((await m.call(answersFn, 'journal/trades/answers', { answers: { [key]: 'short' } })).status).toBe(
      200,
    );
    expect(await m.queued()).toBeNull();
  });

  it('keeps at most 1000 answers, refusing the call that would pass them whole, and refuses empty or unknown answers', async () => {
    const m = await trader(trip(testSymbol(), '10:15', '10:42'));
    const many = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`S${i}@A1`, 'held']));
    expect((await m.call(answersFn, 'journal/trades/answers', { answers: many })).status).toBe(200);
    const over = await m.call(answersFn, 'journal/trades/answers', {
      answers: { 'NEW@A1': 'short', 'S1@A1': 'short' },
    });
    expect(over.status).toBe(422);
    expect(over.body.error).toMatch(/at most 1000 answers/);
    const stored = (await m.excursions()).answers;
    expect(Object.keys(stored)).toHaveLength(1000);
    expect(stored['S1@A1']).toBe('held');
    // Changing an answer already kept is not a new one.
    expect(
      (await m.call(answersFn, 'journal/trades/answers', { answers: { 'S1@A1': 'short' } })).status,
    ).toBe(200);
    for (const answers of [{}, { 'X@A1': 'long' }, { '': 'short' }]) {
      const refused = await m.call(answersFn, 'journal/trades/answers', { answers });
      expect(refused.status, JSON.stringify(answers)).toBe(400);
    }
  });

  it('is a scheduled function that runs every minute (npm start runs it, npm run jobs:run finds it)', async () => {
    const jobs = await loadScheduledJobs(new URL('../../functions/', import.meta.url).pathname);
    expect(jobs.find((job) => job.name === 'market-sync')?.schedule).toBe('* * * * *');
  }, 60_000);
});
