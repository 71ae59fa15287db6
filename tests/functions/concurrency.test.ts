import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiName, NoteSummary, SymbolNotes, Trade } from '../../functions/_lib/contract/index.ts';
import { checkKeys } from '../../functions/_lib/courses/attempts.ts';
import { courseLibrary } from '../../functions/_lib/courses/library.ts';
import { certificateKey, progressKeys } from '../../functions/_lib/courses/progress-keys.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import {
  createRateLimit,
  type RateLimitPolicies,
  rateLimitPolicies,
} from '../../functions/_lib/http/rate-limit.ts';
import { newId } from '../../functions/_lib/ids.ts';
import { journalKeys } from '../../functions/_lib/journal/keys.ts';
import { MAX_CATEGORIES } from '../../functions/_lib/journal/rules.ts';
import { memberKeys } from '../../functions/_lib/library/keys.ts';
import { hashEntries } from '../../functions/_lib/store.ts';
import { tradeKeys } from '../../functions/_lib/trade-store/keys.ts';
import articlesReadFn from '../../functions/articles-read.ts';
import certificateFn from '../../functions/courses-certificate.ts';
import withdrawFn from '../../functions/courses-certificate-withdraw.ts';
import courseCheckFn from '../../functions/courses-check.ts';
import courseModuleFn from '../../functions/courses-module.ts';
import profileFn from '../../functions/courses-profile.ts';
import categoriesFn from '../../functions/journal-categories.ts';
import categoryNotesFn from '../../functions/journal-categories-notes.ts';
import categoriesUpdateFn from '../../functions/journal-categories-update.ts';
import notesFn from '../../functions/journal-notes.ts';
import notesDeleteFn from '../../functions/journal-notes-delete.ts';
import notesUpdateFn from '../../functions/journal-notes-update.ts';
import symbolsFn from '../../functions/journal-symbols.ts';
import tradesFn from '../../functions/journal-trades.ts';
import tradeActionsFn from '../../functions/journal-trades-actions.ts';
import tradeActionsUpdateFn from '../../functions/journal-trades-actions-update.ts';
import answersFn from '../../functions/journal-trades-answers.ts';
import tradesDeleteFn from '../../functions/journal-trades-delete.ts';
import excursionsFn from '../../functions/journal-trades-excursions.ts';
import tradesImportFn from '../../functions/journal-trades-import.ts';
import tripTagsFn from '../../functions/journal-trades-tags.ts';
import tripTagsDeleteFn from '../../functions/journal-trades-tags-delete.ts';
import tripTagsRenameFn from '../../functions/journal-trades-tags-rename.ts';
import tripTagsUpdateFn from '../../functions/journal-trades-tags-update.ts';
import tradesUpdateFn from '../../functions/journal-trades-update.ts';
import progressFn from '../../functions/videos-progress.ts';
import { completeModules } from '../support/course-progress.ts';
import { loadFunctions } from '../support/functions.ts';
import { addTestVideo } from '../support/library-fixture.ts';
import { memberCaller } from '../support/members.ts';
import { sampleExecution } from '../support/samples.ts';

/**
 * Concurrent writes to every write endpoint: 200 at once by one member, and 100 each by two members
 * at once. Every acknowledged write must be there exactly once, with the indexes that point to it
 * (symbols, categories, per-symbol trade lists, fingerprints, 'continue watching') consistent.
 *
 * Rate limits: the journal allows 60 writes a minute, so 200 at once would mostly be refused. The
 * limiter is the Deps port, and createRateLimit takes its policies: this file swaps in the same
 * sliding-window limiter with every limit raised to RAISED. A last test keeps the real limits and
 * accounts for the refused writes precisely (each acknowledged one present, each refused one absent).
 */
const RAISED = 10_000;
const ONE = 200;
const TWO = 100;
/** Records a delete scenario creates beside the ones it deletes, to show they stay untouched. */
const KEPT = 20;

