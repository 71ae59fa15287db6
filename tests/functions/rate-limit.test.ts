import { randomUUID } from 'node:crypto';
import type { Context } from '@netlify/functions';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDeps } from '../../functions/_lib/deps.ts';
import { rateLimitPolicies } from '../../functions/_lib/http/rate-limit.ts';
import { newId } from '../../functions/_lib/ids.ts';
import { journalKeys } from '../../functions/_lib/journal/keys.ts';
import deleteAccountFn from '../../functions/account-delete.ts';
import exportFn from '../../functions/journal-export.ts';
import saveNoteFn from '../../functions/journal-notes-update.ts';
import searchFn from '../../functions/journal-search.ts';
import retryEmailFn from '../../functions/operator-emails-retry.ts';
import promoFn from '../../functions/promo.ts';
import passwordFn from '../../functions/user-updatepassword.ts';
import { activeMembership, signedIn } from '../support/members.ts';
import { clockAtWindowStart } from '../support/rate-window.ts';
import { post } from '../support/requests.ts';
import { authHeader, OPERATOR_PERMISSIONS } from '../support/tokens.ts';

// Rate limits on real Redis through the real @upstash/ratelimit scripts.

const from = (ip: string) => ({ ip }) as Context;

describe('rate limits', () => {
  beforeEach(clockAtWindowStart);
  afterEach(() => vi.useRealTimers());

  it('the public promo check allows 20 guesses a minute per client IP, then 429 with Retry-After', async () => {
    const ip = `10.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}.7`;
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await promoFn(post('/api/promo', { promo: `GUESS${i}` }), from(ip))).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    const refused = await promoFn(post('/api/promo', { promo: 'ONE-MORE' }), from(ip));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).error).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    // Another client is not affected.
    expect((await promoFn(post('/api/promo', { promo: 'X' }), from(`${ip}9`))).status).toBe(200);
  });

  it('account changes are limited per member, whatever IP they come from', async () => {
    const headers = await authHeader({ sub: `auth0|${randomUUID()}` });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      // An invalid password: refused by the rules, but still counted.
      statuses.push(
        (await passwordFn(post('/api/user/updatepassword', { password: 'x' }, headers), from(`10.0.0.${i}`)))
          .status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });

  it('account deletion has its own budget of 5 tries in 10 minutes: each checks the password', async () => {
    const headers = await authHeader({ sub: `auth0|${randomUUID()}` });
    const statuses: number[] = [];
    // No password: refused by the rules before any provider is asked, but still counted.
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await deleteAccountFn(post('/api/account/delete', {}, headers), from('10.0.1.1'))).status,
      );
    expect(statuses).toEqual([...Array(rateLimitPolicies.accountDeletion.limit).fill(400), 429]);
    // Another member's budget is their own.
    const other = await authHeader({ sub: `auth0|${randomUUID()}` });
    expect((await deleteAccountFn(post('/api/account/delete', {}, other), from('10.0.1.1'))).status).toBe(
      400,
    );
  });

  it("the operator's actions have their own budget of 60 in 10 minutes, per operator", async () => {
    const operator = await authHeader({ sub: `auth0|${randomUUID()}`, permissions: OPERATOR_PERMISSIONS });
    const retry = (headers: Record<string, string>) =>
      retryEmailFn(post('/api/operator/emails/retry', { key: 'welcome:nobody' }, headers), from('10.0.2.1'));
    const statuses: number[] = [];
    // No such undeliverable email: refused after the limit is judged, and counted.
    for (let i = 0; i <= rateLimitPolicies.operatorAction.limit; i++)
      statuses.push((await retry(operator)).status);
    expect(statuses).toEqual([...Array(rateLimitPolicies.operatorAction.limit).fill(404), 429]);
    const other = await authHeader({ sub: `auth0|${randomUUID()}`, permissions: OPERATOR_PERMISSIONS });
    expect((await retry(other)).status).toBe(404);
  });

  it('member writes are limited beside the membership read: the refused save writes nothing', async () => {
    const { store } = getDeps();
    const { sub, headers } = await signedIn(store, activeMembership());
    const save = (i: number) =>
      saveNoteFn(
        post(
          '/api/journal/notes/update',
          { note_id: newId('note_'), title: `Note ${i}`, body: '', basedOn: null },
          headers,
        ),
      );
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await save(i)).status);
    expect(statuses).toEqual(Array(60).fill(200));
    const refused = await save(60);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await store.zcard(journalKeys.notes(sub))).toBe(60);
  });

  // Each reads every note of the member (search: their text; export: 25 bodies of up to 200 KB).
  it.each([
    ['journal/search', searchFn, rateLimitPolicies.search.limit, { query: 'abc' }],
    ['journal/export', exportFn, rateLimitPolicies.export.limit, {}],
  ] as const)('%s is limited per member: %i, then 429', async (name, fn, limit, body) => {
    const { store } = getDeps();
    const { headers } = await signedIn(store, activeMembership());
    const call = () => fn(post(`/api/${name}`, body, headers));
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) statuses.push((await call()).status);
    expect(statuses).toEqual(Array(limit).fill(200));
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
