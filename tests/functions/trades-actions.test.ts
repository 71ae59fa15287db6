import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Trade, TradeAction } from '../../functions/_lib/contract/index.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import { newId } from '../../functions/_lib/ids.ts';
import { tradeKeys } from '../../functions/_lib/trade-store/keys.ts';
import { detect } from '../../functions/_lib/trades/brokers/index.ts';
import { readRows } from '../../functions/_lib/trades/brokers/table.ts';
import { matchRoundTrips } from '../../functions/_lib/trades/round-trips.ts';
import { fileActionInput, MAX_ACTIONS, storedActions } from '../../functions/_lib/trades/stored-actions.ts';
import { tradesToExecutions } from '../../functions/_lib/trades/stored-trades.ts';
import tradesFn from '../../functions/journal-trades.ts';
import actionsFn from '../../functions/journal-trades-actions.ts';
import updateFn from '../../functions/journal-trades-actions-update.ts';
import importFn from '../../functions/journal-trades-import.ts';
import { toImportedExecution } from '../../member-app/trades/import/to-api.ts';
import { memberCaller } from '../support/members.ts';

// The member's splits and symbol changes, on real Redis through the handlers: every refusal writes nothing.
const { store } = getDeps();

async function member() {
  const { sub, call } = await memberCaller(store);
  const list = async () =>
    (await call(actionsFn, 'journal/trades/actions', {})).body.actions as TradeAction[];
  const edit = (body: Record<string, unknown>) => call(updateFn, 'journal/trades/actions/update', body);
  const stored = () => store.hgetall(tradeKeys.actions(sub));
  return { sub, call, list, edit, stored };
}

const split = (over: Record<string, unknown> = {}) => ({
  action_id: newId('action_'),
  kind: 'split',
  symbol: 'AVGO',
  date: '2024-07-15',
  ratio: '10/1',
  ...over,
});

