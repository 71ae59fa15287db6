import { describe, expect, it } from 'vitest';
import type { ImportedExecution, Trade } from '../../functions/_lib/contract/index.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import { tradeKeys } from '../../functions/_lib/trade-store/keys.ts';
import { MAX_TAGS, MAX_TAGS_PER_TRIP } from '../../functions/_lib/trades/tags.ts';
import tradesFn from '../../functions/journal-trades.ts';
import deleteTradeFn from '../../functions/journal-trades-delete.ts';
import importFn from '../../functions/journal-trades-import.ts';
import tagsFn from '../../functions/journal-trades-tags.ts';
import deleteFn from '../../functions/journal-trades-tags-delete.ts';
import renameFn from '../../functions/journal-trades-tags-rename.ts';
import updateFn from '../../functions/journal-trades-tags-update.ts';
import { memberCaller } from '../support/members.ts';

// Tags on round trips, on real Redis through the handlers: every refusal writes nothing.
const { store } = getDeps();

const execution = (i: number, over: Partial<ImportedExecution> = {}): ImportedExecution => ({
  broker: 'tradezero',
  account: 'TZ-1',
  time: Date.UTC(2026, 2, 17, 13, 30) + i * 60_000,
  symbol: 'AITX',
  side: i % 2 ? 'sell' : 'buy',
  qty: 1_000_000,
  price: i % 2 ? '0.0065' : '0.0061',
  fees: '1',
  orderId: `o${i}`,
  ...over,
});

/** A member with `trips` round trips imported; their opening trades' ids are the round-trip ids. */
async function trader(trips = 3) {
  const { sub, call } = await memberCaller(store);
  const executions = Array.from({ length: trips * 2 }, (_, i) => execution(i));
  if (trips > 0) expect((await call(importFn, 'journal/trades/import', { executions })).status).toBe(200);
  const listed = (await call(tradesFn, 'journal/trades', {})).body.trades as Trade[];
  const ids = listed
    .filter((t) => t.tradeType === 'buy')
    .sort((a, b) => a.time - b.time)
    .map((t) => t.trade_id);
  const read = async () => (await call(tagsFn, 'journal/trades/tags', {})).body;
  const tag = (body: Record<string, unknown>) => call(updateFn, 'journal/trades/tags/update', body);
  const rename = (body: Record<string, unknown>) => call(renameFn, 'journal/trades/tags/rename', body);
  const remove = (body: Record<string, unknown>) =>
    call(deleteFn, 'journal/trades/tags/delete', body, 'DELETE');
  const stored = async () => ({
    tags: await store.hgetall(tradeKeys.tags(sub)),
    notes: await store.hgetall(tradeKeys.tripNotes(sub)),
  });
  return { sub, call, ids, read, tag, rename, remove, stored };
}

