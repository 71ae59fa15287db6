import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deletingKey, pseudonymOf, subDigest } from '../../functions/_lib/account/deleted-marker.ts';
import { deleteAccount } from '../../functions/_lib/account/deletion.ts';
import { EXPORT_FORMAT, EXPORT_VERSION } from '../../functions/_lib/account/export.ts';
import { validAfterKey } from '../../functions/_lib/auth/valid-after.ts';
import { getBillingPorts } from '../../functions/_lib/billing/billing-ports.ts';
import { type LocalCharge, localKeys } from '../../functions/_lib/billing/local-billing.ts';
import { REFERRED_PAYMENTS_KEY, referredPayments } from '../../functions/_lib/billing/local-referrals.ts';
import { refundLocalCharge } from '../../functions/_lib/billing/local-refunds.ts';
import { getChatPorts } from '../../functions/_lib/chat/chat-ports.ts';
import { chatKeys } from '../../functions/_lib/chat/keys.ts';
import { openLocalInvite } from '../../functions/_lib/chat/local-chat.ts';
import type { LedgerEntry } from '../../functions/_lib/contract/operator.ts';
import { certificateKey, courseStatsKeys, progressKeys } from '../../functions/_lib/courses/progress-keys.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import { getIdentityPorts } from '../../functions/_lib/identity/identity-ports.ts';
import { createUser, getUser, verifyPassword } from '../../functions/_lib/identity/local-users.ts';
import { ledgerKeys } from '../../functions/_lib/ledger/keys.ts';
import { mailKeys } from '../../functions/_lib/mail/keys.ts';
import { marketKeys } from '../../functions/_lib/market/keys.ts';
import { readAudit } from '../../functions/_lib/operator/audit.ts';
import { opsKeys } from '../../functions/_lib/operator/keys.ts';
import { hashEntries } from '../../functions/_lib/store.ts';
import deleteFn from '../../functions/account-delete.ts';
import exportFn from '../../functions/account-export.ts';
import certificatePageFn from '../../functions/certificate-page.ts';
import chargeFn from '../../functions/charge.ts';
import profileFn from '../../functions/courses-profile.ts';
import notesUpdateFn from '../../functions/journal-notes-update.ts';
import answersFn from '../../functions/journal-trades-answers.ts';
import operatorChatFn from '../../functions/operator-members-chat.ts';
import statusFn from '../../functions/subscription-status.ts';
import discordFn from '../../functions/user-discord.ts';
import updateCardFn from '../../functions/user-updatecard.ts';
import { addTestVideo } from '../support/library-fixture.ts';
import { closeKeyDump, dumpMember, keysHolding } from '../support/member-keys.ts';
import { activeMembership } from '../support/members.ts';
import { call, type Handler, operator } from '../support/operator.ts';
import { seededMember } from '../support/seeded-member.ts';
import { authHeader } from '../support/tokens.ts';

// "Download my data" and "Delete my account" (docs/security.md "Your data") on real Redis, through the
// local billing, chat and identity ports as `npm start` runs them.

const { store } = getDeps();
const PASSWORD = 'first-pass';
let videoId: string;

beforeAll(async () => {
  videoId = await addTestVideo(store);
});
afterAll(closeKeyDump);

