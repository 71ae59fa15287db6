import { describe, expect, it } from 'vitest';
import type { Category, Note, NoteSummary, SymbolNotes } from '../../functions/_lib/contract/index.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import { newId } from '../../functions/_lib/ids.ts';
import { journalKeys } from '../../functions/_lib/journal/keys.ts';
import { MAX_NOTES } from '../../functions/_lib/journal/rules.ts';
import categoriesFn from '../../functions/journal-categories.ts';
import categoryNotesFn from '../../functions/journal-categories-notes.ts';
import categoriesUpdateFn from '../../functions/journal-categories-update.ts';
import exportFn from '../../functions/journal-export.ts';
import metadataFn from '../../functions/journal-metadata.ts';
import notesFn from '../../functions/journal-notes.ts';
import deleteFn from '../../functions/journal-notes-delete.ts';
import updateFn from '../../functions/journal-notes-update.ts';
import searchFn from '../../functions/journal-search.ts';
import symbolsFn from '../../functions/journal-symbols.ts';
import symbolNotesFn from '../../functions/journal-symbols-notes.ts';
import { memberCaller } from '../support/members.ts';

// The notes journal on real Redis, through the handlers (docs/product.md §7 /api/journal/*).
const { store } = getDeps();
const noteId = () => newId('note_');
const categoryId = () => newId('category_');

type Member = Awaited<ReturnType<typeof member>>;
async function member() {
  const { sub, call } = await memberCaller(store);
  return {
    sub,
    call,
    save: (note: Record<string, unknown>) => call(updateFn, 'journal/notes/update', note),
    remove: (note_id: string) => call(deleteFn, 'journal/notes/delete', { note_id }, 'DELETE'),
    notes: async (page?: number) =>
      (await call(notesFn, 'journal/notes', page === undefined ? {} : { page })).body as {
        notes: NoteSummary[];
        more: boolean;
        total: number;
      },
    note: (note_id: string) => call(metadataFn, 'journal/metadata', { note_id }),
    symbols: async () =>
      ((await call(symbolsFn, 'journal/symbols', {})).body as { symbols: SymbolNotes[] }).symbols,
    symbolNotes: async (symbol: string) =>
      ((await call(symbolNotesFn, 'journal/symbols/notes', { symbol })).body as { notes: NoteSummary[] })
        .notes,
    categories: async () =>
      ((await call(categoriesFn, 'journal/categories', {})).body as { categories: Category[] }).categories,
    categoryNotes: async (category_id: string) =>
      (
        (await call(categoryNotesFn, 'journal/categories/notes', { category_id })).body as {
          notes: NoteSummary[];
        }
      ).notes,
    category: (body: Record<string, unknown>) => call(categoriesUpdateFn, 'journal/categories/update', body),
  };
}