const deps = getDeps();
const { store } = deps;
const realRateLimit = deps.rateLimit;
const raised = Object.fromEntries(
  Object.entries(rateLimitPolicies).map(([name, policy]) => [name, { ...policy, limit: RAISED }]),
) as unknown as RateLimitPolicies;
deps.rateLimit = createRateLimit(store, Date.now, raised);

/** Endpoints that write nothing a member owns, and why they are not driven concurrently here. */
const READS = new Set<ApiName>([
  'account/export',
  'account/marketkey/status',
  'appconfig',
  'articles',
  'articles/free',
  'audio',
  'courses/progress',
  'health',
  'journal/categories',
  'journal/categories/notes',
  'journal/export',
  'journal/metadata',
  'journal/notes',
  'journal/search',
  'journal/symbols',
  'journal/symbols/notes',
  'journal/trades',
  'journal/trades/actions',
  'journal/trades/excursions',
  'journal/trades/rules',
  'journal/trades/tags',
  // The operator's reads: the index and the audit log are written by billing changes, whose
  // concurrency is the billing suites' (saveMembership's script writes them with the state).
  'operator/audit',
  'operator/audit/export',
  'operator/emails',
  'operator/members',
  'operator/metrics',
  'payment/verify',
  'playlists',
  // Writes the shared bars cache (finished days never change, market/bars-cache.ts) and the trip's
  // figure for /trades (one HSET of what it measured): last one wins.
  'trades/review',
  'promo',
  'stream',
  'subscription/details',
  'subscription/status',
  'tags',
  'videos',
  'videos/continue',
  'videos/metadata',
  'videos/watched',
]);
/**
 * Writes of the account and the subscription: one record per member, last write wins, and their
 * concurrency is the billing and account suites' (a charge lock, the provider's idempotency keys).
 */
const ACCOUNT_WRITES = new Set<ApiName>([
  'billing/webhook',
  'charge',
  'subscription/toggle',
  'subscription/upgrade',
  'user/updatecard',
  'user/updateemail',
  'user/updatepassword',
  // Ends the caller's sign-ins: running it twice at once ends them twice.
  'user/signout',
  // One link taken by one GETDEL: tests/functions/email-change.test.ts follows one 8 times at once.
  'user/confirmemail',
  // Ends the member's account: tests/functions/account-data.test.ts races it with saves.
  'account/delete',
  // One HASH per member, last save wins (checked with the provider first): market-key.test.ts.
  'account/marketkey',
  // One live invite per member under a per-member lock: tests/functions/chat.test.ts sends them at once.
  'user/discord',
  // The operator's actions: one member's billing (or chat) under its lock, each operator waiting for
  // the other; tests/functions/operator-actions.test.ts sends them at once.
  'operator/members/extend',
  'operator/members/complimentary',
  'operator/members/cancel',
  'operator/members/autopay',
  'operator/members/chat',
  'operator/members/chat/invite',
  // Re-queues one undeliverable email in one script: tests/functions/operator-emails.test.ts sends
  // two retries at once and sees one queued.
  'operator/emails/retry',
]);

type Member = Awaited<ReturnType<typeof member>>;
async function member() {
  const { sub, call } = await memberCaller(store);
  return { sub, call };
}

async function allNotes(m: Member): Promise<NoteSummary[]> {
  const notes: NoteSummary[] = [];
  for (let page = 0; ; page++) {
    const { body } = await m.call(notesFn, 'journal/notes', { page });
    notes.push(...(body.notes as NoteSummary[]));
    if (!body.more) return notes;
  }
}
async function allTrades(m: Member, filter: Record<string, unknown> | null = null): Promise<Trade[]> {
  const trades: Trade[] = [];
  for (let page = 0; ; page++) {
    const { body } = await m.call(tradesFn, 'journal/trades', { page, filter });
    trades.push(...(body.trades as Trade[]));
    if (!body.more) return trades;
  }
}
const symbolsOf = async (m: Member) =>
  (await m.call(symbolsFn, 'journal/symbols', {})).body.symbols as SymbolNotes[];
const notesInCategory = async (m: Member, category_id: string) =>
  (
    (await m.call(categoryNotesFn, 'journal/categories/notes', { category_id })).body.notes as NoteSummary[]
  ).map((n) => n.note_id);
