import { describe, expect, it } from 'vitest';
import type { ImportedExecution, Trade } from '../../functions/_lib/contract/index.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import { newId } from '../../functions/_lib/ids.ts';
import { tradeKeys } from '../../functions/_lib/trade-store/keys.ts';
import { MAX_TRADES } from '../../functions/_lib/trades/rules.ts';
import tradesFn from '../../functions/journal-trades.ts';
import deleteFn from '../../functions/journal-trades-delete.ts';
import importFn from '../../functions/journal-trades-import.ts';
import updateFn from '../../functions/journal-trades-update.ts';
import { memberCaller } from '../support/members.ts';

// The trade journal's endpoints on real Redis, through the handlers (docs/product.md §7 /api/journal/trades*).
const { store } = getDeps();
const tradeId = () => newId('trade_');

async function member() {
  const { sub, call } = await memberCaller(store);
  return {
    sub,
    save: (trade: Record<string, unknown>) => call(updateFn, 'journal/trades/update', trade),
    remove: (trade_id: string) => call(deleteFn, 'journal/trades/delete', { trade_id }, 'DELETE'),
    list: async (body: Record<string, unknown> = {}) =>
      (await call(tradesFn, 'journal/trades', body)).body as {
        trades: Trade[];
        more: boolean;
        total: number;
      },
    import: (executions: ImportedExecution[]) => call(importFn, 'journal/trades/import', { executions }),
    check: (executions: ImportedExecution[]) =>
      call(importFn, 'journal/trades/import', { executions, dryRun: true }),
  };
}
type Member = Awaited<ReturnType<typeof member>>;

const buy = {
  symbol: 'abcd',
  tradeType: 'buy',
  buyPrice: '0,0042',
  shares: '3000000',
  note: '  Gap play! <b>',
};

async function saved(m: Member, fields: Record<string, unknown> = {}) {
  const answer = await m.save({ trade_id: tradeId(), ...buy, ...fields });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { trade: Trade }).trade;
}

const execution = (over: Partial<ImportedExecution> = {}): ImportedExecution => ({
  broker: 'tradezero',
  account: 'TZ-1',
  time: Date.UTC(2026, 2, 17, 13, 30),
  symbol: 'AITX',
  side: 'buy',
  qty: 1_000_000,
  price: '0.0061',
  fees: '5.27',
  orderId: 'o1',
  ...over,
});

