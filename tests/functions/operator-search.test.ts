import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { customerOwnerKey, membershipKey } from '../../functions/_lib/billing/membership.ts';
import { saveMembership } from '../../functions/_lib/billing/membership-write.ts';
import { chatKeys } from '../../functions/_lib/chat/keys.ts';
import type { MemberRow } from '../../functions/_lib/contract/operator.ts';
import { courseLibrary } from '../../functions/_lib/courses/library.ts';
import { progressKeys } from '../../functions/_lib/courses/progress-keys.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import { opsKeys } from '../../functions/_lib/operator/keys.ts';
import { moveMemberEmail } from '../../functions/_lib/operator/member-email.ts';
import { listMembers } from '../../functions/_lib/operator/members.ts';
import { backfillSearchIndex } from '../../functions/_lib/operator/search-backfill.ts';
import { SEARCH_INDEX_LUA, searchIndexKeys } from '../../functions/_lib/operator/search-index.ts';
import deleteFn from '../../functions/account-delete.ts';
import certificateFn from '../../functions/courses-certificate.ts';
import withdrawFn from '../../functions/courses-certificate-withdraw.ts';
import membersFn from '../../functions/operator-members.ts';
import discordFn from '../../functions/user-discord.ts';
import updateEmailFn from '../../functions/user-updateemail.ts';
import { completeModules } from '../support/course-progress.ts';
import { followLink, linkTo } from '../support/email-links.ts';
import { activeMembership } from '../support/members.ts';
import { call, type Handler, newSub, operator, paidMember } from '../support/operator.ts';
import { storeRequests } from '../support/round-trips.ts';

// The console's member search on real Redis (docs/operator.md "Search"): what finds a member, in
// what order, kept in step with every write of what it finds them by, and the backfill for members
// indexed before it. The index is shared with every suite running at once: each test searches for
// words of its own (a random tag), so what it finds is its own.

const { store } = getDeps();
const deps = { store, now: Date.now };
const COURSE = 'penny-stock-essentials';
const course = courseLibrary.find((c) => c.slug === COURSE);
if (!course) throw new Error(`${COURSE} is the course these tests read`);

/** Letters only, new each time: the words a test searches by. */
const tag = () =>
  randomUUID()
    .replace(/[^a-f]/g, '')
    .padEnd(8, 'x')
    .slice(0, 8);

async function search(query: string, extra: Record<string, unknown> = {}) {
  const answer = await call(membersFn, 'operator/members', await operator(), { query, ...extra });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as { members: MemberRow[]; next: string | null };
}
const subsFound = async (query: string) => (await search(query)).members.map((m) => m.sub);

/** A member written by the membership write (the console's index), with this email, at `at`. */
async function indexed(email: string, at: number, sub = newSub()) {
  await saveMembership(store, sub, activeMembership(), { email, at });
  return sub;
}

