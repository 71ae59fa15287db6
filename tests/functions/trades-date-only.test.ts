import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ImportedExecution, Trade } from '../../functions/_lib/contract/index.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import { analyzeFile } from '../../functions/_lib/trades/import-file.ts';
import { matchRoundTrips } from '../../functions/_lib/trades/round-trips.ts';
import { computeStats } from '../../functions/_lib/trades/stats.ts';
import { tradesToExecutions } from '../../functions/_lib/trades/stored-trades.ts';
import tradesFn from '../../functions/journal-trades.ts';
import importFn from '../../functions/journal-trades-import.ts';
import updateFn from '../../functions/journal-trades-update.ts';
import { toImportedExecution } from '../../member-app/trades/import/to-api.ts';
import { memberCaller } from '../support/members.ts';

// A broker file with dates only (Schwab) on real Redis, through the handlers: its executions are
// stored and listed date-only, read back as dates, and the same file again adds nothing.
const { store } = getDeps();

async function member() {
  const { call } = await memberCaller(store);
  return {
    import: (executions: ImportedExecution[]) => call(importFn, 'journal/trades/import', { executions }),
    save: (trade: Record<string, unknown>) => call(updateFn, 'journal/trades/update', trade),
    list: async () =>
      ((await call(tradesFn, 'journal/trades', {})).body as { trades: Trade[]; total: number }).trades,
  };
}

const fixture = (file: string, date?: string) =>
  analyzeFile(
    readFileSync(new URL(`../fixtures/brokers/${file}`, import.meta.url), 'utf8'),
    date ? { date } : {},
  );
const schwab = fixture('schwab.csv').executions.map(toImportedExecution);

describe('a dates-only file', () => {
  it('is stored and listed date-only, and read back as dates, never a made-up midnight', async () => {
    const m = await member();
    expect((await m.import(schwab)).body).toEqual({ added: 7, duplicates: 0, total: 7 });
    const trades = await m.list();
    expect(trades).toHaveLength(7);
    expect(trades.every((t) => t.dateOnly === true)).toBe(true);
    // Each keeps the instant the reader gave: its day's midnight in New York (04:00 UTC in March).
    expect(new Set(trades.map((t) => new Date(t.time).toISOString()))).toEqual(
      new Set(['2026-03-24T04:00:00.000Z', '2026-03-25T04:00:00.000Z']),
    );
    const executions = tradesToExecutions(trades);
    expect(new Set(executions.map((e) => e.time))).toEqual(new Set(['2026-03-24', '2026-03-25']));
    // The fixtures README: 3 trades, −172.33 net; none in an hour, two same-day ones of unknown hold.
    const stats = computeStats(matchRoundTrips(executions).closed_trades);
    expect(stats).toMatchObject({ count: 3, net: '-172.3300', by_hour: {} });
    expect(stats.time_unknown).toEqual({ by_hour: 3, by_hold_time: 2 });
    expect(Object.keys(stats.by_day)).toEqual(['2026-03-24', '2026-03-25']);
  });

  it('adds nothing the second time, nor when sent without the flag: it is not part of the fingerprint', async () => {
    const m = await member();
    await m.import(schwab);
    expect((await m.import(schwab)).body).toEqual({ added: 0, duplicates: 7, total: 7 });
    const unflagged = schwab.map(({ dateOnly: _, ...rest }) => rest);
    expect((await m.import(unflagged)).body).toEqual({ added: 0, duplicates: 7, total: 7 });
  });

  it('keeps a timed file’s executions without the flag, beside a dates-only one', async () => {
    const m = await member();
    const das = fixture('das.csv', '2026-03-16').executions.map(toImportedExecution);
    expect((await m.import(das)).status).toBe(200);
    await m.import(schwab);
    const trades = await m.list();
    expect(trades.filter((t) => t.source === 'das').some((t) => 'dateOnly' in t)).toBe(false);
    expect(trades.filter((t) => t.source === 'schwab').every((t) => t.dateOnly)).toBe(true);
  });

  it('stays date-only through an edit that keeps its time, and takes the time of day a member gives', async () => {
    const m = await member();
    await m.import(schwab);
    const [trade] = await m.list();
    if (!trade) throw new Error('no trade listed');
    const edit = {
      trade_id: trade.trade_id,
      symbol: trade.symbol,
      tradeType: trade.tradeType,
      buyPrice: trade.buyPrice,
      sellPrice: trade.sellPrice,
      shares: trade.shares,
      updated: trade.updated,
    };
    const noted = await m.save({ ...edit, note: 'from the monthly statement' });
    expect((noted.body as { trade: Trade }).trade).toMatchObject({ dateOnly: true, time: trade.time });
    const timed = trade.time + (9 * 60 + 45) * 60_000; // 09:45 that day in New York
    const given = await m.save({ ...edit, time: timed });
    const saved = (given.body as { trade: Trade }).trade;
    expect(saved.time).toBe(timed);
    expect(saved.dateOnly).toBeUndefined();
    expect((await m.list()).find((t) => t.trade_id === trade.trade_id)?.dateOnly).toBeUndefined();
  });
});