/** A paid member (local billing) with one of everything, a chat role, a certificate and a profile. */
async function fullMember(tag: string, options: { referral?: string } = {}) {
  const seeded = await seededMember(store, videoId, { tag, paid: true, ...options });
  const { sub, headers } = seeded;
  const user = await getUser(store, sub);
  const email = user?.email ?? '';
  const username = `del.${sub.slice(-8)}`;
  const invited = await call(discordFn as Handler, 'user/discord', headers, { discord: username });
  expect(invited.status, invited.text).toBe(200);
  const code = String(invited.json.invite).split('/').at(-1) ?? '';
  expect((await openLocalInvite(store, code, Date.now())).state).toBe('joined');
  const profile = await call(profileFn as Handler, 'courses/profile', headers, { accountSize: '25000' });
  expect(profile.status, profile.text).toBe(200);
  const answered = await call(answersFn as Handler, 'journal/trades/answers', headers, {
    answers: { 'ABCD@TZ-1': 'held' },
  });
  expect(answered.status, answered.text).toBe(200);
  // A certificate as the certificate call stores it (its public record under its own id), and the
  // course counters that count the member.
  const certificateId = `${sub.slice(-12)}AbCdEfGh`.replace(/\|/g, 'x').slice(0, 20).padEnd(20, 'x');
  const issued = { id: certificateId, name: `${tag} Lee`, issuedAt: Date.now() };
  await store
    .pipeline()
    .hset(progressKeys.certificates(sub), { 'penny-stock-essentials': JSON.stringify(issued) })
    .set(
      certificateKey(certificateId),
      JSON.stringify({ ...issued, course: 'penny-stock-essentials', courseTitle: 'Penny Stock Essentials' }),
    )
    .sadd(courseStatsKeys.started('penny-stock-essentials'), sub)
    .zadd(courseStatsKeys.furthest('penny-stock-essentials'), { score: 3, member: sub })
    .exec();
  return { ...seeded, email, username, certificateId };
}

const exportOf = async (headers: Record<string, string>) => {
  const answer = await call(exportFn as Handler, 'account/export', headers, {});
  expect(answer.status, answer.text).toBe(200);
  return { answer, data: JSON.parse(answer.text) as Record<string, unknown> };
};

/** Every key whose name holds the sub as a segment, anywhere in the store (a full SCAN). */
async function keysNaming(sub: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await store.scan(cursor, { match: `*${sub}*`, count: 5000 });
    cursor = String(next);
    found.push(...keys.filter((k) => k.split(':').includes(sub)));
  } while (cursor !== '0');
  return found;
}

/**
 * Keys that may still name a deleted member's sub: the rate-limit windows of their own calls (they
 * expire), and the local chat stand-in's invites and community users, which keep the sub they were
 * issued to for its invite page (Discord itself is never told a sub).
 */
const MAY_NAME_SUB = /^(ratelimit:|chat:local:(invite|user):)/;

/**
 * Nothing of the member is left, and nothing names them: no key or value anywhere in the store holds
 * an email of theirs, `also` (their customer ids, their card) or, but MAY_NAME_SUB, their sub.
 */
async function expectGone(sub: string, emails: string[], also: string[] = []) {
  expect(await dumpMember(sub)).toEqual({});
  expect(await keysNaming(sub)).toEqual([]);
  const left = Object.entries(await keysHolding([sub, ...emails, ...also].filter(Boolean)));
  expect(left.filter(([key, text]) => !(text === sub && MAY_NAME_SUB.test(key)))).toEqual([]);
  const [members, emailIndex, jobs, failed, queued] = await store
    .pipeline()
    .zscore(opsKeys.members, sub)
    .hgetall(opsKeys.email)
    .hgetall(mailKeys().jobs)
    .lrange(mailKeys().failed, 0, -1)
    .zscore(marketKeys.queue, sub)
    .exec<[unknown, Record<string, string> | null, Record<string, string> | null, string[], unknown]>();
  expect(members).toBeNull();
  // Its trade import had queued it for the MAE/MFE job.
  expect(queued).toBeNull();
  expect(Object.values(emailIndex ?? {})).not.toContain(sub);
  for (const email of emails) {
    expect(Object.keys(emailIndex ?? {})).not.toContain(email);
    expect(JSON.stringify(jobs ?? {}).toLowerCase()).not.toContain(email);
    expect(JSON.stringify(failed).toLowerCase()).not.toContain(email);
  }
}