describe('what finds a member', () => {
  it('the beginning of the email, of its domain, of the customer id: any case, newest first', async () => {
    const t = tag();
    const { sub } = await paidMember(store, { email: `Zed.${t}@${t}-Mail.example.com` });
    const [row] = (await search(`zed.${t}@${t}-mail.example.com`)).members;
    expect(row).toMatchObject({ sub, email: `zed.${t}@${t}-mail.example.com` });
    const customerId = String(row?.customerId);
    for (const query of [
      `zed.${t.slice(0, 4)}`,
      `ZED.${t.toUpperCase()}`,
      `zed.${t}@${t}-m`,
      `${t}-mail`,
      `@${t}-mail.exa`,
      ` ${t.toUpperCase()}-MAIL.EXAMPLE.COM `,
      customerId,
      customerId.slice(0, -2).toUpperCase(),
    ])
      expect(await subsFound(query), query).toContain(sub);
    // No match is an empty list, not an error; `@` before a word looks at domains only.
    expect(await search(`${t}-nothing`)).toEqual({ members: [], next: null });
    expect(await subsFound(`@zed.${t}`)).toEqual([]);
  });

  it('the chat username and the certificate names the member gave, by any of their words', async () => {
    const t = tag();
    const { sub, headers } = await paidMember(store);
    const invited = await call(discordFn as Handler, 'user/discord', headers, { discord: `desk.${t}` });
    expect(invited.status, invited.text).toBe(200);
    expect(await subsFound(`desk.${t}`)).toEqual([sub]);
    expect(await subsFound(t)).toEqual([sub]);

    await completeModules(store, sub, course);
    const issue = (name: string) =>
      call(certificateFn as Handler, 'courses/certificate', headers, { course: COURSE, name });
    expect((await issue(`Ann ${t}son Lee`)).status).toBe(200);
    for (const query of [`ann ${t}`, `${t}SON`, `${t}son lee`])
      expect(await subsFound(query), query).toEqual([sub]);
    // Renamed: the old name no longer finds the member, the new one does; the username still does.
    expect((await issue(`Bea ${t}dottir`)).status).toBe(200);
    expect(await subsFound(`ann ${t}`)).toEqual([]);
    expect(await subsFound(`${t}son`)).toEqual([]);
    expect(await subsFound(`bea ${t}d`)).toEqual([sub]);
    expect(await subsFound(`desk.${t}`)).toEqual([sub]);
    // Withdrawn: the name is gone from the search.
    const withdrawn = await call(withdrawFn as Handler, 'courses/certificate/withdraw', headers, {
      course: COURSE,
    });
    expect(withdrawn.json).toEqual({ withdrawn: true });
    expect(await subsFound(`bea ${t}`)).toEqual([]);
    expect(await subsFound(`desk.${t}`)).toEqual([sub]);
  });

  it('a new chat username replaces the old one', async () => {
    const t = tag();
    const { sub, headers } = await paidMember(store);
    for (const discord of [`first.${t}`, `second.${t}`]) {
      const invited = await call(discordFn as Handler, 'user/discord', headers, { discord });
      expect(invited.status, invited.text).toBe(200);
    }
    expect(await subsFound(`first.${t}`)).toEqual([]);
    expect(await subsFound(`second.${t}`)).toEqual([sub]);
  });

  it('an email change moves the terms: the old address no longer finds the member, the new one does', async () => {
    const t = tag();
    const { sub, headers } = await paidMember(store, { email: `old.${t}@${t}old.example.com` });
    expect(await subsFound(`old.${t}`)).toEqual([sub]);
    const changed = await call(updateEmailFn as Handler, 'user/updateemail', headers, {
      email: `New.${t}@${t}new.example.com`,
      currentPassword: 'member-password',
    });
    expect(changed.status, changed.text).toBe(200);
    // It changes when the link mailed to the new address is followed.
    expect(await subsFound(`old.${t}`)).toEqual([sub]);
    const { token } = await linkTo(store, `new.${t}@${t}new.example.com`);
    expect((await followLink(token)).status).toBe(200);
    expect(await subsFound(`old.${t}`)).toEqual([]);
    expect(await subsFound(`${t}old`)).toEqual([]);
    expect(await subsFound(`new.${t}`)).toEqual([sub]);
    expect(await subsFound(`${t}new.ex`)).toEqual([sub]);
  });

  it('a change of customer replaces the old customer id (billing still knows the old one, exactly)', async () => {
    const t = tag();
    const sub = newSub();
    await saveMembership(store, sub, activeMembership({ customerId: `cus_${t}one` }), { at: Date.now() });
    expect(await subsFound(`cus_${t}o`)).toEqual([sub]);
    await saveMembership(
      store,
      sub,
      activeMembership({ customerId: `cus_${t}two`, asOf: Date.now() + 1000 }),
    );
    expect(await subsFound(`cus_${t}o`)).toEqual([]);
    expect(await subsFound(`cus_${t}`)).toEqual([sub]);
    // Billing keeps the old customer's owner (a late event of it still finds the member): so does
    // the search, given the whole id.
    expect(await subsFound(`cus_${t}one`)).toEqual([sub]);
  });

  it('account deletion takes every term of the member out of the search', async () => {
    const t = tag();
    const { sub, headers } = await paidMember(store, { email: `gone.${t}@${t}gone.example.com` });
    expect((await call(discordFn as Handler, 'user/discord', headers, { discord: `gone_${t}` })).status).toBe(
      200,
    );
    await completeModules(store, sub, course);
    const named = await call(certificateFn as Handler, 'courses/certificate', headers, {
      course: COURSE,
      name: `Gone ${t}`,
    });
    expect(named.status).toBe(200);
    const [row] = (await search(`gone.${t}`)).members;
    const customerId = String(row?.customerId);
    expect(await subsFound(customerId)).toEqual([sub]);

    const deleted = await call(deleteFn as Handler, 'account/delete', headers, {
      password: 'member-password',
    });
    expect(deleted.status, deleted.text).toBe(200);
    for (const query of [`gone.${t}`, `${t}gone`, `gone_${t}`, `gone ${t}`, t, customerId])
      expect(await subsFound(query), query).toEqual([]);
    expect(await store.hget(opsKeys.searchTerms, sub)).toBeNull();
    const entries = [
      `gone.${t}@${t}gone.example.com`,
      `@${t}gone.example.com`,
      `gone_${t}`,
      customerId.toLowerCase(),
    ];
    for (const term of entries)
      expect(await store.zscore(opsKeys.search, `${term}\0${sub}`), term).toBeNull();
  });
});