describe('typed trades', () => {
  it('saves a trade with exact sub-penny prices, a cleaned symbol and note, and lists it', async () => {
    const m = await member();
    const trade = await saved(m, { time: 1_700_000_000_000 });
    expect(trade).toMatchObject({
      symbol: 'ABCD',
      tradeType: 'buy',
      buyPrice: '0.0042',
      sellPrice: null,
      sellProfit: null,
      shares: '3000000',
      note: 'Gap play! b',
      time: 1_700_000_000_000,
      source: 'manual',
    });
    expect(await m.list()).toEqual({ trades: [trade], more: false, total: 1 });
  });

  it('works out sellProfit from the prices for a sell, never from the client', async () => {
    const m = await member();
    const win = await saved(m, {
      tradeType: 'sell',
      buyPrice: '0.0042',
      sellPrice: '0.0051',
      sellProfit: '-',
    });
    expect(win).toMatchObject({ sellPrice: '0.0051', sellProfit: '+' });
    const loss = await saved(m, { tradeType: 'sell', buyPrice: '0.0051', sellPrice: '0.0042' });
    expect(loss.sellProfit).toBe('-');
  });

  it('edits a trade in place, moving it between symbol lists', async () => {
    const m = await member();
    const trade = await saved(m);
    const edited = await m.save({ ...buy, trade_id: trade.trade_id, symbol: 'EFGH', shares: 10 });
    expect(edited.status).toBe(200);
    expect((await m.list({ filter: { symbol: 'ABCD' } })).trades).toEqual([]);
    expect((await m.list({ filter: { symbol: '$efgh' } })).trades.map((t) => t.shares)).toEqual(['10']);
    expect((await m.list()).total).toBe(1);
  });

  it.each([
    [{ symbol: '$$$' }, 'Please enter a stock symbol'],
    [{ buyPrice: '' }, 'Please enter a trade price'],
    [{ buyPrice: '0.00042' }, 'Please enter a valid trade price'],
    [{ buyPrice: '1.2.3' }, 'Please enter a valid trade price'],
    [{ buyPrice: 'abc' }, 'Please enter a valid trade price'],
    [{ tradeType: 'sell', sellPrice: '0,00001' }, 'Please enter a valid trade price'],
    [{ shares: '' }, 'Please enter the number of shares'],
    [{ shares: '10.5' }, 'Please enter a valid number of shares'],
    [{ shares: '0' }, 'Please enter a valid number of shares'],
    [{ trade_id: 'trade_short' }, 'trade_id: use a trade id (trade_ and 16 letters or digits)'],
    [{ tradeType: 'hold' }, 'tradeType: buy or sell'],
  ])('refuses %j with 400 and the form’s message', async (fields, error) => {
    const m = await member();
    const answer = await m.save({ trade_id: tradeId(), ...buy, ...fields });
    expect(answer).toEqual({ status: 400, body: { error } });
    expect((await m.list()).total).toBe(0);
  });

  it('deletes a trade, once', async () => {
    const m = await member();
    const trade = await saved(m);
    expect(await m.remove(trade.trade_id)).toEqual({ status: 200, body: { deleted: true } });
    expect(await m.remove(trade.trade_id)).toEqual({ status: 200, body: { deleted: false } });
    expect((await m.list()).total).toBe(0);
  });

  it('filters by time range and side, newest first, 100 a page', async () => {
    const m = await member();
    const pipe = store.pipeline();
    for (let i = 0; i < 150; i++) {
      const id = `trade_${String(i).padStart(16, '0')}`;
      const trade: Trade = {
        trade_id: id,
        symbol: 'ABCD',
        tradeType: i % 2 ? 'sell' : 'buy',
        shares: '100',
        buyPrice: '0.01',
        sellPrice: i % 2 ? '0.02' : null,
        sellProfit: i % 2 ? '+' : null,
        fees: '0',
        note: '',
        time: 1000 + i,
        updated: 1000 + i,
        source: 'manual',
        account: null,
        intent: null,
        fingerprint: null,
      };
      pipe.set(tradeKeys.trade(m.sub, id), JSON.stringify(trade));
      pipe.zadd(tradeKeys.trades(m.sub), { score: 1000 + i, member: id });
    }
    await pipe.exec();
    const first = await m.list();
    expect(first.trades).toHaveLength(100);
    expect(first.trades[0]?.time).toBe(1149);
    expect(first).toMatchObject({ more: true, total: 150 });
    expect((await m.list({ page: 1 })).trades).toHaveLength(50);
    const range = await m.list({ filter: { from: 1010, to: 1019 } });
    expect(range.trades.map((t) => t.time)).toEqual([
      1019, 1018, 1017, 1016, 1015, 1014, 1013, 1012, 1011, 1010,
    ]);
    const sells = await m.list({ filter: { side: 'sell', from: 1000, to: 1009 } });
    expect(sells.trades.map((t) => t.time)).toEqual([1009, 1007, 1005, 1003, 1001]);
  });

  it('filters on open or closed positions by the round-trip rule', async () => {
    const m = await member();
    const at = (minute: number) => Date.UTC(2026, 2, 17, 14, minute);
    await m.import([
      execution({ symbol: 'AITX', side: 'buy', qty: 1000, time: at(0), orderId: 'a1' }),
      execution({ symbol: 'AITX', side: 'sell', qty: 1000, time: at(1), orderId: 'a2' }),
      execution({ symbol: 'AITX', side: 'buy', qty: 500, time: at(2), orderId: 'a3' }),
      execution({ symbol: 'ALPP', side: 'sell', qty: 200, time: at(3), orderId: 'b1', intent: 'open' }),
      execution({ symbol: 'ALPP', side: 'buy', qty: 200, time: at(4), orderId: 'b2', intent: 'close' }),
    ]);
    const orders = async (filter: Record<string, unknown>) =>
      (await m.list({ filter })).trades.map((t) => [t.symbol, t.time]);
    expect(await orders({ status: 'open' })).toEqual([['AITX', at(2)]]);
    expect(await orders({ status: 'closed' })).toEqual([
      ['ALPP', at(4)],
      ['ALPP', at(3)],
      ['AITX', at(1)],
      ['AITX', at(0)],
    ]);
    expect(await orders({ status: 'closed', symbol: '$aitx', side: 'buy' })).toEqual([['AITX', at(0)]]);
    expect(await orders({ status: 'closed', from: at(1), to: at(3) })).toEqual([
      ['ALPP', at(3)],
      ['AITX', at(1)],
    ]);
    // Closing the position moves its trades to closed.
    await m.import([execution({ symbol: 'AITX', side: 'sell', qty: 500, time: at(5), orderId: 'a4' })]);
    expect(await orders({ status: 'open' })).toEqual([]);
    expect((await m.list({ filter: { status: 'closed' } })).total).toBe(6);
    // A symbol of only special characters names none of them.
    expect(await m.list({ filter: { symbol: '$$$' } })).toEqual({ trades: [], more: false, total: 0 });
    const bad = await m.list({ filter: { status: 'shut' } });
    expect(bad).toMatchObject({ error: expect.stringContaining('filter.status') });
  });

  it(`refuses a trade past ${MAX_TRADES.toLocaleString('en-US')} with a clear 422`, async () => {
    const m = await member();
    const pipe = store.pipeline();
    for (let i = 0; i < MAX_TRADES; i += 5000) {
      const batch = Array.from({ length: 5000 }, (_, j) => ({
        score: i + j,
        member: `trade_${String(i + j).padStart(16, '0')}`,
      }));
      pipe.zadd(tradeKeys.trades(m.sub), ...(batch as [{ score: number; member: string }]));
    }
    await pipe.exec();
    const refused = await m.save({ trade_id: tradeId(), ...buy });
    expect(refused).toEqual({
      status: 422,
      body: { error: 'Your journal holds at most 100,000 trades. Delete some to add more.' },
    });
    expect((await m.import([execution()])).status).toBe(422);
  });

  it('concurrent edits of one trade leave exactly one, in one symbol list; conflicts are 409s', async () => {
    const m = await member();
    const trade = await saved(m, { symbol: 'AAAA' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        m.save({ ...buy, trade_id: trade.trade_id, symbol: i % 2 ? 'BBBB' : 'CCCC', shares: String(i + 1) }),
      ),
    );
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    const { trades } = await m.list();
    expect(trades).toHaveLength(1);
    const symbol = trades[0]?.symbol ?? '';
    for (const name of ['AAAA', 'BBBB', 'CCCC'])
      expect(await store.zcard(tradeKeys.symbol(m.sub, name))).toBe(name === symbol ? 1 : 0);
  });

  it('200 concurrent writes by one member are all there', async () => {
    const m = await member();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => m.save({ trade_id: tradeId(), ...buy, shares: String(i + 1) })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(200).fill(200));
    const listed = [...(await m.list()).trades, ...(await m.list({ page: 1 })).trades];
    expect(listed.map((t) => Number(t.shares)).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
  });
});