const sorted = (items: string[]) => [...items].sort();
/** A symbol per writer (three letters, as the journal's symbol rule wants) and one they all share. */
const symbolFor = (i: number) =>
  `Q${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`;

/** Runs `write(i)` for i < n, all at once, and answers the statuses in order. */
const all = <T>(n: number, write: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => write(i)));
/** n + 1 trades imported: the first (newest) to be shared by every call, the n others one a call. */
async function tradesToTag(m: Member, n: number) {
  const imported = await m.call(tradesImportFn, 'journal/trades/import', {
    executions: Array.from({ length: n + 1 }, (_, i) =>
      sampleExecution({ symbol: `TAG${i % 4}`, time: Date.UTC(2026, 0, 2) + i * 1000, orderId: `t${i}` }),
    ),
  });
  expect(imported.body.added).toBe(n + 1);
  const [shared, ...ids] = (await allTrades(m)).map((t) => t.trade_id) as [string, ...string[]];
  return { shared, ids };
}

/** Trade i carries `${prefix}(i mod 8)` alone, the shared one all eight, and the member has those eight. */
async function expectEightTags(m: Member, shared: string, ids: readonly string[], prefix: string) {
  const { body } = await m.call(tripTagsFn, 'journal/trades/tags', {});
  const trips = body.trips as Record<string, { tags: string[] }>;
  ids.forEach((id, i) => {
    expect(trips[id]?.tags).toEqual([`setup:${prefix}${i % 8}`]);
  });
  const eight = Array.from({ length: 8 }, (_, k) => `setup:${prefix}${k}`);
  expect(sorted(trips[shared]?.tags ?? [])).toEqual(sorted(eight));
  expect(sorted((body.tags as { id: string }[]).map((t) => t.id))).toEqual(sorted(eight));
}

/** n + 1 trades, tags t0…t7 (setup) put one on each trade (t(i mod 8)) and all eight on the first. */
async function eightTagsOnTrips(m: Member, n: number) {
  const { shared, ids } = await tradesToTag(m, n);
  const define = Array.from({ length: 8 }, (_, k) => ({ name: `t${k}`, kind: 'setup' }));
  expect(
    (await m.call(tripTagsUpdateFn, 'journal/trades/tags/update', { trip_ids: [shared], define })).status,
  ).toBe(200);
  for (let k = 0; k < 8; k++) {
    const trip_ids = ids.filter((_, i) => i % 8 === k);
    const tagged = await m.call(tripTagsUpdateFn, 'journal/trades/tags/update', {
      trip_ids,
      add: [`setup:t${k}`],
    });
    expect(tagged.status).toBe(200);
  }
  return { shared, ids };
}

interface Scenario {
  /** Sends n concurrent writes as member m (distinct per writer `w`), then checks member m's data. */
  run(m: Member, n: number, w: number): Promise<void>;
}