describe('the order and the pages', () => {
  /**
   * Five members of one domain, two signed up in the same ms. Long ago, so they never lead the
   * shared index (another suite's members do, far ahead).
   */
  async function fiveOfOneDomain() {
    const t = tag();
    const at = Date.UTC(2001, 0, 1) + Math.floor(Math.random() * 1e11);
    const subs = [newSub(), newSub(), newSub(), newSub(), newSub()];
    const times = [at, at + 1, at + 2, at + 2, at + 3];
    await Promise.all(subs.map((sub, i) => indexed(`m${i}.${t}@${t}.example.com`, times[i] as number, sub)));
    const tied = [subs[2], subs[3]].sort().reverse();
    return { t, at, order: [subs[4], ...tied, subs[1], subs[0]] as string[] };
  }

  /** Every page of `query`, `limit` at a time, by the function (with its bounds) or the endpoint. */
  async function allPages(
    query: string,
    limit: number,
    bounds?: { maxTerms: number; maxWalk: number },
    from: string | null = null,
  ) {
    const seen: string[] = [];
    let cursor = from;
    for (let page = 0; page < 100; page++) {
      const answer = await listMembers(deps, { query, cursor, limit }, bounds);
      expect(answer.members.length).toBeLessThanOrEqual(limit);
      seen.push(...answer.members.map((m) => m.sub));
      cursor = answer.next;
      if (!cursor) break;
    }
    return { seen, cursor };
  }

  it('newest first by sign-up, ties each once, paged with next', async () => {
    const { t, order } = await fiveOfOneDomain();
    const first = await search(`${t}.example`, { limit: 2 });
    expect(first.members.map((m) => m.sub)).toEqual(order.slice(0, 2));
    expect(first.next).toMatch(/^\d+\|\d+$/);
    const second = await search(`${t}.example`, { limit: 2, cursor: first.next });
    expect(second.members.map((m) => m.sub)).toEqual(order.slice(2, 4));
    const third = await search(`${t}.example`, { limit: 2, cursor: second.next });
    expect(third).toMatchObject({ next: null });
    expect(third.members.map((m) => m.sub)).toEqual(order.slice(4));
    for (const limit of [1, 3, 25]) expect((await allPages(`@${t}`, limit)).seen).toEqual(order);
  });

  it('a query matching more entries than the bound walks the index instead, in the same order and pages', async () => {
    const { t, order } = await fiveOfOneDomain();
    const broad = { maxTerms: 3, maxWalk: 100_000 };
    for (const limit of [1, 2, 25])
      expect((await allPages(`${t}.example`, limit, broad)).seen).toEqual(order);
    // A cursor from one way is good for the other.
    const firstByPrefix = await listMembers(deps, { query: `${t}.ex`, limit: 2 });
    const rest = await listMembers(deps, { query: `${t}.ex`, limit: 25, cursor: firstByPrefix.next }, broad);
    expect([...firstByPrefix.members, ...rest.members].map((m) => m.sub)).toEqual(order);
  });

  it('a walk that reaches its bound answers what it found, with a cursor going on from there', async () => {
    const { t, at, order } = await fiveOfOneDomain();
    // Two members looked at a call, from just above them: every member comes, each once, in
    // order, over short pages (the two of one ms among them).
    const { seen } = await allPages(`${t}.example`, 25, { maxTerms: 3, maxWalk: 2 }, `${at + 4}|0`);
    expect(seen.slice(0, 5)).toEqual(order);
  });

  it('costs at most 2 store round trips, by prefix or by walk', async () => {
    const { t } = await fiveOfOneDomain();
    for (const bounds of [undefined, { maxTerms: 1, maxWalk: 1000 }]) {
      const { requests, result } = await storeRequests(() =>
        listMembers(deps, { query: `${t}.example`, limit: 25 }, bounds),
      );
      expect(requests).toBeLessThanOrEqual(2);
      expect(result.members).toHaveLength(5);
    }
  });
});