describe('POST /api/account/export', () => {
  it("holds each kind of the caller's data, and nothing of another member's", async () => {
    const alice = await fullMember('Alicedata');
    const bob = await fullMember('Bobdata');
    const { answer, data } = await exportOf(alice.headers);
    // The file is named for the day it was exported, by the same clock as its `exportedAt`.
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="otc-edge-data-${String(data.exportedAt).slice(0, 10)}.json"`,
    );
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(data.format).toBe(EXPORT_FORMAT);
    expect(data.version).toBe(EXPORT_VERSION);
    const text = answer.text;
    // Notes with their categories and symbols, trades with their notes, tags and round trips.
    const notes = data.notes as unknown as Array<Record<string, unknown>>;
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      title: alice.text.title,
      symbols: [alice.ids.symbol],
      categories: [alice.ids.category],
    });
    expect(String(notes[0]?.body)).toContain(alice.text.body);
    expect(data.categories).toEqual([{ id: alice.ids.category, name: alice.text.category }]);
    const trades = data.trades as unknown as Array<Record<string, unknown>>;
    expect(trades.length).toBe(2);
    expect(trades.map((t) => t.note)).toContain(alice.text.tradeNote);
    expect(JSON.stringify(data.tradeTags)).toContain('Gap and go');
    expect(Object.keys(data.roundTrips as Record<string, unknown>)).toContain(alice.ids.trade);
    expect(data.salesWithNothingHeld).toEqual({ 'ABCD@TZ-1': 'held' });
    // Profile, subscription, chat, courses, videos.
    expect(data.profile).toMatchObject({ courseProfile: { accountSize: '25000' } });
    expect(data.subscription).toMatchObject({ plan: 'monthly', status: 'active', autopay: true });
    expect(text).not.toMatch(/4242424242424242/);
    expect(data.chat).toEqual({ username: alice.username, linked: true, suspended: false });
    const courses = data.courses as unknown as Record<string, unknown>;
    expect(courses.certificates).toEqual([
      expect.objectContaining({
        course: 'penny-stock-essentials',
        id: alice.certificateId,
        name: 'Alicedata Lee',
      }),
    ]);
    expect(Object.keys(courses.videoPositions as Record<string, unknown>)).toEqual([videoId]);
    // Nothing of Bob's.
    for (const value of Object.values(bob.text)) expect(text).not.toContain(value);
    expect(text).not.toContain(bob.sub);
    expect(text).not.toContain(bob.username);
  });

  it('answers a signed-in caller without data with an empty file of the same shape', async () => {
    const { sub } = await createUser(store, { email: `empty-${Date.now()}@example.com`, password: PASSWORD });
    const { data } = await exportOf(await authHeader({ sub }));
    expect(data).toMatchObject({ subscription: null, chat: null, notes: [], trades: [], categories: [] });
  });

  it('needs a signed-in caller', async () => {
    expect((await call(exportFn as Handler, 'account/export', {}, {})).status).toBe(401);
  });
});

describe('POST /api/account/delete', () => {
  it('refuses without the password, and with a wrong one, deleting nothing', async () => {
    const alice = await fullMember('Alicekeep');
    const before = await dumpMember(alice.sub);
    const missing = await call(deleteFn as Handler, 'account/delete', alice.headers, {});
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({ error: 'Enter your password to delete your account' });
    const empty = await call(deleteFn as Handler, 'account/delete', alice.headers, { password: '' });
    expect(empty.json).toEqual({ error: 'Enter your password to delete your account' });
    const wrong = await call(deleteFn as Handler, 'account/delete', alice.headers, { password: 'not-it' });
    expect(wrong.status).toBe(403);
    expect(wrong.json).toEqual({ error: 'That is not your password' });
    expect(await dumpMember(alice.sub)).toEqual(before);
    expect(await store.exists(deletingKey(alice.sub))).toBe(0);
  });

  it('cancels at the provider, takes chat away, deletes the identity and every key; the email signs up anew', async () => {
    const referral = `gone-${Date.now().toString(36)}`;
    const alice = await fullMember('Alicegone', { referral });
    const bob = await fullMember('Bobstays');
    // Her card on file is one no other member here has (its digits and expiry), so finding it finds hers.
    const carded = await call(updateCardFn as Handler, 'user/updatecard', alice.headers, {
      token: 'tok_local_5555555555554444_0939',
    });
    expect(carded.status, carded.text).toBe(200);
    // An operator takes her chat access away and gives it back: two audit entries with her chat
    // record (username, Discord account).
    const ops = await operator();
    for (const access of ['revoke', 'restore'] as const) {
      const acted = await call(operatorChatFn as Handler, 'operator/members/chat', ops, {
        member: alice.sub,
        access,
      });
      expect(acted.status, acted.text).toBe(200);
    }
    const bobBefore = await dumpMember(bob.sub);
    const customer = JSON.parse((await store.get<string>(localKeys.customer(alice.customerId))) ?? '{}');
    expect(customer.card).toMatchObject({ last4: '4444', expMonth: 9, expYear: 2039 });
    const card = JSON.stringify(customer.card);
    const chatAccount = String(
      JSON.parse((await store.get<string>(chatKeys.member(alice.sub))) ?? '{}').account ?? '',
    );
    expect(chatAccount).not.toBe('');
    // What the checks below look for can be found: her customer id in the audit log, local billing's
    // charges and her customer record, which also holds her card and the email she paid with, as
    // does her referred payment.
    expect(Object.keys(await keysHolding([alice.customerId]))).toEqual(
      expect.arrayContaining([opsKeys.audit, localKeys.charges, localKeys.customer(alice.customerId)]),
    );
    expect(Object.keys(await keysHolding([card]))).toEqual([localKeys.customer(alice.customerId)]);
    expect(Object.keys(await keysHolding([`"email":"${customer.email}"`]))).toEqual(
      expect.arrayContaining([localKeys.customer(alice.customerId), REFERRED_PAYMENTS_KEY]),
    );
    expect(JSON.stringify(await store.lrange(opsKeys.audit, 0, -1))).toContain(alice.username);
    const subscriptionId =
      alice.customerId &&
      JSON.parse((await dumpMember(alice.sub))[`billing:member:${alice.sub}`]?.value as string)
        .subscriptionId;
    const opsEmail = await store.hget<string>(opsKeys.member(alice.sub), 'email');
    // The welcome email is queued by the charge; one to the member was given up on earlier.
    expect(JSON.stringify(await store.hgetall(mailKeys().jobs)).toLowerCase()).toContain(
      opsEmail ?? alice.email,
    );
    await store.rpush(
      mailKeys().failed,
      JSON.stringify({
        key: `x:${alice.sub}`,
        to: { address: alice.email.toUpperCase() },
        template: 'welcome',
        at: 1,
        tries: 30,
        error: 'gone',
      }),
    );

    const answer = await call(deleteFn as Handler, 'account/delete', alice.headers, {
      password: PASSWORD,
      userID: bob.sub,
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toEqual({ deleted: true });
    const validAfter = await store.get<string>(validAfterKey(alice.sub));
    expect(validAfter).not.toBeNull();

    // The provider's subscription ended now. Local billing keeps it and her charges for the money,
    // naming the pseudonym as their customer; her customer record (email, card) is gone, one named
    // by the pseudonym in its place; her referred payment keeps the affiliate's sale, not her.
    const pseudonym = pseudonymOf(alice.sub);
    const local = JSON.parse((await store.get<string>(localKeys.subscription(subscriptionId))) ?? '{}');
    expect(local).toMatchObject({ status: 'canceled', customerId: pseudonym });
    expect(await store.get(localKeys.customer(alice.customerId))).toBeNull();
    expect(JSON.parse((await store.get<string>(localKeys.customer(pseudonym))) ?? '{}')).toEqual({
      sub: pseudonym,
    });
    const charges = (await hashEntries(store, localKeys.charges))
      .map(([, json]) => JSON.parse(json) as LocalCharge)
      .filter((charge) => charge.customerId === pseudonym);
    expect(charges).toEqual([
      expect.objectContaining({ subscriptionId, kind: 'charge', amount: '64.99', refundedCents: 0 }),
    ]);
    expect((await referredPayments(store)).filter((paid) => paid.referral === referral)).toEqual([
      expect.objectContaining({ memberSub: pseudonym, email: null, subscriptionId, amount: '64.99' }),
    ]);
    // Chat: the role is gone and the username free.
    expect(JSON.parse((await store.get<string>(chatKeys.localUser(alice.username))) ?? '{}').role).toBe(
      false,
    );
    expect(await store.get(chatKeys.owner(alice.username))).toBeNull();
    // The identity: signing in fails, the certificate's public page is gone.
    expect(await getUser(store, alice.sub)).toBeNull();
    expect(await verifyPassword(store, alice.email, PASSWORD)).toBeNull();
    const page = await certificatePageFn(
      new Request(`http://localhost/certificates/${alice.certificateId}`),
      { params: { id: alice.certificateId } } as never,
    );
    expect(page.status).toBe(404);
    await expectGone(alice.sub, [alice.email, opsEmail ?? '', customer.email], [alice.customerId, card]);
    // The course counters still count the member, under the digest.
    expect(
      await store.sismember(courseStatsKeys.started('penny-stock-essentials'), subDigest(alice.sub)),
    ).toBe(1);
    // The audit line: the digest, no sub, no email; the member's earlier entries name the digest too.
    const { entries } = await readAudit(store, { limit: 5000 });
    const closing = entries.find(
      (e) => e.action === 'account.deleted' && e.member === `deleted:${subDigest(alice.sub)}`,
    );
    expect(closing).toBeDefined();
    const log = JSON.stringify(entries);
    for (const text of [alice.sub, alice.email, alice.customerId, alice.username, chatAccount])
      expect(log).not.toContain(text);
    const hers = entries.filter((e) => e.member === pseudonym);
    expect(hers.length).toBeGreaterThan(3);
    // Her entries keep their records, dates and money, naming only the pseudonym.
    expect(hers.find((e) => e.action === 'member.join')).toMatchObject({
      after: { customerId: pseudonym, subscriptionId, plan: 'monthly', status: 'active' },
      charge: { kind: 'charge', amount: '64.99', member: pseudonym },
    });
    expect(hers.find((e) => e.action === 'operator.chat-revoke')).toMatchObject({
      before: { username: pseudonym, revoked: false },
      after: { username: pseudonym, account: pseudonym, suspended: true },
    });
    // The ledger keeps her payments' amounts, naming the digest.
    const money = JSON.stringify(await store.hgetall(ledgerKeys.entries));
    expect(money).not.toContain(alice.sub);
    expect(money).toContain(`deleted:${subDigest(alice.sub)}`);
    // Bob is untouched.
    expect(await dumpMember(bob.sub)).toEqual(bobBefore);
    // Alice's token, taken before the deletion, is refused from now on (auth/valid-after.ts).
    const taken = await authHeader({ sub: alice.sub, email: alice.email, issuedAt: Number(validAfter) - 1 });
    const refused = await call(statusFn as Handler, 'subscription/status', taken);
    expect(refused.status).toBe(401);
    // One issued in the deletion's last second still passes that check: the start-up status call
    // answers the free plan and brings back nothing of her (not even the operator's "last visit").
    const sameSecond = await authHeader({ sub: alice.sub, email: alice.email, issuedAt: Number(validAfter) });
    const status = await call(statusFn as Handler, 'subscription/status', sameSecond);
    expect(status.json).toMatchObject({ plan: 'free' });
    await expectGone(alice.sub, [alice.email, opsEmail ?? '', customer.email], [alice.customerId, card]);
    // Nor can it pay for a new membership of the deleted account.
    const paid = await call(chargeFn as Handler, 'charge', sameSecond, {
      email: alice.email,
      planID: 'monthly',
      token: 'tok_local_4242424242424242',
    });
    expect(paid.status).toBe(403);
    expect(paid.json.error).toMatch(/account has been deleted/);
    // Only the call's own rate-limit window names the sub (it expires with its 10 minutes).
    expect((await keysNaming(alice.sub)).filter((key) => !key.startsWith('ratelimit:'))).toEqual([]);
    expect(await dumpMember(alice.sub)).toEqual({});

    // A refund of her charge (an operator's, at the provider) is still recorded, against the pseudonym.
    const refund = await refundLocalCharge(store, (charges[0] as LocalCharge).id, '10.00', Date.now());
    expect(refund.outcome).toBe('recorded');
    expect(JSON.parse((await store.hget<string>(ledgerKeys.entries, refund.id)) ?? '{}')).toMatchObject({
      kind: 'refund',
      amount: '10.00',
      member: pseudonym,
      refundOf: (charges[0] as LocalCharge).id,
    } satisfies Partial<LedgerEntry>);

    // The same email signs up again as a new account, with nothing of the old one.
    const fresh = await createUser(store, { email: alice.email, password: 'another-pass' });
    expect(fresh.sub).not.toBe(alice.sub);
    const { data } = await exportOf(await authHeader({ sub: fresh.sub, email: alice.email }));
    expect(data).toMatchObject({ subscription: null, chat: null, notes: [], trades: [] });
  });

  it('a deletion that failed half way is finished by a retry, without the gone identity', async () => {
    const alice = await fullMember('Aliceretry');
    const deps = { ...getDeps(), ...getBillingPorts(), ...getChatPorts(), ...getIdentityPorts() };
    // The identity is deleted, then the answer is lost: nothing after it ran.
    const failing = {
      ...deps,
      identityAdmin: {
        ...deps.identityAdmin,
        deleteUser: async (sub: string) => {
          await deps.identityAdmin.deleteUser(sub);
          throw new Error('the provider answered nothing');
        },
      },
    };
    await expect(
      deleteAccount(
        failing,
        { sub: alice.sub, email: alice.email, customerId: null },
        { password: PASSWORD },
      ),
    ).rejects.toThrow('the provider answered nothing');
    expect(Object.keys(await dumpMember(alice.sub)).length).toBeGreaterThan(0);
    expect(await getUser(store, alice.sub)).toBeNull();

    const retried = await call(deleteFn as Handler, 'account/delete', alice.headers, { password: PASSWORD });
    expect(retried.status, retried.text).toBe(200);
    await expectGone(alice.sub, [alice.email], [alice.customerId]);
    // Without the marker (another caller whose identity is unknown), the answer is the usual one.
    const ghost = await call(
      deleteFn as Handler,
      'account/delete',
      await authHeader({ sub: 'auth0|000000000000000000000000' }),
      {
        password: PASSWORD,
      },
    );
    expect(ghost.status).toBe(404);
  });

  it.each([
    ['complimentary', { subscriptionId: 'comp_abc' }],
    ['unknown to the provider', {}],
  ])('ends a membership with nothing to cancel at the provider (%s), and deletes', async (_, over) => {
    const email = `nothing-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const { sub } = await createUser(store, { email, password: PASSWORD });
    await store.set(`billing:member:${sub}`, JSON.stringify(activeMembership(over)));
    const answer = await call(deleteFn as Handler, 'account/delete', await authHeader({ sub, email }), {
      password: PASSWORD,
    });
    expect(answer.status, answer.text).toBe(200);
    await expectGone(sub, [email]);
  });

  it('raced with journal saves, leaves nothing: each save is stored and then removed, or refused', async () => {
    const alice = await fullMember('Alicerace');
    const saves = Array.from({ length: 30 }, (_, i) =>
      call(notesUpdateFn as Handler, 'journal/notes/update', alice.headers, {
        note_id: `note_Race${String(i).padStart(12, '0')}`,
        title: `race ${i}`,
        body: '<p>raced $ABCD</p>',
        basedOn: null,
        symbols: ['ABCD'],
        categories: [],
      }),
    );
    const [deleted, ...answers] = await Promise.all([
      call(deleteFn as Handler, 'account/delete', alice.headers, { password: PASSWORD }),
      ...saves,
    ]);
    expect(deleted.status, deleted.text).toBe(200);
    // A save that comes once the deletion ended her tokens is a 401, whenever in the race that falls.
    for (const answer of answers) expect([200, 401, 403, 429], answer.text).toContain(answer.status);
    await expectGone(alice.sub, [alice.email], [alice.customerId]);
    // Saves after the deletion are refused: her token is ended, and one issued in the deletion's last
    // second (which that check lets by) finds no membership. Such a call leaves only its rate-limit
    // window, which expires.
    const validAfter = Number(await store.get<string>(validAfterKey(alice.sub)));
    const sameSecond = await authHeader({ sub: alice.sub, email: alice.email, issuedAt: validAfter });
    const late = await call(notesUpdateFn as Handler, 'journal/notes/update', sameSecond, {
      note_id: 'note_Late000000000000',
      title: 'late',
      body: '<p>late</p>',
      basedOn: null,
      symbols: [],
      categories: [],
    });
    expect(late.status).toBe(403);
    expect(await dumpMember(alice.sub)).toEqual({});
    for (const key of await keysNaming(alice.sub)) {
      expect(key).toMatch(/^ratelimit:journal:/);
      expect(await store.ttl(key)).toBeGreaterThan(0);
    }
  });
});