describe('journal/trades/tags', () => {
  it('is empty for a new member', async () => {
    const m = await trader(0);
    expect(await m.read()).toEqual({ tags: [], trips: {} });
  });

  it('defines, adds, removes and sets a planned risk, in bulk, and reads it back', async () => {
    const m = await trader(3);
    const [a, b, c] = m.ids as [string, string, string];
    const first = await m.tag({
      trip_ids: [a, b],
      define: [
        { name: '  Gap  and go ', kind: 'setup' },
        { name: 'Chased', kind: 'mistake' },
      ],
      risk: '50',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.trips).toEqual({
      [a]: { tags: ['setup:gap-and-go', 'mistake:chased'], risk: '50' },
      [b]: { tags: ['setup:gap-and-go', 'mistake:chased'], risk: '50' },
    });
    // The same name again (another spelling) is the same tag.
    const again = await m.tag({ trip_ids: [c], define: [{ name: 'gap AND go', kind: 'setup' }] });
    expect(again.body.trips).toEqual({ [c]: { tags: ['setup:gap-and-go'], risk: null } });
    const edit = await m.tag({ trip_ids: [a], remove: ['mistake:chased'], risk: null });
    expect(edit.body.trips).toEqual({ [a]: { tags: ['setup:gap-and-go'], risk: null } });
    expect(await m.read()).toEqual({
      tags: [
        { id: 'mistake:chased', name: 'Chased', kind: 'mistake' },
        { id: 'setup:gap-and-go', name: 'Gap and go', kind: 'setup' },
      ],
      trips: {
        [a]: { tags: ['setup:gap-and-go'], risk: null },
        [b]: { tags: ['setup:gap-and-go', 'mistake:chased'], risk: '50' },
        [c]: { tags: ['setup:gap-and-go'], risk: null },
      },
    });
    // A trip left with nothing noted is removed from the store.
    await m.tag({ trip_ids: [c], remove: ['setup:gap-and-go'] });
    expect(Object.keys((await m.read()).trips as object).sort()).toEqual([a, b].sort());
  });

  it('keeps tags on a round trip when the same file is imported again', async () => {
    const m = await trader(2);
    const [a] = m.ids as [string];
    await m.tag({ trip_ids: [a], define: [{ name: 'Halt resume', kind: 'setup' }] });
    const executions = Array.from({ length: 4 }, (_, i) => execution(i));
    const again = await m.call(importFn, 'journal/trades/import', { executions });
    expect(again.body).toMatchObject({ added: 0, duplicates: 4 });
    expect(((await m.read()).trips as Record<string, unknown>)[a]).toEqual({
      tags: ['setup:halt-resume'],
      risk: null,
    });
  });

  it('sets, keeps and clears a planned stop and target, alone on a trip or beside its tags', async () => {
    const m = await trader(2);
    const [a, b] = m.ids as [string, string];
    const set = await m.tag({ trip_ids: [a], stop: '0.0058', target: '0.0075' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.trips).toEqual({ [a]: { tags: [], risk: null, stop: '0.0058', target: '0.0075' } });
    // Absent keeps them; tags and risk join them.
    await m.tag({ trip_ids: [a, b], define: [{ name: 'Breakout', kind: 'setup' }], risk: '30' });
    expect((await m.read()).trips).toEqual({
      [a]: { tags: ['setup:breakout'], risk: '30', stop: '0.0058', target: '0.0075' },
      [b]: { tags: ['setup:breakout'], risk: '30' },
    });
    // A rename of the tag keeps them; null clears one.
    await m.rename({ tag_id: 'setup:breakout', name: 'Opening drive' });
    const cleared = await m.tag({ trip_ids: [a], stop: null });
    expect(cleared.body.trips).toEqual({
      [a]: { tags: ['setup:opening-drive'], risk: '30', target: '0.0075' },
    });
    // A trip with nothing left noted is forgotten, as with tags and risk.
    await m.tag({ trip_ids: [a], remove: ['setup:opening-drive'], risk: null, target: null });
    expect(Object.keys((await m.read()).trips as object)).toEqual([b]);
  });

  it('forgets what was noted on a round trip when its opening trade is deleted', async () => {
    const m = await trader(2);
    const [a, b] = m.ids as [string, string];
    await m.tag({ trip_ids: [a, b], define: [{ name: 'Fader', kind: 'setup' }], risk: '20' });
    const deleted = await m.call(deleteTradeFn, 'journal/trades/delete', { trade_id: a }, 'DELETE');
    expect(deleted.body).toEqual({ deleted: true });
    expect((await m.read()).trips).toEqual({ [b]: { tags: ['setup:fader'], risk: '20' } });
  });

  const refusals: Array<
    [string, (m: Awaited<ReturnType<typeof trader>>) => Record<string, unknown>, number, RegExp]
  > = [
    ['no trade', () => ({ trip_ids: [] }), 400, /at least one trade/],
    ['a malformed id', () => ({ trip_ids: ['nope'] }), 400, /trade id/],
    [
      'an unknown tag id',
      (m) => ({ trip_ids: [m.ids[0]], add: ['setup:never-defined'] }),
      400,
      /Unknown tag setup:never-defined/,
    ],
    ['a tag id of the wrong shape', (m) => ({ trip_ids: [m.ids[0]], add: ['<b>'] }), 400, /tag id/],
    [
      'a trade id that is not in the journal',
      (m) => ({ trip_ids: [m.ids[0], 'trade_ZZZZZZZZZZZZZZZZ'], define: [{ name: 'x', kind: 'setup' }] }),
      404,
      /No trade trade_ZZZZZZZZZZZZZZZZ/,
    ],
    [
      '1,000 tags at once',
      (m) => ({
        trip_ids: [m.ids[0]],
        define: Array.from({ length: 1000 }, (_, i) => ({ name: `t${i}`, kind: 'setup' })),
      }),
      400,
      /at most 10 tags/,
    ],
    [
      '11 tags on a trade',
      (m) => ({
        trip_ids: [m.ids[0]],
        define: Array.from({ length: 11 }, (_, i) => ({ name: `t${i}`, kind: 'setup' })),
      }),
      400,
      /at most 10 tags/,
    ],
    [
      'a bad tag name',
      (m) => ({ trip_ids: [m.ids[0]], define: [{ name: '<script>', kind: 'setup' }] }),
      400,
      /not a tag name/,
    ],
    [
      'a tag of another kind',
      (m) => ({ trip_ids: [m.ids[0]], define: [{ name: 'x', kind: 'luck' }] }),
      400,
      /setup or a mistake/,
    ],
    ['a negative risk', (m) => ({ trip_ids: [m.ids[0]], risk: '-5' }), 400, /amount in dollars/],
    ['a zero risk', (m) => ({ trip_ids: [m.ids[0]], risk: '0.00' }), 400, /above 0/],
    ['a stop that is not a price', (m) => ({ trip_ids: [m.ids[0]], stop: '1e-4' }), 400, /decimal number/],
    ['a zero target', (m) => ({ trip_ids: [m.ids[0]], target: '0' }), 400, /price above 0/],
  ];
  it.each(refusals)('refuses %s and writes nothing', async (_label, body, status, message) => {
    const m = await trader(1);
    await m.tag({ trip_ids: [m.ids[0]], define: [{ name: 'Before', kind: 'setup' }] });
    const before = await m.stored();
    const answer = await m.tag(body(m));
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(String(answer.body.error)).toMatch(message);
    expect(await m.stored()).toEqual(before);
  });

  it('refuses another member’s round trip as not found, and changes nothing of theirs', async () => {
    const owner = await trader(1);
    await owner.tag({ trip_ids: [owner.ids[0]], define: [{ name: 'Mine', kind: 'setup' }] });
    const before = await owner.stored();
    const other = await trader(1);
    const answer = await other.tag({
      trip_ids: [owner.ids[0]],
      define: [{ name: 'Theirs', kind: 'mistake' }],
    });
    expect(answer.status).toBe(404);
    expect(await owner.stored()).toEqual(before);
    expect(await other.stored()).toEqual({ tags: [], notes: [] });
    expect((await other.read()).trips).toEqual({});
  });

  it(`caps a trade at ${MAX_TAGS_PER_TRIP} tags across calls`, async () => {
    const m = await trader(1);
    const ten = Array.from({ length: MAX_TAGS_PER_TRIP }, (_, i) => ({ name: `s${i}`, kind: 'setup' }));
    expect((await m.tag({ trip_ids: [m.ids[0]], define: ten })).status).toBe(200);
    const before = await m.stored();
    const eleventh = await m.tag({ trip_ids: [m.ids[0]], define: [{ name: 'one more', kind: 'mistake' }] });
    expect(eleventh.status).toBe(422);
    expect(eleventh.body.error).toMatch(/at most 10 tags/);
    expect(await m.stored()).toEqual(before);
  });

  it(`caps a member at ${MAX_TAGS} distinct tags, even when the calls come at once`, async () => {
    const m = await trader(MAX_TAGS / 10 + 2);
    // 120 calls at once, each defining its own tag on its own trade (12 trades × 10).
    const answers = await Promise.all(
      Array.from({ length: MAX_TAGS + 20 }, (_, i) =>
        m.tag({ trip_ids: [m.ids[i % m.ids.length]], define: [{ name: `tag ${i}`, kind: 'setup' }] }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200).length;
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 422)).toBe(true);
    expect(ok).toBeLessThanOrEqual(MAX_TAGS);
    expect(((await m.read()).tags as unknown[]).length).toBe(ok);
  });

  it('refuses a 10 MB body before reading it, writing nothing', async () => {
    const m = await trader(1);
    const before = await m.stored();
    const { headers } = await import('../support/members.ts').then(async (s) =>
      s.signedIn(store, s.activeMembership()),
    );
    const big = JSON.stringify({ trip_ids: [m.ids[0]], pad: 'x'.repeat(10 * 1024 * 1024) });
    const response = await updateFn(
      new Request('http://localhost/api/journal/trades/tags/update', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: big,
      }),
    );
    expect(response.status).toBe(413);
    expect(await m.stored()).toEqual(before);
  });
});

describe('journal/trades/tags/rename and /delete', () => {
  /** Three trips: a and b carry Gap and go (b with a risk), c carries Chased; Breakout is defined on b. */
  async function tagged() {
    const m = await trader(3);
    const [a, b, c] = m.ids as [string, string, string];
    await m.tag({ trip_ids: [a, b], define: [{ name: 'Gap and go', kind: 'setup' }] });
    await m.tag({ trip_ids: [b], define: [{ name: 'Breakout', kind: 'setup' }], risk: '25' });
    await m.tag({ trip_ids: [c], define: [{ name: 'Chased', kind: 'mistake' }] });
    return { m, a, b, c };
  }

  it('renames a tag on every trip that carries it, keeping its place and kind', async () => {
    const { m, a, b, c } = await tagged();
    const answer = await m.rename({ tag_id: 'setup:gap-and-go', name: ' Opening  drive ' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const expected = {
      tags: [
        { id: 'mistake:chased', name: 'Chased', kind: 'mistake' },
        { id: 'setup:breakout', name: 'Breakout', kind: 'setup' },
        { id: 'setup:opening-drive', name: 'Opening drive', kind: 'setup' },
      ],
      trips: {
        [a]: { tags: ['setup:opening-drive'], risk: null },
        [b]: { tags: ['setup:opening-drive', 'setup:breakout'], risk: '25' },
        [c]: { tags: ['mistake:chased'], risk: null },
      },
    };
    expect(answer.body).toEqual(expected);
    expect(await m.read()).toEqual(expected);
  });

  it('changes only the spelling when the new name makes the same id', async () => {
    const { m, a } = await tagged();
    const answer = await m.rename({ tag_id: 'setup:gap-and-go', name: 'GAP and Go' });
    expect(answer.status).toBe(200);
    expect(answer.body.tags).toContainEqual({ id: 'setup:gap-and-go', name: 'GAP and Go', kind: 'setup' });
    expect((answer.body.trips as Record<string, unknown>)[a]).toEqual({
      tags: ['setup:gap-and-go'],
      risk: null,
    });
  });

  it('merges into a tag of the same name, each trip carrying it once', async () => {
    const { m, a, b } = await tagged();
    const answer = await m.rename({ tag_id: 'setup:gap-and-go', name: 'breakout' });
    expect(answer.status).toBe(200);
    expect((answer.body.tags as { id: string }[]).map((t) => t.id)).toEqual([
      'mistake:chased',
      'setup:breakout',
    ]);
    const trips = answer.body.trips as Record<string, unknown>;
    expect(trips[a]).toEqual({ tags: ['setup:breakout'], risk: null });
    expect(trips[b]).toEqual({ tags: ['setup:breakout'], risk: '25' });
  });

  it('deletes a tag from the list and every trip; a trip left with nothing noted goes', async () => {
    const { m, a, b, c } = await tagged();
    const answer = await m.remove({ tag_id: 'setup:gap-and-go' });
    expect(answer.status).toBe(200);
    const trips = answer.body.trips as Record<string, unknown>;
    expect(Object.keys(trips).sort()).toEqual([b, c].sort());
    expect(trips[b]).toEqual({ tags: ['setup:breakout'], risk: '25' });
    expect(a in trips).toBe(false);
    expect((await m.stored()).notes).not.toContain(a);
    // The freed name can be defined again, from nothing.
    const again = await m.tag({ trip_ids: [c], define: [{ name: 'Gap and go', kind: 'setup' }] });
    expect((again.body.trips as Record<string, unknown>)[c]).toEqual({
      tags: ['mistake:chased', 'setup:gap-and-go'],
      risk: null,
    });
  });

  it('frees a place under the 100-tag cap', async () => {
    const m = await trader(MAX_TAGS / 10);
    for (let i = 0; i < MAX_TAGS / 10; i++) {
      const define = Array.from({ length: 10 }, (_, k) => ({ name: `t${i * 10 + k}`, kind: 'setup' }));
      expect((await m.tag({ trip_ids: [m.ids[i]], define })).status).toBe(200);
    }
    const full = await m.tag({ trip_ids: [m.ids[0]], define: [{ name: 'one more', kind: 'setup' }] });
    expect(full.status).toBe(422);
    expect((await m.remove({ tag_id: 'setup:t0' })).status).toBe(200);
    expect(
      (await m.tag({ trip_ids: [m.ids[0]], define: [{ name: 'one more', kind: 'setup' }] })).status,
    ).toBe(200);
  });

  const refusals: Array<[string, 'rename' | 'remove', Record<string, unknown>, number, RegExp]> = [
    [
      'an unknown tag (rename)',
      'rename',
      { tag_id: 'setup:never-defined', name: 'x' },
      404,
      /No tag setup:never-defined/,
    ],
    [
      'an unknown tag (delete)',
      'remove',
      { tag_id: 'mistake:never-defined' },
      404,
      /No tag mistake:never-defined/,
    ],
    ['a tag id of the wrong shape', 'remove', { tag_id: '<b>' }, 400, /tag id/],
    ['no tag id', 'rename', { name: 'x' }, 400, /tag_id/],
    ['no new name', 'rename', { tag_id: 'setup:gap-and-go' }, 400, /new name/],
    ['a bad new name', 'rename', { tag_id: 'setup:gap-and-go', name: '<script>' }, 400, /not a tag name/],
    ['an empty new name', 'rename', { tag_id: 'setup:gap-and-go', name: '   ' }, 400, /not a tag name/],
    [
      'a name of 1,000 characters',
      'rename',
      { tag_id: 'setup:gap-and-go', name: 'x'.repeat(1000) },
      400,
      /at most 40/,
    ],
  ];
  it.each(refusals)('refuses %s and writes nothing', async (_label, call, body, status, message) => {
    const { m } = await tagged();
    const before = await m.stored();
    const answer = await m[call](body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(String(answer.body.error)).toMatch(message);
    expect(await m.stored()).toEqual(before);
  });

  it('cannot reach another member’s tag: not found, and theirs unchanged', async () => {
    const owner = await tagged();
    const before = await owner.m.stored();
    const other = await trader(1);
    expect((await other.rename({ tag_id: 'setup:gap-and-go', name: 'Stolen' })).status).toBe(404);
    expect((await other.remove({ tag_id: 'setup:gap-and-go' })).status).toBe(404);
    expect(await owner.m.stored()).toEqual(before);
    expect(await other.stored()).toEqual({ tags: [], notes: [] });
  });

  it('refuses a 10 MB body before reading it, writing nothing', async () => {
    const { m } = await tagged();
    const before = await m.stored();
    const pad = 'x'.repeat(10 * 1024 * 1024);
    expect((await m.rename({ tag_id: 'setup:gap-and-go', name: pad })).status).toBe(413);
    expect((await m.remove({ tag_id: 'setup:gap-and-go', pad })).status).toBe(413);
    expect(await m.stored()).toEqual(before);
  });
});
