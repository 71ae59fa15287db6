import { describe, expect, it } from 'vitest';
import type { Trade } from '../../functions/_lib/contract/index.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import { newId } from '../../functions/_lib/ids.ts';
import { matchRoundTrips } from '../../functions/_lib/trades/round-trips.ts';
import { CLOCK_SKEW_MS } from '../../functions/_lib/trades/rules.ts';
import { computeStats } from '../../functions/_lib/trades/stats.ts';
import { tradesToExecutions } from '../../functions/_lib/trades/stored-trades.ts';
import tradesFn from '../../functions/journal-trades.ts';
import updateFn from '../../functions/journal-trades-update.ts';
import { memberCaller } from '../support/members.ts';

// A typed trade's side, time and fees on real Redis, through the handler (docs/product.md §5 Trade form).
const { store } = getDeps();
const DAY = 86_400_000;

async function member() {
  const { call } = await memberCaller(store);
  return {
    save: (trade: Record<string, unknown>) =>
      call(updateFn, 'journal/trades/update', { trade_id: newId('trade_'), ...trade }),
    list: async () => ((await call(tradesFn, 'journal/trades', {})).body as { trades: Trade[] }).trades,
  };
}

const buy = { symbol: 'ABCD', tradeType: 'buy', buyPrice: '0.0042', shares: '1000000' };

describe('a typed trade’s time and fees', () => {
  it('logs yesterday’s sell at its own price and time with its fees, and the statistics follow', async () => {
    const m = await member();
    const yesterday = Date.now() - DAY;
    expect((await m.save({ ...buy, time: yesterday - 3_600_000, fees: '0.99' })).status).toBe(200);
    const sell = await m.save({
      symbol: 'ABCD',
      tradeType: 'sell',
      sellPrice: '0,0051',
      shares: '1000000',
      time: yesterday,
      fees: '1.5',
    });
    expect(sell.status, JSON.stringify(sell.body)).toBe(200);
    expect((sell.body as { trade: Trade }).trade).toMatchObject({
      tradeType: 'sell',
      buyPrice: null,
      sellPrice: '0.0051',
      sellProfit: null,
      fees: '1.5',
      time: yesterday,
    });
    const trades = await m.list();
    const { closed_trades } = matchRoundTrips(tradesToExecutions(trades));
    const stats = computeStats(closed_trades);
    const day = new Date(yesterday).toISOString().slice(0, 10);
    // 1,000,000 × (0.0051 − 0.0042) = 900, less 0.99 and 1.50 of fees.
    expect(Object.keys(stats.by_day)).toEqual([day]);
    expect(Number(stats.by_day[day]?.net)).toBe(897.51);
    expect(Number(stats.by_day[day]?.fees)).toBe(2.49);
  });

  it('keeps the stored time and fees when an edit sends none, and takes new ones', async () => {
    const m = await member();
    const first = await m.save({ ...buy, time: 1_700_000_000_000, fees: '2' });
    const saved = (first.body as { trade: Trade }).trade;
    const kept = await m.save({ ...buy, trade_id: saved.trade_id, note: 'edited' });
    expect((kept.body as { trade: Trade }).trade).toMatchObject({ time: 1_700_000_000_000, fees: '2' });
    const changed = await m.save({ ...buy, trade_id: saved.trade_id, fees: '0', time: 1_600_000_000_000 });
    expect((changed.body as { trade: Trade }).trade).toMatchObject({ time: 1_600_000_000_000, fees: '0' });
  });

  it('takes a time a few seconds ahead (a device clock running fast)', async () => {
    const m = await member();
    expect((await m.save({ ...buy, time: Date.now() + CLOCK_SKEW_MS / 2 })).status).toBe(200);
  });

  it.each([
    [{ time: Date.now() + 10 * 60_000 }, 'The trade time cannot be in the future'],
    [{ time: Date.now() + 400 * DAY }, 'The trade time cannot be in the future'],
    [{ time: 1.5 }, 'time: Invalid input: expected int, received number'],
    [{ fees: '-1' }, 'Please enter valid fees: 0 or more, e.g. 1.99'],
    [{ fees: 'abc' }, 'Please enter valid fees: 0 or more, e.g. 1.99'],
    [{ fees: '1.123456789' }, 'Please enter valid fees: 0 or more, e.g. 1.99'],
    [{ fees: 3 }, 'fees: Please enter valid fees: 0 or more, e.g. 1.99'],
    [{ tradeType: 'sell', buyPrice: null, sellPrice: '' }, 'Please enter a trade price'],
    [{ tradeType: 'sell', buyPrice: null, sellPrice: '0.00001' }, 'Please enter a valid trade price'],
    [{ buyPrice: null }, 'Please enter a trade price'],
  ])('refuses %j with 400 and a clear message, writing nothing', async (fields, error) => {
    const m = await member();
    const answer = await m.save({ ...buy, ...fields });
    expect(answer.status).toBe(400);
    expect((answer.body as { error: string }).error).toBe(error);
    expect(await m.list()).toEqual([]);
  });
});
