import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDeps } from '../../functions/_lib/deps.ts';
import type { Bar, BarsAnswer } from '../../functions/_lib/market/bars.ts';
import { marketTime } from '../../functions/_lib/market/market-day.ts';
import { createMassiveMarketData } from '../../functions/_lib/market/massive.ts';
import { BUSY_RETRY_AFTER_SECONDS, MISBEHAVING } from '../../scripts/local/market-data.ts';
import { saveStoredTrade, suiteMarketStandIn, testSymbol } from '../support/market-stand-in.ts';

// The local market-data stand-in, through the production client, against the test store's trades.

const standIn = suiteMarketStandIn();
const client = (apiKey = standIn().apiKey) => createMassiveMarketData({ apiKey, apiBase: standIn().url });
const bars = (answer: BarsAnswer): Bar[] => {
  if (answer.kind !== 'bars') throw new Error(`expected bars, got ${JSON.stringify(answer)}`);
  return answer.bars;
};
const contains = (bar: Bar | undefined, price: string) =>
  bar !== undefined && bar.l <= Number(price) && Number(price) <= bar.h;

describe('the local market-data stand-in', () => {
  it('bends its bars through every fill: each fill lies in its minute bar and its day bar', async () => {
    const store = getDeps().store;
    const symbol = testSymbol();
    const [alice, bob] = [`auth0|${randomUUID()}`, `auth0|${randomUUID()}`];
    const at = (day: string, time: string, seconds = 0) => marketTime(day, time) + seconds * 1000;
    const timed = [
      await saveStoredTrade(store, alice, {
        symbol,
        buyPrice: '0.000412',
        shares: '2500000',
        time: at('2024-03-12', '10:15', 30),
      }),
      // Another member in the same minute at another price: the bar holds both.
      await saveStoredTrade(store, bob, {
        symbol,
        buyPrice: '0.00039',
        shares: '1000000',
        time: at('2024-03-12', '10:15', 5),
      }),
      await saveStoredTrade(store, alice, {
        symbol,
        tradeType: 'sell',
        buyPrice: null,
        sellPrice: '0.00061',
        shares: '2500000',
        time: at('2024-03-12', '14:02', 44),
      }),
      // Pre-market.
      await saveStoredTrade(store, bob, {
        symbol,
        buyPrice: '0.0004',
        shares: '500000',
        time: at('2024-03-13', '07:31'),
      }),
      // An overnight session, after the after-hours close.
      await saveStoredTrade(store, bob, {
        symbol,
        tradeType: 'sell',
        buyPrice: null,
        sellPrice: '0.00042',
        shares: '500000',
        time: at('2024-03-13', '21:10', 12),
      }),
    ];
    const dateOnly = await saveStoredTrade(store, alice, {
      symbol,
      buyPrice: '0.000455',
      shares: '300000',
      time: at('2024-03-14', '00:00'),
      dateOnly: true,
    });

    const minutes = bars(
      await client().fetchBars({ symbol, resolution: 'minute', from: '2024-03-12', to: '2024-03-14' }),
    );
    for (const trade of timed) {
      const minute = Math.floor(trade.time / 60_000) * 60_000;
      const price = trade.sellPrice ?? trade.buyPrice ?? '';
      expect(
        contains(
          minutes.find((bar) => bar.t === minute),
          price,
        ),
        `${price} at ${minute}`,
      ).toBe(true);
      const fillBar = minutes.find((bar) => bar.t === minute) as Bar;
      expect(fillBar.v).toBeGreaterThanOrEqual(Number(trade.shares));
      // The walk passes through the fill, so the bar is not one giant wick stretched to reach it.
      expect(fillBar.h / fillBar.l).toBeLessThan(1.2);
    }
    // The date-only fill is in some regular-session minute of its day, and in its day bar.
    const day14 = minutes.filter(
      (bar) => bar.t >= at('2024-03-14', '09:30') && bar.t < at('2024-03-14', '16:00'),
    );
    expect(day14.some((bar) => contains(bar, '0.000455'))).toBe(true);
    const days = bars(
      await client().fetchBars({ symbol, resolution: 'day', from: '2024-03-11', to: '2024-03-15' }),
    );
    expect(days.map((bar) => bar.t)).toEqual(
      ['2024-03-11', '2024-03-12', '2024-03-13', '2024-03-14', '2024-03-15'].map((day) => at(day, '00:00')),
    );
    expect(
      contains(days[1], '0.000412') && contains(days[1], '0.00039') && contains(days[1], '0.00061'),
    ).toBe(true);
    expect(contains(days[2], '0.0004') && contains(days[2], '0.00042')).toBe(true);
    expect(contains(days[3], dateOnly.buyPrice ?? '')).toBe(true);
  });

  it('answers the same bars twice, with minutes without trades and sub-penny prices kept', async () => {
    const store = getDeps().store;
    const symbol = testSymbol();
    await saveStoredTrade(store, `auth0|${randomUUID()}`, {
      symbol,
      buyPrice: '0.0003',
      shares: '1000000',
      time: marketTime('2024-03-12', '11:00'),
    });
    const ask = () =>
      client().fetchBars({ symbol, resolution: 'minute', from: '2024-03-12', to: '2024-03-12' });
    const first = bars(await ask());
    expect(bars(await ask())).toEqual(first);
    // A thin stock: fewer bars than the 960 extended-hours minutes, with holes between them.
    expect(first.length).toBeGreaterThan(100);
    expect(first.length).toBeLessThan(960);
    expect(first.some((bar, i) => i > 0 && bar.t - (first[i - 1] as Bar).t > 60_000)).toBe(true);
    expect(
      first.every((bar) => bar.l > 0 && bar.l <= Math.min(bar.o, bar.c) && bar.h >= Math.max(bar.o, bar.c)),
    ).toBe(true);
    // Sub-penny prices keep their places: not rounded to cents, nor to zero.
    expect(first.every((bar) => bar.h < 0.01)).toBe(true);
    expect(first.some((bar) => /^0\.000\d{1,3}$/.test(String(bar.o)))).toBe(true);
    expect(first.every((bar) => bar.v > 0)).toBe(true);
    // A weekend has no bars, and the symbol is still known.
    expect(
      await client().fetchBars({ symbol, resolution: 'minute', from: '2024-03-16', to: '2024-03-17' }),
    ).toEqual({
      kind: 'bars',
      bars: [],
    });
  });

  it('misbehaves on its reserved tickers, a wrong key and adjusted bars', async () => {
    const ask = (symbol: string, apiKey?: string) =>
      client(apiKey).fetchBars({ symbol, resolution: 'minute', from: '2024-03-12', to: '2024-03-12' });
    expect(await ask(MISBEHAVING.unknown)).toEqual({ kind: 'unknown-symbol' });
    expect(await ask(MISBEHAVING.down)).toMatchObject({ kind: 'unavailable', reason: 'down' });
    expect(await ask(MISBEHAVING.busy)).toMatchObject({
      kind: 'unavailable',
      reason: 'rate-limited',
      retryAfterMs: BUSY_RETRY_AFTER_SECONDS * 1000,
    });
    expect(await ask(MISBEHAVING.denied)).toMatchObject({ kind: 'unavailable', reason: 'not-authorized' });
    expect(await ask('ABCD', 'not-the-key')).toMatchObject({ kind: 'unavailable', reason: 'not-authorized' });
    const path = '/v2/aggs/ticker/ABCD/range/1/minute/2024-03-12/2024-03-12';
    const adjusted = await fetch(`${standIn().url}${path}?apiKey=${standIn().apiKey}`);
    expect(adjusted.status).toBe(400);
    expect((await adjusted.json()).error).toMatch(/adjusted=false/);
  });

  it('pages past its limit with next_url', async () => {
    const symbol = testSymbol();
    const path = `/v2/aggs/ticker/${symbol}/range/1/minute/2024-03-12/2024-03-13`;
    const first = await (
      await fetch(`${standIn().url}${path}?adjusted=false&limit=100&apiKey=${standIn().apiKey}`)
    ).json();
    expect(first.results).toHaveLength(100);
    expect(first.next_url).toMatch(/cursor=100/);
    expect(first.next_url).not.toMatch(/apiKey/);
    const second = await (await fetch(`${first.next_url}&apiKey=${standIn().apiKey}`)).json();
    expect(second.results[0].t).toBeGreaterThan(first.results[99].t);
    const all = bars(
      await client().fetchBars({ symbol, resolution: 'minute', from: '2024-03-12', to: '2024-03-13' }),
    );
    expect(all.slice(0, 200)).toEqual(
      [...first.results, ...second.results]
        .slice(0, 200)
        .map(({ t, o, h, l, c, v }) => ({ t, o, h, l, c, v })),
    );
  });
});