/** One write scenario per write endpoint. */
const SCENARIOS: { [N in ApiName]?: Scenario } = {
  'journal/notes/update': {
    async run(m, n, w) {
      const category_id = newId('category_');
      expect(
        (await m.call(categoriesUpdateFn, 'journal/categories/update', { category_id, category: 'Busy' }))
          .status,
      ).toBe(200);
      const answers = await all(n, (i) =>
        m.call(notesUpdateFn, 'journal/notes/update', {
          note_id: newId('note_'),
          title: `Note ${w}-${i}`,
          body: `<p>${i}</p>`,
          basedOn: null,
          symbols: ['SAME', symbolFor(i)],
          categories: [category_id],
        }),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(n).fill(200));
      const ids = sorted(answers.map((a) => (a.body.note as NoteSummary).note_id));
      const notes = await allNotes(m);
      expect(sorted(notes.map((n) => n.note_id))).toEqual(ids);
      expect((await m.call(notesFn, 'journal/notes', {})).body.total).toBe(n);
      const symbols = await symbolsOf(m);
      expect(sorted(symbols.find((s) => s.symbol === 'SAME')?.note_ids ?? [])).toEqual(ids);
      expect(symbols.reduce((sum, s) => sum + s.note_ids.length, 0)).toBe(2 * n);
      for (const note of notes) {
        const own = symbols.find((s) => s.symbol === note.symbols.find((x) => x !== 'SAME'));
        expect(own?.note_ids, note.title).toContain(note.note_id);
      }
      expect(sorted(await notesInCategory(m, category_id))).toEqual(ids);
    },
  },
  'journal/notes/delete': {
    async run(m, n) {
      const category_id = newId('category_');
      await m.call(categoriesUpdateFn, 'journal/categories/update', { category_id, category: 'Gone' });
      const created = await all(n + KEPT, (i) =>
        m.call(notesUpdateFn, 'journal/notes/update', {
          note_id: newId('note_'),
          title: `Doomed ${i}`,
          body: '',
          basedOn: null,
          symbols: ['SAME', symbolFor(i)],
          categories: [category_id],
        }),
      );
      const ids = created.map((a) => (a.body.note as NoteSummary).note_id);
      // n are deleted, all at once; the KEPT others must be untouched, with their indexes.
      const [doomed, kept] = [ids.slice(0, n), sorted(ids.slice(n))];
      const answers = await all(doomed.length, (i) =>
        m.call(notesDeleteFn, 'journal/notes/delete', { note_id: doomed[i] }, 'DELETE'),
      );
      expect(answers.map((a) => a.body)).toEqual(Array(doomed.length).fill({ deleted: true }));
      expect(sorted((await allNotes(m)).map((n) => n.note_id))).toEqual(kept);
      const symbols = await symbolsOf(m);
      expect(sorted(symbols.find((s) => s.symbol === 'SAME')?.note_ids ?? [])).toEqual(kept);
      expect(symbols.reduce((sum, s) => sum + s.note_ids.length, 0)).toBe(2 * kept.length);
      expect(sorted(await notesInCategory(m, category_id))).toEqual(kept);
    },
  },
  'journal/categories/update': {
    async run(m, n, w) {
      const ids = Array.from({ length: n }, () => newId('category_'));
      const answers = await all(n, (i) =>
        m.call(categoriesUpdateFn, 'journal/categories/update', {
          category_id: ids[i],
          category: `C${w}-${i}`,
        }),
      );
      // A member has at most MAX_CATEGORIES: exactly that many of the concurrent creates win.
      const created = ids.filter((_, i) => answers[i]?.status === 200);
      expect(created.length).toBe(Math.min(n, MAX_CATEGORIES));
      for (const refused of answers.filter((a) => a.status !== 200)) expect(refused.status).toBe(422);
      const listed = (await m.call(categoriesFn, 'journal/categories', {})).body.categories as Array<{
        category_id: string;
        category: string;
      }>;
      expect(sorted(listed.map((c) => c.category_id))).toEqual(sorted(created));
      expect(new Set(listed.map((c) => c.category)).size).toBe(created.length);
      // Renames of every one at once, and deletes of half: each lands once.
      await all(created.length, (i) =>
        m.call(categoriesUpdateFn, 'journal/categories/update', {
          category_id: created[i],
          ...(i % 2 ? { category: `R${w}-${i}` } : { delete: 'true' }),
        }),
      );
      const after = (await m.call(categoriesFn, 'journal/categories', {})).body.categories as Array<{
        category_id: string;
        category: string;
      }>;
      expect(sorted(after.map((c) => c.category))).toEqual(
        sorted(created.flatMap((_, i) => (i % 2 ? [`R${w}-${i}`] : []))),
      );
    },
  },
  'journal/trades/update': {
    async run(m, n) {
      const answers = await all(n, (i) =>
        m.call(tradesUpdateFn, 'journal/trades/update', {
          trade_id: newId('trade_'),
          symbol: `SYM${i % 5}`,
          tradeType: i % 2 ? 'sell' : 'buy',
          buyPrice: '0.0042',
          sellPrice: i % 2 ? '0.005' : null,
          shares: String(i + 1),
          time: Date.UTC(2026, 0, 2) + i * 1000,
        }),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(n).fill(200));
      const trades = await allTrades(m);
      expect(trades.map((t) => Number(t.shares)).sort((x, y) => x - y)).toEqual(
        Array.from({ length: n }, (_, i) => i + 1),
      );
      let perSymbol = 0;
      for (let s = 0; s < 5; s++) {
        const listed = await allTrades(m, { symbol: `SYM${s}` });
        expect(listed.every((t) => t.symbol === `SYM${s}`)).toBe(true);
        perSymbol += listed.length;
      }
      expect(perSymbol).toBe(n);
      // Every trade edited at once (a new symbol for half): the per-symbol lists follow.
      const edits = await all(n, (i) =>
        m.call(tradesUpdateFn, 'journal/trades/update', {
          ...trades[i],
          symbol: i % 2 ? 'MOVED' : trades[i]?.symbol,
          buyPrice: trades[i]?.buyPrice ?? '0.0042',
        }),
      );
      expect(edits.map((a) => a.status)).toEqual(Array(n).fill(200));
      expect((await allTrades(m)).length).toBe(n);
      expect((await allTrades(m, { symbol: 'MOVED' })).length).toBe(trades.filter((_, i) => i % 2).length);
    },
  },
  'journal/trades/delete': {
    async run(m, n) {
      // Set up in one import call (the writes under test are the deletes).
      const imported = await m.call(tradesImportFn, 'journal/trades/import', {
        executions: Array.from({ length: n + KEPT }, (_, i) =>
          sampleExecution({ symbol: `DEL${i % 3}`, time: Date.UTC(2026, 0, 2) + i * 1000, orderId: `d${i}` }),
        ),
      });
      expect(imported.body.added).toBe(n + KEPT);
      const ids = (await allTrades(m)).map((t) => t.trade_id);
      const [doomed, kept] = [ids.slice(0, n), sorted(ids.slice(n))];
      const answers = await all(doomed.length, (i) =>
        m.call(tradesDeleteFn, 'journal/trades/delete', { trade_id: doomed[i] }, 'DELETE'),
      );
      expect(answers.map((a) => a.body)).toEqual(Array(doomed.length).fill({ deleted: true }));
      expect(sorted((await allTrades(m)).map((t) => t.trade_id))).toEqual(kept);
      const bySymbol = await all(3, (s) => allTrades(m, { symbol: `DEL${s}` }));
      expect(sorted(bySymbol.flat().map((t) => t.trade_id))).toEqual(kept);
    },
  },
  'journal/trades/import': {
    async run(m, n) {
      // Import i carries executions i and i + 1: every execution but the ends arrives twice, at once.
      const execution = (i: number) =>
        sampleExecution({ time: Date.UTC(2026, 0, 2) + i * 1000, orderId: `o${i}`, qty: i + 1 });
      const answers = await all(n, (i) =>
        m.call(tradesImportFn, 'journal/trades/import', { executions: [execution(i), execution(i + 1)] }),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(n).fill(200));
      const added = answers.reduce((sum, a) => sum + (a.body.added as number), 0);
      const duplicates = answers.reduce((sum, a) => sum + (a.body.duplicates as number), 0);
      expect(added).toBe(n + 1);
      expect(duplicates).toBe(n - 1);
      const trades = await allTrades(m);
      expect(trades.map((t) => Number(t.shares)).sort((x, y) => x - y)).toEqual(
        Array.from({ length: n + 1 }, (_, i) => i + 1),
      );
      expect(new Set(trades.map((t) => t.fingerprint)).size).toBe(n + 1);
      expect((await allTrades(m, { symbol: 'ABCD' })).length).toBe(n + 1);
    },
  },
  'journal/trades/tags/update': {
    async run(m, n) {
      // n trades plus one every call tags: call i names tag t(i mod 8) on trade i and on the shared one.
      const { shared, ids } = await tradesToTag(m, n);
      const answers = await all(n, (i) =>
        m.call(tripTagsUpdateFn, 'journal/trades/tags/update', {
          trip_ids: [ids[i], shared],
          define: [{ name: `t${i % 8}`, kind: 'setup' }],
        }),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(n).fill(200));
      // No call's tag was lost on the trade they all edited, and each tag was defined once.
      await expectEightTags(m, shared, ids, 't');
    },
  },
  'journal/trades/answers': {
    async run(m, n, w) {
      // Call i answers its own key and, like every other call, a shared one: none is lost.
      const answers = await all(n, (i) =>
        m.call(answersFn, 'journal/trades/answers', {
          answers: { [`S${w}N${i}@A`]: 'short', [`SHARED${w}@A`]: i % 2 === 0 ? 'short' : 'held' },
        }),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(n).fill(200));
      const stored = (await m.call(excursionsFn, 'journal/trades/excursions', {})).body.answers as Record<
        string,
        string
      >;
      const own = Object.keys(stored).filter((key) => key.startsWith(`S${w}N`));
      expect(own).toHaveLength(n);
      expect(['short', 'held']).toContain(stored[`SHARED${w}@A`]);
    },
  },
  'journal/trades/tags/rename': {
    async run(m, n) {
      // Every call renames one of eight tags (t0…t7) at once with the others: the first of each wins,
      // the rest find the old tag gone; every trip ends with the new names only, each once.
      const { shared, ids } = await eightTagsOnTrips(m, n);
      const answers = await all(n, (i) =>
        m.call(tripTagsRenameFn, 'journal/trades/tags/rename', {
          tag_id: `setup:t${i % 8}`,
          name: `u${i % 8}`,
        }),
      );
      expect(sorted(answers.map((a) => String(a.status)))).toEqual(
        sorted([...Array(8).fill('200'), ...Array(n - 8).fill('404')]),
      );
      await expectEightTags(m, shared, ids, 'u');
    },
  },
  'journal/trades/tags/delete': {
    async run(m, n) {
      await eightTagsOnTrips(m, n);
      const answers = await all(n, (i) =>
        m.call(tripTagsDeleteFn, 'journal/trades/tags/delete', { tag_id: `setup:t${i % 8}` }, 'DELETE'),
      );
      expect(answers.filter((a) => a.status === 200).length).toBe(8);
      expect(answers.filter((a) => a.status === 404).length).toBe(n - 8);
      // Nothing noted is left: no tag, no trip that only carried tags.
      expect(await m.call(tripTagsFn, 'journal/trades/tags', {})).toMatchObject({
        body: { tags: [], trips: {} },
      });
      expect(await store.hlen(tradeKeys.tripNotes(m.sub))).toBe(0);
    },
  },
  'journal/trades/actions/update': {
    async run(m, n) {
      // Every call adds its own split; every other one also deletes the one they share.
      const shared = newId('action_');
      const split = (action_id: string, i: number) => ({
        action_id,
        kind: 'split',
        symbol: symbolFor(i),
        date: '2026-03-16',
        ratio: '1/10',
      });
      const seeded = await m.call(tradeActionsUpdateFn, 'journal/trades/actions/update', {
        add: [split(shared, 0)],
      });
      expect(seeded.status).toBe(200);
      const ids = Array.from({ length: n }, () => newId('action_'));
      const answers = await all(n, (i) =>
        m.call(tradeActionsUpdateFn, 'journal/trades/actions/update', {
          add: [split(ids[i] as string, i)],
          ...(i % 2 ? {} : { delete_ids: [shared] }),
        }),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(n).fill(200));
      const { body } = await m.call(tradeActionsFn, 'journal/trades/actions', {});
      const kept = (body.actions as { action_id: string }[]).map((a) => a.action_id);
      expect(sorted(kept)).toEqual(sorted(ids));
      expect(await store.hlen(tradeKeys.actions(m.sub))).toBe(n);
    },
  },
  'videos/progress': {
    async run(m, n) {
      const positions = new Map<string, number[]>();
      const answers = await all(n, (i) => {
        const video = videos[i % videos.length] as string;
        const position = 10 + i;
        positions.set(video, [...(positions.get(video) ?? []), position]);
        return m.call(progressFn, 'videos/progress', { nodeId: video, position });
      });
      expect(answers.map((a) => a.status)).toEqual(Array(n).fill(200));
      // Last write wins per video, and each video is in the progress hash and the watching list once.
      const saved = await hashEntries(store, memberKeys.progress(m.sub));
      expect(sorted(saved.map(([id]) => id))).toEqual(sorted(videos));
      for (const [id, value] of saved)
        expect(positions.get(id)).toContain((JSON.parse(value) as { position: number }).position);
      expect(sorted((await store.zrange(memberKeys.watching(m.sub), 0, -1)) as string[])).toEqual(
        sorted(videos),
      );
    },
  },
  'courses/module': {
    async run(m, n) {
      // The first page loads draw the member's questions at once: one draw is stored and all show it.
      const ref = { course: 'penny-stock-essentials', module: 'the-market' };
      const pages = await all(n, () => m.call(courseModuleFn, 'courses/module', ref));
      expect(pages.map((p) => p.status)).toEqual(Array(n).fill(200));
      const shown = pages.map((p) => JSON.stringify((p.body.check as { questions: unknown }).questions));
      expect(new Set(shown).size).toBe(1);
      const stored = JSON.parse(
        (await store.get<string>(checkKeys.draw(m.sub, ref.course, ref.module))) ?? '{}',
      );
      expect(JSON.stringify(stored.questions.map((q: { id: string }) => q.id))).toBe(
        JSON.stringify(JSON.parse(shown[0] ?? '[]').map((q: { id: string }) => q.id)),
      );
    },
  },
  'courses/check': {
    async run(m, n) {
      // Every answer to the drawn questions is right: one is graded and stored with the next draw;
      // the others read the same summary and draw and lose the race (409), or arrive after it and
      // answer questions no longer drawn (400). Nothing else is written.
      const ref = { course: 'penny-stock-essentials', module: 'the-market' };
      const page = await m.call(courseModuleFn, 'courses/module', ref);
      const drawn = (page.body.check as { questions: Array<{ id: string }> }).questions;
      const bank = courseLibrary[0]?.modules[0]?.check?.questions ?? [];
      const answers = drawn.map(({ id }) => ({
        question: id,
        choices: (bank.find((q) => q.id === id)?.choices ?? []).filter((c) => c.correct).map((c) => c.id),
      }));
      const replies = await all(n, () => m.call(courseCheckFn, 'courses/check', { ...ref, answers }));
      expect(replies.every((a) => [200, 400, 409].includes(a.status))).toBe(true);
      expect(replies.filter((a) => a.status === 200)).toHaveLength(1);
      const key = (k: 'record' | 'attempts') => checkKeys[k](m.sub, ref.course, ref.module);
      expect(await store.llen(key('attempts'))).toBe(1);
      expect(JSON.parse((await store.get<string>(key('record'))) ?? '{}')).toMatchObject({
        attempts: 1,
        passed: true,
      });
    },
  },
  'articles/read': {
    async run(m, n) {
      const slugs = courseLibrary.flatMap((c) =>
        c.modules.flatMap((x) => x.lessons.flatMap((l) => l.article ?? [])),
      );
      const answers = await all(n, (i) =>
        m.call(articlesReadFn, 'articles/read', { article: slugs[i % slugs.length] }),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(n).fill(200));
      expect(sorted(await store.smembers(progressKeys.articlesRead(m.sub)))).toEqual(
        sorted([...new Set(slugs.slice(0, n))]),
      );
    },
  },
  'courses/certificate': {
    async run(m, n) {
      // A completed course: of n issues at once the first stores the certificate, the rest rename it
      // (200, the same id) or lost the race (409). One public record, the member's.
      const course = courseLibrary[0];
      if (!course) throw new Error('a course is needed');
      await completeModules(store, m.sub, course);
      const answers = await all(n, (i) =>
        m.call(certificateFn, 'courses/certificate', { course: course.slug, name: `Name ${i}` }),
      );
      expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
      const ids = new Set(
        answers.flatMap((a) => (a.status === 200 ? [(a.body.certificate as { id: string }).id] : [])),
      );
      expect(ids.size).toBe(1);
      const [id] = [...ids];
      const entry = JSON.parse(
        (await store.hget<string>(progressKeys.certificates(m.sub), course.slug)) ?? '{}',
      );
      expect(entry.id).toBe(id);
      expect(await store.exists(certificateKey(id ?? ''))).toBe(1);
    },
  },
  'courses/certificate/withdraw': {
    async run(m, n) {
      const course = courseLibrary[0];
      if (!course) throw new Error('a course is needed');
      await completeModules(store, m.sub, course);
      const issued = await m.call(certificateFn, 'courses/certificate', { course: course.slug, name: 'Ann' });
      const { id } = issued.body.certificate as { id: string };
      const answers = await all(n, () =>
        m.call(withdrawFn, 'courses/certificate/withdraw', { course: course.slug }),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(n).fill(200));
      expect(answers.some((a) => a.body.withdrawn === true)).toBe(true);
      expect(await store.exists(certificateKey(id), progressKeys.certificates(m.sub))).toBe(0);
    },
  },
  'courses/profile': {
    async run(m, n) {
      const sizes = Array.from({ length: n }, (_, i) => String(1000 * (i + 1)));
      const answers = await all(n, (i) => m.call(profileFn, 'courses/profile', { accountSize: sizes[i] }));
      expect(answers.map((a) => a.status)).toEqual(Array(n).fill(200));
      expect(sizes).toContain(await store.hget<string>(progressKeys.profile(m.sub), 'accountSize'));
    },
  },
};