describe('the query', () => {
  it('refuses 1 character and more than 200 with a 400 saying why, reading and writing nothing', async () => {
    const headers = await operator();
    for (const [query, error] of [
      ['a', 'query: Type at least 2 characters'],
      ['  é  ', 'query: Type at least 2 characters'],
      ['x'.repeat(300), 'query: At most 200 characters'],
    ] as const) {
      const { requests, result } = await storeRequests(() =>
        call(membersFn, 'operator/members', headers, { query }),
      );
      expect(result.status).toBe(400);
      expect(result.json).toEqual({ error });
      // The rate limit's count and the token's "valid after" time, sent together: no search ran,
      // nothing was written.
      expect(requests).toBe(2);
    }
    expect(await search('x'.repeat(200))).toEqual({ members: [], next: null });
    expect(await search('   ')).toMatchObject({ members: expect.any(Array) });
  });
});

describe('the backfill', () => {
  /** A member as stored before the search existed: the index, the membership, a chat record, a certificate. */
  async function unfiled(t: string, n = 0) {
    const sub = newSub();
    const email = `early.${t}.${n}@${t}early.example.com`;
    const at = Date.UTC(2001, 0, 1) + Math.floor(Math.random() * 1e11);
    await store
      .pipeline()
      .zadd(opsKeys.members, { score: at, member: sub })
      .hset(opsKeys.member(sub), { email, signedUpAt: String(at) })
      .hset(opsKeys.email, { [email]: sub })
      .set(membershipKey(sub), JSON.stringify(activeMembership({ customerId: `cus_${t}early${n}` })))
      .set(customerOwnerKey(`cus_${t}early${n}`), sub)
      .set(
        chatKeys.member(sub),
        JSON.stringify({ username: `early_${t}`, invite: null, revoked: false, account: null }),
      )
      .hset(progressKeys.certificates(sub), {
        [COURSE]: JSON.stringify({ id: 'x'.repeat(20), name: `Early ${t}`, issuedAt: at }),
      })
      .exec();
    return { sub, email };
  }

  it('files members indexed before the search, page by page, from where it stopped, once', async () => {
    const t = tag();
    const a = await unfiled(t, 1);
    const b = await unfiled(t, 2);
    // Before: no beginning finds them; the exact address and customer id still do.
    expect(await subsFound(`early.${t}`)).toEqual([]);
    expect(await subsFound(a.email.toUpperCase())).toEqual([a.sub]);
    expect(await subsFound(`cus_${t}early1`)).toEqual([a.sub]);
    expect(await subsFound(`cus_${t}early`)).toEqual([]);

    const progressKey = `t:${randomUUID()}:search-backfill`;
    // A budget spent after the first page: it stops there, its progress kept.
    const first = await backfillSearchIndex(store, { budgetMs: 0, page: 2, progressKey });
    expect(first).toEqual({ members: 2, done: false });
    expect(await store.get(progressKey)).toMatch(/^\d+\|\d+$/);
    const rest = await backfillSearchIndex(store, { page: 500, progressKey });
    expect(rest.done).toBe(true);
    expect(await store.get(progressKey)).toBe('done');
    expect(await backfillSearchIndex(store, { progressKey })).toEqual({ members: 0, done: true });

    for (const query of [`early.${t}`, `${t}early.ex`, `cus_${t}early`, `early_${t}`, `early ${t}`, t])
      expect((await subsFound(query)).sort(), query).toEqual([a.sub, b.sub].sort());
  });

  it('never overwrites what a write set since it read', async () => {
    const t = tag();
    const { sub } = await unfiled(t);
    // The email changed after the backfill read the old one: the change's terms stay.
    await moveMemberEmail(store, sub, `moved.${t}@${t}moved.example.com`);
    const fill = `${SEARCH_INDEX_LUA}
return search_update(KEYS[1], KEYS[2], ARGV[1], ARGV[2], true)`;
    const stale = JSON.stringify({ email: [`early.${t}.0@${t}early.example.com`], chat: [`early_${t}`] });
    expect(await store.eval(fill, searchIndexKeys(), [sub, stale])).toBe(1);
    expect(await subsFound(`early.${t}`)).toEqual([]);
    expect(await subsFound(`moved.${t}`)).toEqual([sub]);
    expect(await subsFound(`early_${t}`)).toEqual([sub]);
  });
});