describe('imports', () => {
  it('adds a batch, and the same batch again adds nothing', async () => {
    const m = await member();
    const batch = [
      execution(),
      execution({ price: '0.0062', qty: 500_000, orderId: 'o2' }),
      execution({
        side: 'sell',
        price: '0.00435',
        time: Date.UTC(2026, 2, 17, 14),
        orderId: 'o3',
        intent: 'close',
      }),
    ];
    expect(await m.import(batch)).toEqual({ status: 200, body: { added: 3, duplicates: 0, total: 3 } });
    expect(await m.import(batch)).toEqual({ status: 200, body: { added: 0, duplicates: 3, total: 3 } });
    const trades = (await m.list()).trades;
    expect(trades[0]).toMatchObject({
      tradeType: 'sell',
      sellPrice: '0.00435',
      intent: 'close',
      source: 'tradezero',
    });
    expect(trades.map((t) => t.fees)).toEqual(['5.27', '5.27', '5.27']);
  });

  it('keeps each execution’s currency (USD when none is sent), so CAD is never added to USD', async () => {
    const m = await member();
    await m.import([
      execution(),
      execution({ symbol: 'WEED.TO', currency: 'CAD', price: '1.5', qty: 1000, orderId: 'c1' }),
    ]);
    const trades = (await m.list()).trades;
    expect(trades.map((t) => [t.symbol, t.currency]).sort()).toEqual([
      ['AITX', 'USD'],
      ['WEED.TO', 'CAD'],
    ]);
    const answer = await m.import([execution({ currency: 'dollars', orderId: 'c2' })]);
    expect(answer.status).toBe(400);
  });

  it('a dry run counts what would be added and writes nothing', async () => {
    const m = await member();
    const first = [execution(), execution({ orderId: 'o2' })];
    const both = [...first, execution({ orderId: 'o3' }), execution({ orderId: 'o4' })];
    expect((await m.check(first)).body).toEqual({ added: 2, duplicates: 0, total: 2 });
    expect((await m.list()).total).toBe(0);
    await m.import(first);
    expect((await m.check(both)).body).toEqual({ added: 2, duplicates: 2, total: 4 });
    expect((await m.list()).total).toBe(2);
    // Another member's identical executions are new to them: fingerprints are per member.
    const other = await member();
    expect((await other.check(both)).body).toEqual({ added: 4, duplicates: 0, total: 4 });
  });

  it('writes nothing from a batch with one bad row, and names the row', async () => {
    const m = await member();
    const answer = await m.import([execution(), execution({ price: '0,0061', orderId: 'x' })]);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('executions.1.price: use a decimal number, e.g. 0.0042');
    expect((await m.list()).total).toBe(0);
  });

  it('refuses a zero or negative imported price, naming the row', async () => {
    const m = await member();
    const refused: Array<[string, string]> = [
      ['0', 'use a price above 0'],
      ['0.0000', 'use a price above 0'],
      ['-0.5', 'use a decimal number, e.g. 0.0042'],
    ];
    for (const [price, reason] of refused) {
      const answer = await m.import([execution(), execution({ price, orderId: 'bad' })]);
      expect(answer).toEqual({ status: 400, body: { error: `executions.1.price: ${reason}` } });
    }
    // A rebate is a negative fee, and stays allowed.
    expect((await m.import([execution({ fees: '-0.20' })])).status).toBe(200);
  });

  it('keeps identical rows of one file apart by their occurrence', async () => {
    const m = await member();
    const twins = [execution({ orderId: null }), execution({ orderId: null, occurrence: 2 })];
    expect((await m.import(twins)).body).toEqual({ added: 2, duplicates: 0, total: 2 });
    expect((await m.import(twins)).body).toEqual({ added: 0, duplicates: 2, total: 2 });
  });

  it('refuses an execution of no broker format the importer reads, naming the row, and writes nothing', async () => {
    const m = await member();
    const answer = await m.import([execution(), execution({ broker: 'mystery', orderId: 'x' })]);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/^executions\.1\.broker: use the id of a broker format/);
    expect((await m.check([execution({ broker: 'mystery' })])).status).toBe(400);
    expect((await m.list()).total).toBe(0);
    // A file read through the member's own column mapping is a known source too.
    expect((await m.import([execution({ broker: 'custom' })])).body).toMatchObject({ added: 1 });
  });

  it('works out each fingerprint itself: one sent cannot make a new execution pass for a stored one', async () => {
    const m = await member();
    await m.import([execution()]);
    const [stored] = (await m.list()).trades;
    const forged = { ...execution({ orderId: 'o9' }), fingerprint: stored?.fingerprint } as ImportedExecution;
    expect((await m.import([forged])).body).toEqual({ added: 1, duplicates: 0, total: 2 });
    const fingerprints = (await m.list()).trades.map((t) => t.fingerprint);
    expect(new Set(fingerprints).size).toBe(2);
  });

  it('a deleted imported execution can be imported again', async () => {
    const m = await member();
    await m.import([execution()]);
    const [trade] = (await m.list()).trades;
    await m.remove(trade?.trade_id ?? '');
    expect((await m.import([execution()])).body).toEqual({ added: 1, duplicates: 0, total: 1 });
  });
});

describe("one member's trades are out of another's reach", () => {
  it("member B with A's trade_id reads, edits and deletes nothing of A's", async () => {
    const [a, b] = [await member(), await member()];
    const trade = await saved(a);
    const before = await a.list();
    expect((await b.list()).total).toBe(0);
    expect(await b.remove(trade.trade_id)).toEqual({ status: 200, body: { deleted: false } });
    const overwrite = await b.save({ ...buy, trade_id: trade.trade_id, custID: 'cus_of_a', shares: '1' });
    expect(overwrite.status).toBe(200);
    expect(await a.list()).toEqual(before);
  });
});