describe('journal/trades/actions', () => {
  it('is empty for a new member', async () => {
    const m = await member();
    expect(await m.list()).toEqual([]);
  });

  it('adds a split and a symbol change, cleans their symbols, and lists them by date', async () => {
    const m = await member();
    const rename = {
      action_id: newId('action_'),
      kind: 'rename',
      symbol: '$bsrc',
      toSymbol: 'newh',
      date: '2021-04-30',
    };
    const first = split({ symbol: ' avgo ' });
    const answer = await m.edit({ add: [first, rename] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const expected = [
      expect.objectContaining({
        action_id: rename.action_id,
        kind: 'rename',
        symbol: 'BSRC',
        toSymbol: 'NEWH',
        date: '2021-04-30',
        time: null,
        ratio: null,
        source: 'entered',
        account: null,
      }),
      expect.objectContaining({ action_id: first.action_id, kind: 'split', symbol: 'AVGO', ratio: '10/1' }),
    ];
    expect(answer.body.actions).toEqual(expected);
    expect(await m.list()).toEqual(expected);
  });

  it('replaces an action sent again under its id, and deletes by id (an unknown id is no error)', async () => {
    const m = await member();
    const first = split();
    await m.edit({ add: [first] });
    const again = await m.edit({ add: [{ ...first, ratio: '20/1' }], delete_ids: [newId('action_')] });
    expect(again.status).toBe(200);
    expect((again.body.actions as TradeAction[]).map((a) => a.ratio)).toEqual(['20/1']);
    const deleted = await m.edit({ delete_ids: [first.action_id] });
    expect(deleted.body).toEqual({ actions: [] });
    expect(await m.stored()).toEqual([]);
  });

  const refusals: Array<[string, Record<string, unknown>, number, RegExp]> = [
    ['a symbol that is none', { add: [split({ symbol: '%%' })] }, 400, /stock symbol/],
    ['a day that does not exist', { add: [split({ date: '2026-02-30' })] }, 400, /date it took effect/],
    ['a split of 1 for 1', { add: [split({ ratio: '1/1' })] }, 400, /new shares for old/],
    ['a split without a ratio', { add: [split({ ratio: undefined })] }, 400, /new shares for old/],
    ['a split with a new symbol', { add: [split({ toSymbol: 'X' })] }, 400, /no new symbol/],
    [
      'a rename to the same symbol',
      { add: [split({ kind: 'rename', ratio: undefined, toSymbol: 'avgo' })] },
      400,
      /same as the old one/,
    ],
    ['a malformed id', { add: [split({ action_id: 'action_1' })] }, 400, /action id/],
    ['a source that is no file format', { add: [split({ source: 'ftp' })] }, 400, /not a file format/],
    [
      'a bad one among good ones (all or nothing)',
      { add: [split(), split({ date: 'soon' })] },
      400,
      /\(action 2\)/,
    ],
  ];
  it.each(refusals)('refuses %s and writes nothing', async (_label, body, status, message) => {
    const m = await member();
    await m.edit({ add: [split({ symbol: 'KEPT' })] });
    const before = await m.stored();
    const answer = await m.edit(body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(String(answer.body.error)).toMatch(message);
    expect(await m.stored()).toEqual(before);
  });

  it(`keeps at most ${MAX_ACTIONS}, refusing a call that would pass the cap as a whole`, async () => {
    const m = await member();
    for (let call = 0; call < MAX_ACTIONS / 100; call++) {
      const add = Array.from({ length: 100 }, () => split());
      expect((await m.edit({ add })).status).toBe(200);
    }
    const [oldest] = await m.list();
    const before = await m.stored();
    const over = await m.edit({ add: [split(), split()], delete_ids: [oldest?.action_id] });
    expect(over.status).toBe(422);
    expect(String(over.body.error)).toMatch(`at most ${MAX_ACTIONS}`);
    expect(await m.stored()).toEqual(before);
    // One out, one in: at the cap, not past it.
    expect((await m.edit({ add: [split()], delete_ids: [oldest?.action_id] })).status).toBe(200);
    expect(await store.hlen(tradeKeys.actions(m.sub))).toBe(MAX_ACTIONS);
  });

  it('keeps a file’s split so the journal’s round trips apply it, once however often it is imported', async () => {
    // The Schwab fixture: 1 AVGO at 1,680, its Stock Split row (+9), 10 sold at 170.
    const text = readFileSync(
      new URL('../fixtures/brokers/actions/schwab-split.csv', import.meta.url),
      'utf8',
    );
    const found = detect(text).found;
    if (!found) throw new Error('no format');
    const parsed = found.format.parse(readRows(text, found.delimiter), {
      timeZone: 'America/New_York',
      headerLine: found.headerLine,
    });
    const m = await member();
    const imported = await m.call(importFn, 'journal/trades/import', {
      executions: parsed.executions.map(toImportedExecution),
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const add = (parsed.actions ?? []).map((action) => fileActionInput(action, 'schwab'));
    expect((await m.edit({ add })).status).toBe(200);
    expect((await m.edit({ add })).status).toBe(200);
    const kept = await m.list();
    expect(kept).toHaveLength(3);
    expect(kept.map((a) => a.source)).toEqual(['schwab', 'schwab', 'schwab']);
    const trades = (await m.call(tradesFn, 'journal/trades', {})).body.trades as Trade[];
    const result = matchRoundTrips(tradesToExecutions(trades), { actions: storedActions(kept) });
    // 10 × 170 − 1,680 = 20 (AVGO) and 312 × 1.80 − 520 = 41.60 (TNXP); NEWH 30,000 still open.
    expect(result.closed_trades.map((t) => [t.symbol, t.gross])).toEqual([
      ['AVGO', '20.0000'],
      ['TNXP', '41.6000'],
    ]);
    expect(result.open_positions).toEqual([expect.objectContaining({ symbol: 'NEWH', shares: '30000' })]);
    expect(result.opened_before).toEqual([]);
  });
});
