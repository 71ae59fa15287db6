import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { getDeps } from '../../functions/_lib/deps.ts';
import { newId } from '../../functions/_lib/ids.ts';
import { journalKeys } from '../../functions/_lib/journal/keys.ts';
import { MAX_BODY_BYTES } from '../../functions/_lib/journal/rules.ts';
import * as sanitize from '../../functions/_lib/journal/sanitize.ts';
import saveNoteFn from '../../functions/journal-notes-update.ts';
import { activeMembership, signedIn } from '../support/members.ts';
import { clockAtWindowStart } from '../support/rate-window.ts';
import { post } from '../support/requests.ts';

// The sanitizer is the costly step of a note save: only a member within the rate limit reaches it,
// and a body no editor writes is refused in front of it.
vi.mock('../../functions/_lib/journal/sanitize.ts', async (original) => {
  const real = await original<typeof sanitize>();
  return { ...real, sanitizeNoteBody: vi.fn(real.sanitizeNoteBody) };
});
const sanitized = vi.mocked(sanitize.sanitizeNoteBody);
afterEach(() => sanitized.mockClear());

const { store } = getDeps();
/** The largest body the schema accepts, nested as deep as it goes: 17 s of sanitizing at 800 KB before. */
const hostile = '<x>'.repeat(Math.floor(MAX_BODY_BYTES / 3));
const save = (headers: Record<string, string>, body: string) =>
  saveNoteFn(
    post('/api/journal/notes/update', { note_id: newId('note_'), title: 'T', body, basedOn: null }, headers),
  );

describe('a note save does its costly work last', () => {
  it('a signed-in non-member is refused (403) without the body reaching the sanitizer', async () => {
    const { headers } = await signedIn(store, null);
    const answer = await save(headers, '<p>an ordinary note</p>');
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ redirect: true });
    expect((await save(headers, hostile)).status).toBe(403);
    expect(sanitized).not.toHaveBeenCalled();
  });

  it('a member over the rate limit is refused (429) without the body reaching the sanitizer', async () => {
    const { sub, headers } = await signedIn(store, activeMembership());
    clockAtWindowStart();
    onTestFinished(() => {
      vi.useRealTimers();
    });
    for (let i = 0; i < 60; i++) expect((await save(headers, '<p>n</p>')).status).toBe(200);
    sanitized.mockClear();
    expect((await save(headers, '<p>one more</p>')).status).toBe(429);
    expect(sanitized).not.toHaveBeenCalled();
    expect(await store.zcard(journalKeys.notes(sub))).toBe(60);
  });

  it('a member’s body nested deeper than any note is refused (400) in front of the sanitizer', async () => {
    const { sub, headers } = await signedIn(store, activeMembership());
    const answer = await save(headers, hostile);
    expect(answer.status).toBe(400);
    expect((await answer.json()).error).toMatch(/^This note is nested too deeply/);
    expect(sanitized).not.toHaveBeenCalled();
    expect(await store.zcard(journalKeys.notes(sub))).toBe(0);
  });

  it('a body over the stored limit is refused by the schema, before any store read', async () => {
    const { headers } = await signedIn(store, null);
    const answer = await save(headers, 'x'.repeat(MAX_BODY_BYTES + 1));
    // 400 and not 403: refused before the membership is read (the old limit was 4× the stored one).
    expect(answer.status).toBe(400);
    expect((await answer.json()).error).toBe('body: This note is too long: a note holds at most 200 KB');
    expect(sanitized).not.toHaveBeenCalled();
  });

  it('an ordinary note is sanitized once, saved, and read back', async () => {
    const { headers } = await signedIn(store, activeMembership());
    expect((await save(headers, '<p>Bought <b>$ABCD</b></p><script>x()</script>')).status).toBe(200);
    expect(sanitized).toHaveBeenCalledTimes(1);
  });
});