let videos: string[] = [];
const functions = await loadFunctions();

beforeAll(async () => {
  videos = await Promise.all(Array.from({ length: 5 }, () => addTestVideo(store)));
});

describe('the write endpoints', () => {
  it('each have a concurrency scenario (or are listed as reads or account writes)', () => {
    for (const { name } of functions) {
      const listed = [name in SCENARIOS, READS.has(name), ACCOUNT_WRITES.has(name)].filter(Boolean).length;
      expect(
        listed,
        `${name}: add a concurrency scenario to SCENARIOS in tests/functions/concurrency.test.ts, or list it in READS`,
      ).toBe(1);
    }
  });
});

describe.each(Object.entries(SCENARIOS))('concurrent %s', (_name, scenario) => {
  it(`${ONE} writes at once by one member all land, once, indexed`, async () => {
    await scenario.run(await member(), ONE, 0);
  });

  it(`${TWO} writes at once by each of two members land in each one's own data`, async () => {
    const [a, b] = [await member(), await member()];
    await Promise.all([scenario.run(a, TWO, 1), scenario.run(b, TWO, 2)]);
  });
});

describe('under the real rate limit', () => {
  it(`${ONE} note saves at once: the ${rateLimitPolicies.journal.limit} acknowledged are there, the refused are not`, async () => {
    deps.rateLimit = realRateLimit;
    try {
      const m = await member();
      const ids = Array.from({ length: ONE }, () => newId('note_'));
      const answers = await all(ONE, (i) =>
        m.call(notesUpdateFn, 'journal/notes/update', {
          note_id: ids[i],
          title: `N${i}`,
          body: '',
          basedOn: null,
        }),
      );
      const acknowledged = ids.filter((_, i) => answers[i]?.status === 200);
      const refused = ids.filter((_, i) => answers[i]?.status === 429);
      expect(acknowledged.length + refused.length).toBe(ONE);
      // The limit exactly, unless the burst straddles the limiter's minute: its sliding window then
      // weighs the previous minute's count down (rounded down), letting one or two more through.
      expect(acknowledged.length).toBeGreaterThanOrEqual(rateLimitPolicies.journal.limit);
      expect(acknowledged.length).toBeLessThanOrEqual(rateLimitPolicies.journal.limit + 2);
      expect(sorted((await allNotes(m)).map((n) => n.note_id))).toEqual(sorted(acknowledged));
      for (const key of refused) expect(await store.exists(journalKeys.note(m.sub, key))).toBe(0);
    } finally {
      deps.rateLimit = createRateLimit(store, Date.now, raised);
    }
  });
});