/** Saves a new note and answers its summary. */
async function create(m: Member, fields: Record<string, unknown> = {}) {
  const note_id = noteId();
  const saved = await m.save({
    note_id,
    title: 'Morning prep',
    body: '<p>Watch the open</p>',
    basedOn: null,
    ...fields,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return (saved.body as { note: NoteSummary }).note;
}

describe('notes: create, read, list', () => {
  it('saves a note with its sanitized body, symbols and categories, and reads it back', async () => {
    const m = await member();
    const cat = categoryId();
    expect((await m.category({ category_id: cat, category: ' Setups ' })).status).toBe(200);
    const note = await create(m, {
      title: '  $ABCD runner  ',
      body: '<p>Gap up <span data-cashtag="ABCD">$ABCD</span><script>alert(1)</script></p>',
      symbols: ['abcd', 'ABCD', 'x', 'TOOLONGSYM', 'brk.a', '^dji'],
      categories: [cat],
      timestamp: 1,
    });
    expect(note).toMatchObject({
      title: '$ABCD runner',
      symbols: ['ABCD', 'BRK.A', '^DJI'],
      categories: [cat],
    });
    expect(note.timestamp).toBeGreaterThan(Date.now() - 60_000);
    const read = await m.note(note.note_id);
    expect(read.status).toBe(200);
    expect((read.body as { note: Note }).note).toEqual({
      ...note,
      body: '<p>Gap up <span data-cashtag="ABCD">$ABCD</span></p>',
    });
    expect(await m.categories()).toEqual([{ category_id: cat, category: 'Setups' }]);
  });

  it('lists newest saved first, 99 a page, with more and total', async () => {
    const m = await member();
    const ids = Array.from({ length: 100 }, (_, i) => `note_${String(i).padStart(16, '0')}`);
    // 100 notes written as the save script would, so the page boundary is exercised quickly.
    const pipe = store.pipeline();
    ids.forEach((id, i) => {
      pipe.hset(journalKeys.note(m.sub, id), {
        title: `Note ${i}`,
        body: '',
        timestamp: 1000 + i,
        symbols: '',
        categories: '',
      });
      pipe.zadd(journalKeys.notes(m.sub), { score: 1000 + i, member: id });
    });
    await pipe.exec();
    const first = await m.notes();
    expect(first.notes).toHaveLength(99);
    expect(first.notes[0]?.title).toBe('Note 99');
    expect(first).toMatchObject({ more: true, total: 100 });
    const second = await m.notes(1);
    expect(second.notes.map((n) => n.title)).toEqual(['Note 0']);
    expect(second.more).toBe(false);
  });

  it('keeps the notes last saved in a window (from inclusive, to exclusive), paged and counted', async () => {
    const m = await member();
    const pipe = store.pipeline();
    // Saved at 1000, 1010, … 2990: 200 notes, so the window's own paging is exercised.
    for (let i = 0; i < 200; i++) {
      const id = `note_${String(i).padStart(16, '0')}`;
      const at = 1000 + i * 10;
      pipe.hset(journalKeys.note(m.sub, id), {
        title: `Note ${i}`,
        body: '',
        timestamp: at,
        symbols: '',
        categories: '',
      });
      pipe.zadd(journalKeys.notes(m.sub), { score: at, member: id });
    }
    await pipe.exec();
    const list = async (body: Record<string, unknown>) =>
      (await m.call(notesFn, 'journal/notes', body)).body as {
        notes: NoteSummary[];
        more: boolean;
        total: number;
      };
    const day = await list({ from: 1100, to: 1200 });
    expect(day.notes.map((n) => n.timestamp)).toEqual([
      1190, 1180, 1170, 1160, 1150, 1140, 1130, 1120, 1110, 1100,
    ]);
    expect(day).toMatchObject({ more: false, total: 10 });
    const wide = await list({ from: 1000 });
    expect(wide).toMatchObject({ more: true, total: 200 });
    expect(wide.notes[0]?.timestamp).toBe(2990);
    const next = await list({ from: 1000, page: 2 });
    expect(next.notes.map((n) => n.timestamp)).toEqual([1010, 1000]);
    expect((await list({ to: 1010 })).notes.map((n) => n.title)).toEqual(['Note 0']);
    expect(await list({ from: 5000, to: 6000 })).toEqual({ notes: [], more: false, total: 0 });
  });

  it('refuses a window that ends before it starts, or is not a time', async () => {
    const m = await member();
    for (const [body, message] of [
      [{ from: 2000, to: 1000 }, /from. must be before .to/],
      [{ from: 1000, to: 1000 }, /from. must be before .to/],
      [{ from: -1 }, /^from:/],
      [{ to: 'tomorrow' }, /^to:/],
      [{ from: 1.5 }, /^from:/],
    ] as const) {
      const answer = await m.call(notesFn, 'journal/notes', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toMatch(message);
    }
  });

  it('answers 404 for a note that does not exist, and 400 for ids that are not note ids', async () => {
    const m = await member();
    expect((await m.note(noteId())).status).toBe(404);
    for (const bad of [
      'note_short',
      'note_AAAAAAAAAAAAAAA!',
      '../note_AAAAAAAAAAAAAAAA',
      'category_AAAAAAAAAAAAAAAA',
    ]) {
      const answer = await m.note(bad);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(/^note_id: use a note id/);
    }
  });
});

describe('notes: the rules, on the server', () => {
  it.each([
    [{ title: '' }, 400, 'Give the note a title'],
    [{ title: '   ' }, 400, 'Give the note a title'],
    [{ title: 'x'.repeat(66) }, 400, 'Titles are at most 65 characters'],
    [
      { categories: ['category_AAAAAAAAAAAAAAAA'] },
      400,
      'That category does not exist (it may have been deleted)',
    ],
    [
      { body: `<p>${'x'.repeat(205 * 1024)}</p>` },
      400,
      'body: This note is too long: a note holds at most 200 KB',
    ],
    // Under the limit in characters, over it in UTF-8 bytes (what is stored).
    [{ body: `<p>${'é'.repeat(110 * 1024)}</p>` }, 413, 'This note is too long: a note holds at most 200 KB'],
    [
      { body: '<ul><li>'.repeat(40) },
      400,
      'This note is nested too deeply: at most 64 levels of lists, quotes and tables',
    ],
    [{ symbols: 'ABCD' }, 400, 'symbols: Invalid input: expected array, received string'],
  ])('refuses %j with %i', async (fields, status, error) => {
    const m = await member();
    const answer = await m.save({
      note_id: noteId(),
      title: 'T',
      body: '<p>b</p>',
      basedOn: null,
      ...fields,
    });
    expect(answer).toEqual({ status, body: { error } });
    expect((await m.notes()).total).toBe(0);
  });

  it('keeps a 65-character title (emoji count as one)', async () => {
    const m = await member();
    const title = `${'📈'.repeat(5)}${'x'.repeat(60)}`;
    expect((await create(m, { title })).title).toBe(title);
  });

  it(`refuses note ${MAX_NOTES + 1} with a clear 422, and still saves edits`, async () => {
    const m = await member();
    const existing = await create(m);
    const pipe = store.pipeline();
    for (let i = 1; i < MAX_NOTES; i++)
      pipe.zadd(journalKeys.notes(m.sub), { score: i, member: `note_${String(i).padStart(16, '0')}` });
    await pipe.exec();
    const refused = await m.save({ note_id: noteId(), title: 'One too many', body: '', basedOn: null });
    expect(refused).toEqual({
      status: 422,
      body: { error: `You have ${MAX_NOTES} notes, the most a journal holds. Delete one to add another.` },
    });
    const edit = await m.save({
      note_id: existing.note_id,
      title: 'Edited',
      body: '',
      basedOn: existing.timestamp,
    });
    expect(edit.status).toBe(200);
  });
});

describe('notes: no lost words', () => {
  it('answers 409 with the stored version when the note changed since the edit began', async () => {
    const m = await member();
    const first = await create(m, { title: 'Version 1' });
    const tabA = await m.save({
      note_id: first.note_id,
      title: 'Tab A',
      body: '<p>A</p>',
      basedOn: first.timestamp,
    });
    expect(tabA.status).toBe(200);
    const tabB = await m.save({
      note_id: first.note_id,
      title: 'Tab B',
      body: '<p>B</p>',
      basedOn: first.timestamp,
    });
    expect(tabB.status).toBe(409);
    expect(tabB.body).toMatchObject({
      error: 'This note was changed in another tab or device',
      conflict: {
        title: 'Tab A',
        body: '<p>A</p>',
        timestamp: (tabA.body as { note: NoteSummary }).note.timestamp,
      },
    });
    expect(((await m.note(first.note_id)).body as { note: Note }).note.title).toBe('Tab A');
  });

  it('refuses to overwrite an existing note from an editor that thinks it is new', async () => {
    const m = await member();
    const note = await create(m);
    const blind = await m.save({ note_id: note.note_id, title: 'Blind', body: '', basedOn: null });
    expect(blind.status).toBe(409);
  });

  it('of concurrent saves based on the same version, exactly one wins', async () => {
    const m = await member();
    const note = await create(m);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        m.save({
          note_id: note.note_id,
          title: `Tab ${i}`,
          body: '',
          symbols: [`SYM${'ABCDEFGH'[i]}`],
          basedOn: note.timestamp,
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(7);
    const winner = answers.find((a) => a.status === 200)?.body as { note: NoteSummary };
    expect(await m.symbols()).toEqual([{ symbol: winner.note.symbols[0], note_ids: [note.note_id] }]);
  });
});

describe('indexes move with the note', () => {
  it('symbols: added, removed on update (an empty symbol disappears), and gone with the note', async () => {
    const m = await member();
    const a = await create(m, { symbols: ['ABCD', 'EFGH'] });
    const b = await create(m, { symbols: ['ABCD'] });
    expect(await m.symbols()).toEqual([
      { symbol: 'ABCD', note_ids: [a.note_id, b.note_id].sort() },
      { symbol: 'EFGH', note_ids: [a.note_id] },
    ]);
    const edited = await m.save({
      note_id: a.note_id,
      title: 'T',
      body: '',
      symbols: ['WXYZ'],
      basedOn: a.timestamp,
    });
    expect(edited.status).toBe(200);
    expect(await m.symbols()).toEqual([
      { symbol: 'ABCD', note_ids: [b.note_id] },
      { symbol: 'WXYZ', note_ids: [a.note_id] },
    ]);
    expect(await store.exists(journalKeys.symbol(m.sub, 'EFGH'))).toBe(0);
    expect((await m.symbolNotes('$wxyz')).map((n) => n.note_id)).toEqual([a.note_id]);
    const bad = await m.call(symbolNotesFn, 'journal/symbols/notes', { symbol: 'A1' });
    expect(bad).toEqual({
      status: 400,
      body: { error: 'symbol: use a stock symbol (3–7 letters, dots, hyphens or carets)' },
    });
    expect(await m.remove(b.note_id)).toEqual({ status: 200, body: { deleted: true } });
    expect(await m.symbols()).toEqual([{ symbol: 'WXYZ', note_ids: [a.note_id] }]);
    expect(await m.remove(b.note_id)).toEqual({ status: 200, body: { deleted: false } });
    expect((await m.notes()).notes.map((n) => n.note_id)).toEqual([a.note_id]);
  });

  it('categories: membership follows the note, and deleting a category takes it off its notes', async () => {
    const m = await member();
    const [setups, lessons] = [categoryId(), categoryId()];
    await m.category({ category_id: setups, category: 'Setups' });
    const listed = await m.category({ category_id: lessons, category: 'lessons' });
    expect(listed.body.categories).toEqual([
      { category_id: lessons, category: 'lessons' },
      { category_id: setups, category: 'Setups' },
    ]);
    const a = await create(m, { categories: [setups, lessons] });
    const b = await create(m, { categories: [setups] });
    expect((await m.categoryNotes(setups)).map((n) => n.note_id)).toEqual([b.note_id, a.note_id]);
    const deleted = await m.category({ category_id: setups, delete: 'true' });
    expect(deleted).toEqual({
      status: 200,
      body: { categories: [{ category_id: lessons, category: 'lessons' }] },
    });
    expect(await m.categoryNotes(setups)).toEqual([]);
    const notes = (await m.notes()).notes;
    expect(notes.find((n) => n.note_id === a.note_id)?.categories).toEqual([lessons]);
    expect(notes.find((n) => n.note_id === b.note_id)?.categories).toEqual([]);
  });

  it.each([
    [{ category: '' }, 'Give the category a name'],
    [{ category: 'x'.repeat(21) }, 'Category names are at most 20 characters'],
    [{}, 'category: give the category a name, or delete: true'],
    [
      { category_id: 'category_bad', category: 'X' },
      'category_id: use a category id (category_ and 16 letters or digits)',
    ],
  ])('refuses the category change %j', async (fields, error) => {
    const m = await member();
    const answer = await m.category({ category_id: categoryId(), ...fields });
    expect(answer).toEqual({ status: 400, body: { error } });
    expect(await m.categories()).toEqual([]);
  });

  it('50 concurrent saves of different notes by one member are all there, with their indexes', async () => {
    const m = await member();
    const cat = categoryId();
    await m.category({ category_id: cat, category: 'Busy day' });
    const saved = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        m.save({
          note_id: noteId(),
          title: `Note ${i}`,
          body: `<p>${i}</p>`,
          symbols: ['SAME', `S${String.fromCharCode(65 + (i % 26))}X`],
          categories: [cat],
          basedOn: null,
        }),
      ),
    );
    expect(saved.map((s) => s.status)).toEqual(Array(50).fill(200));
    const ids = saved.map((s) => (s.body as { note: NoteSummary }).note.note_id).sort();
    const list = await m.notes();
    expect(list.total).toBe(50);
    expect(list.notes.map((n) => n.note_id).sort()).toEqual(ids);
    const symbols = await m.symbols();
    expect(symbols.find((s) => s.symbol === 'SAME')?.note_ids).toEqual(ids);
    expect(symbols.reduce((sum, s) => sum + s.note_ids.length, 0)).toBe(100);
    expect((await m.categoryNotes(cat)).map((n) => n.note_id).sort()).toEqual(ids);
  });
});

describe("one member's journal is out of another's reach", () => {
  it("member B sending member A's ids (and A's custID) reads and changes nothing of A's", async () => {
    const [a, b] = [await member(), await member()];
    const cat = categoryId();
    await a.category({ category_id: cat, category: 'Private' });
    const note = await create(a, { symbols: ['PRIV'], categories: [cat] });
    const before = {
      note: await a.note(note.note_id),
      symbols: await a.symbols(),
      categories: await a.categories(),
    };
    const custID = 'cus_of_member_a';

    expect((await b.call(metadataFn, 'journal/metadata', { note_id: note.note_id, custID })).status).toBe(
      404,
    );
    expect(await b.symbolNotes('PRIV')).toEqual([]);
    expect(await b.categoryNotes(cat)).toEqual([]);
    expect(await b.remove(note.note_id)).toEqual({ status: 200, body: { deleted: false } });
    // B's save under A's id makes a note of B's own; A's stays as it was.
    const overwrite = await b.save({
      note_id: note.note_id,
      title: 'Mine now',
      body: '',
      basedOn: null,
      custID,
    });
    expect(overwrite.status).toBe(200);
    const renamed = await b.category({ category_id: cat, category: 'Hijacked', custID });
    expect(renamed.body.categories).toEqual([{ category_id: cat, category: 'Hijacked' }]);
    await b.category({ category_id: cat, delete: 'true' });

    expect({
      note: await a.note(note.note_id),
      symbols: await a.symbols(),
      categories: await a.categories(),
    }).toEqual(before);
  });
});

describe('export', () => {
  it('answers every note with its body, 25 a page, newest saved first', async () => {
    const m = await member();
    const pipe = store.pipeline();
    for (let i = 0; i < 30; i++) {
      const id = `note_${String(i).padStart(16, '0')}`;
      pipe.hset(journalKeys.note(m.sub, id), {
        title: `Note ${i}`,
        body: `<p>${i}</p>`,
        timestamp: 1000 + i,
        symbols: 'ABCD',
        categories: '',
      });
      pipe.zadd(journalKeys.notes(m.sub), { score: 1000 + i, member: id });
    }
    await pipe.exec();
    const first = await m.call(exportFn, 'journal/export', {});
    const notes = first.body.notes as Note[];
    expect(notes).toHaveLength(25);
    expect(notes[0]).toEqual({
      note_id: 'note_0000000000000029',
      title: 'Note 29',
      body: '<p>29</p>',
      timestamp: 1029,
      symbols: ['ABCD'],
      categories: [],
    });
    expect(first.body.more).toBe(true);
    const second = await m.call(exportFn, 'journal/export', { page: 1 });
    expect((second.body.notes as Note[]).map((n) => n.title)).toEqual([
      'Note 4',
      'Note 3',
      'Note 2',
      'Note 1',
      'Note 0',
    ]);
    expect(second.body.more).toBe(false);
    // Another member's export holds none of them.
    expect((await (await member()).call(exportFn, 'journal/export', {})).body).toEqual({
      notes: [],
      more: false,
    });
  });
});

describe('search', () => {
  it('finds notes by every word of their title or text, case and accents ignored, only the caller’s', async () => {
    const m = await member();
    const deja = await create(m, {
      title: 'Morning',
      body: '<p>Déjà vu <strong>BREAKOUT</strong> on <span data-cashtag="ABCD">$ABCD</span></p>',
    });
    const other = await create(m, { title: 'Breakout checklist', body: '<p>Volume first</p>' });
    const search = async (who: Member, query: string) =>
      ((await who.call(searchFn, 'journal/search', { query })).body as { notes: NoteSummary[] }).notes.map(
        (n) => n.note_id,
      );
    expect(await search(m, 'deja breakout')).toEqual([deja.note_id]);
    expect(await search(m, 'BREAKOUT')).toEqual([other.note_id, deja.note_id]);
    expect(await search(m, '$abcd')).toEqual([deja.note_id]);
    expect(await search(m, 'checklist volume')).toEqual([other.note_id]);
    expect(await search(m, 'nothing like this')).toEqual([]);
    expect(await search(await member(), 'breakout')).toEqual([]);
  });
});
