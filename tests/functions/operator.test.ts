import { randomUUID } from 'node:crypto';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_READ, OPERATOR_WRITE, permissionsClaim } from '../../functions/_lib/auth/claims.ts';
import { saveMembership } from '../../functions/_lib/billing/membership-write.ts';
import { createStripeBilling } from '../../functions/_lib/billing/stripe-billing.ts';
import { getChatPorts } from '../../functions/_lib/chat/chat-ports.ts';
import { chatKeys } from '../../functions/_lib/chat/keys.ts';
import type { AuditEntry, MemberRow } from '../../functions/_lib/contract/operator.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import {
  createUser,
  ensureOperator,
  getUser,
  verifyPassword,
} from '../../functions/_lib/identity/local-users.ts';
import { type AuditActor, appendAudit, exportAudit } from '../../functions/_lib/operator/audit.ts';
import { opsKeys } from '../../functions/_lib/operator/keys.ts';
import { listMembers } from '../../functions/_lib/operator/members.ts';
import auditFn from '../../functions/operator-audit.ts';
import exportFn from '../../functions/operator-audit-export.ts';
import membersFn from '../../functions/operator-members.ts';
import statusFn from '../../functions/subscription-status.ts';
import toggleFn from '../../functions/subscription-toggle.ts';
import { accountStore } from '../../scripts/local/oidc/accounts.ts';
import { activeMembership, signedIn } from '../support/members.ts';
import { call, type Handler, newSub, operator, paidMember as paidMemberOf } from '../support/operator.ts';
import { storeRequests } from '../support/round-trips.ts';
import { type StripeRecorder, startStripeRecorder } from '../support/stripe-recorder.ts';
import { deliverWebhook, stripeConfig, stripeEvent, stripeSubscription } from '../support/stripe-webhook.ts';
import { authHeader, testAudience, testIssuer } from '../support/tokens.ts';

// The operator's calls on real Redis (docs/operator.md): who may call them, the member index the
// billing changes write, the audit log and its CSV export, and the round trips a page costs.
// The index and the log are global keys, shared with every suite running at once: each test finds
// its own members among others'.

const { store } = getDeps();

const members = async (body: unknown) => {
  const answer = await call(membersFn, 'operator/members', await operator(), body);
  expect(answer.status, answer.text).toBe(200);
  return answer.json as { members: MemberRow[]; next: string | null };
};
const audit = async (body: unknown) => {
  const answer = await call(auditFn, 'operator/audit', await operator(), body);
  expect(answer.status, answer.text).toBe(200);
  return answer.json as { entries: AuditEntry[]; next: string | null };
};

/** A member who paid with the newsletter promo, their email in mixed case. */
const paidMember = () =>
  paidMemberOf(store, { email: `Paid.${randomUUID().slice(0, 8)}@Example.com`, promo: 'WELCOME10' });

describe('who may call the operator endpoints', () => {
  const endpoints: Array<[string, Handler]> = [
    ['operator/members', membersFn],
    ['operator/audit', auditFn],
    ['operator/audit/export', exportFn],
  ];

  it.each(endpoints)('%s: a member and a user get 403, a visitor 401, an operator 200', async (path, fn) => {
    const member = await signedIn(store, activeMembership());
    const refused = await call(fn, path, member.headers);
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ error: 'Operator access required' });
    expect((await call(fn, path, (await signedIn(store, null)).headers)).status).toBe(403);
    expect((await call(fn, path, {})).status).toBe(401);
    expect((await call(fn, path, await operator())).status).toBe(200);
  });

  it.each(endpoints)('%s: a forged permission claim (signed by another key) gets 401', async (path, fn) => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ [permissionsClaim]: [OPERATOR_READ, OPERATOR_WRITE] })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key-1' })
      .setSubject(newSub())
      .setIssuer(testIssuer())
      .setAudience(testAudience())
      .setExpirationTime(Math.floor(Date.now() / 1000) + 600)
      .sign(privateKey);
    const answer = await call(fn, path, { authorization: `Bearer ${forged}` });
    expect(answer.status).toBe(401);
  });

  it('needs read:members: write:members alone, or a permission in the body, is refused', async () => {
    const writeOnly = await authHeader({ sub: newSub(), permissions: [OPERATOR_WRITE] });
    expect((await call(membersFn, 'operator/members', writeOnly)).status).toBe(403);
    const member = await signedIn(store, activeMembership());
    const smuggled = await call(membersFn, 'operator/members', member.headers, {
      permissions: [OPERATOR_READ],
    });
    expect(smuggled.status).toBe(403);
  });
});

describe('the local operator', () => {
  const claims = (sub: string) =>
    accountStore(store).extraTokenClaims({} as never, { accountId: sub } as never) as Promise<
      Record<string, unknown> | undefined
    >;

  it('is created with the role, and the provider puts the permissions in its access tokens', async () => {
    const email = `operator.${randomUUID().slice(0, 8)}@otcedge.local`;
    const { sub } = await ensureOperator(store, { email, password: 'first-secret' });
    expect((await getUser(store, sub))?.operator).toBe(true);
    expect((await claims(sub))?.[permissionsClaim]).toEqual([OPERATOR_READ, OPERATOR_WRITE]);
    // Again with the kept password (every start): the same account.
    expect(await ensureOperator(store, { email, password: 'first-secret' })).toEqual({ sub });
  });

  it('takes over an existing account of that email, with the kept password', async () => {
    const email = `operator.${randomUUID().slice(0, 8)}@otcedge.local`;
    const { sub } = await createUser(store, { email, password: 'an-old-password' });
    expect((await claims(sub))?.[permissionsClaim]).toBeUndefined();
    expect(await ensureOperator(store, { email, password: 'the-kept-one' })).toEqual({ sub });
    expect(await verifyPassword(store, email, 'the-kept-one')).toMatchObject({ sub, operator: true });
    expect((await claims(sub))?.[permissionsClaim]).toEqual([OPERATOR_READ, OPERATOR_WRITE]);
  });

  it('gives a member no permissions', async () => {
    const { sub } = await createUser(store, {
      email: `m.${randomUUID().slice(0, 8)}@example.com`,
      password: 'a-member-pw',
    });
    expect(await claims(sub)).not.toHaveProperty(permissionsClaim);
  });
});

describe('the member index', () => {
  it('is written by a charge: found by email (any case) and by customer id, with the billing state', async () => {
    const before = Date.now();
    const { sub, email } = await paidMember();
    const [byEmail] = (await members({ query: email.toUpperCase() })).members;
    expect(byEmail).toMatchObject({
      sub,
      email: email.toLowerCase(),
      plan: 'monthly',
      status: 'active',
      autopay: true,
      promo: 'WELCOME10',
      referral: null,
      chat: null,
      lastVisit: null,
    });
    expect(byEmail?.customerId).toMatch(/^cus_/);
    expect(byEmail?.signedUpAt).toBeGreaterThanOrEqual(before);
    expect(byEmail?.currentPeriodEnd).toBeGreaterThan(Date.now());
    const byCustomer = await members({ query: byEmail?.customerId });
    expect(byCustomer).toEqual({ members: [byEmail], next: null });
  });

  it('answers none for an unknown email or customer id', async () => {
    expect(await members({ query: 'nobody-here@example.com' })).toEqual({ members: [], next: null });
    expect(await members({ query: 'cus_doesnotexist' })).toEqual({ members: [], next: null });
  });

  it('records the last visit with the start-up status call, and shows ending and chat state', async () => {
    const { sub, email, headers } = await paidMember();
    const before = Date.now();
    expect((await call(statusFn, 'subscription/status', headers)).status).toBe(200);
    expect((await call(toggleFn, 'subscription/toggle', headers, { renew: false })).status).toBe(200);
    await store.set(
      chatKeys.member(sub),
      JSON.stringify({ username: 'trader.one', invite: null, revoked: false, account: '123' }),
    );
    const [row] = (await members({ query: email })).members;
    expect(row?.lastVisit).toBeGreaterThanOrEqual(before);
    expect(row).toMatchObject({
      status: 'ending',
      autopay: false,
      chat: { username: 'trader.one', access: 'joined' },
    });
  });

  it('labels past due, ended, and a complimentary grant (free)', async () => {
    const at = Date.now();
    const subs = [newSub(), newSub(), newSub()] as const;
    await saveMembership(store, subs[0], activeMembership({ status: 'past_due', pastDueSince: at }));
    await saveMembership(store, subs[1], activeMembership({ status: 'canceled' }));
    const ended = activeMembership({ status: 'canceled' });
    await saveMembership(store, subs[2], ended);
    await store.hset(opsKeys.member(subs[2]), { complimentaryUntil: String(at + 86_400_000) });
    const statuses = await Promise.all(
      subs.map(async (sub) => {
        const customerId = JSON.parse((await store.get<string>(`billing:member:${sub}`)) ?? '{}').customerId;
        return (await members({ query: customerId })).members[0]?.status;
      }),
    );
    expect(statuses).toEqual(['past due', 'ended', 'free']);
  });

  it('pages newest first, members first seen in the same ms included, each once', async () => {
    // Far in the future, so these four lead the shared index whatever other suites add meanwhile
    // (the figures suite writes members on days of 2100–2899).
    const at = Date.UTC(2950, 0, 1);
    const subs = [newSub(), newSub(), newSub(), newSub()];
    await saveMembership(store, subs[0] as string, activeMembership(), { at });
    await saveMembership(store, subs[1] as string, activeMembership(), { at: at + 1 });
    await saveMembership(store, subs[2] as string, activeMembership(), { at: at + 1 });
    await saveMembership(store, subs[3] as string, activeMembership(), { at: at + 2 });
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 3; page++) {
      const answer = await members({ cursor, limit: 1 + (page % 2) });
      seen.push(...answer.members.map((m) => m.sub));
      cursor = answer.next;
    }
    const tied = [subs[1], subs[2]].sort().reverse();
    expect(seen.slice(0, 4)).toEqual([subs[3], ...tied, subs[0]]);
    expect(new Set(seen).size).toBe(seen.length);
    // Saved again (a later state): the member keeps its place, first seen stays.
    await saveMembership(store, subs[0] as string, activeMembership({ asOf: Date.now() + 1000 }), {
      at: at + 9,
    });
    expect(Number(await store.zscore(opsKeys.members, subs[0] as string))).toBe(at);
  });

  it('refuses a cursor it did not give', async () => {
    const answer = await call(membersFn, 'operator/members', await operator(), { cursor: 'abc' });
    expect(answer.status).toBe(400);
  });

  it('costs at most 2 store round trips for a full page or a lookup', async () => {
    const { email } = await paidMember();
    for (const input of [{ limit: 50 }, { query: email }, { query: 'cus_doesnotexist' }]) {
      const { requests, result } = await storeRequests(() => listMembers({ store, now: Date.now }, input));
      expect(requests, JSON.stringify(input)).toBeLessThanOrEqual(2);
      if (input.limit) expect(result.members.length).toBeGreaterThan(0);
    }
  });
});

describe('the audit log', () => {
  it('gets one entry for each change, by whom, with the state before and after and the money it moved', async () => {
    const { sub, headers } = await paidMember();
    expect((await call(toggleFn, 'subscription/toggle', headers, { renew: false })).status).toBe(200);
    const { entries } = await audit({ member: sub });
    expect(entries).toHaveLength(2);
    const [toggled, charged] = entries;
    expect(charged).toMatchObject({ actor: 'member', action: 'member.join', member: sub, before: null });
    expect(charged?.after).toMatchObject({ plan: 'monthly', status: 'active', cancelAtPeriodEnd: false });
    // This suite's member pays with WELCOME10: the charge is what was paid, not the list price.
    expect(charged?.charge).toMatchObject({
      kind: 'charge',
      amount: '58.49',
      promo: 'WELCOME10',
      member: sub,
    });
    expect(toggled?.before).toEqual(charged?.after);
    expect(toggled).toMatchObject({ actor: 'member', action: 'member.autopay-off', charge: null });
    expect(toggled?.after).toMatchObject({ cancelAtPeriodEnd: true });
    expect(toggled?.id).toBe(1);
    // The whole log holds them too, each naming the member by the email the index holds.
    const all = await audit({});
    expect(all.entries.length).toBeGreaterThan(0);
    const mine = all.entries.find((e) => e.member === sub);
    expect(mine?.memberEmail).toMatch(/^paid\.[\w-]+@example\.com$/);
  });

  it('adds nothing when an older or identical state is not written', async () => {
    const sub = newSub();
    const state = activeMembership();
    await saveMembership(store, sub, state);
    await saveMembership(store, sub, state);
    expect(await saveMembership(store, sub, { ...state, asOf: state.asOf - 1000, status: 'canceled' })).toBe(
      false,
    );
    expect((await audit({ member: sub })).entries).toHaveLength(1);
  });

  it('pages newest first with a cursor', async () => {
    const member = newSub();
    for (let i = 0; i < 55; i++) await appendAudit(store, entry(member, `test.${i}`));
    const first = await audit({ member });
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]?.action).toBe('test.54');
    const second = await audit({ member, cursor: first.next });
    expect(second.entries.map((e) => e.action)).toEqual(['test.4', 'test.3', 'test.2', 'test.1', 'test.0']);
    expect(second.next).toBeNull();
  });

  describe('with a Stripe webhook', () => {
    let stripe: StripeRecorder;
    const subscriptions = new Map<string, Record<string, unknown>>();
    beforeAll(async () => {
      stripe = await startStripeRecorder();
      stripe.routes.push(({ method, path }) => {
        const found = method === 'GET' ? subscriptions.get(path.split('/')[3] ?? '') : undefined;
        return path.startsWith('/v1/subscriptions/') && found ? { body: found } : undefined;
      });
    });
    afterAll(() => stripe.close());

    it('indexes the member and logs the change as billing', async () => {
      const sub = newSub();
      const subscription = stripeSubscription(sub);
      const { id } = subscription;
      subscriptions.set(id, subscription);
      const response = await deliverWebhook(stripeEvent('customer.subscription.updated', { id }), {
        store,
        now: Date.now,
        billing: async () => createStripeBilling(stripeConfig, stripe.transport),
        billingConfig: stripeConfig,
        ...getChatPorts(),
      });
      expect(response.status).toBe(200);
      expect(await store.zscore(opsKeys.members, sub)).not.toBeNull();
      const [logged] = (await audit({ member: sub })).entries;
      expect(logged).toMatchObject({ actor: 'billing', action: 'billing.state', before: null });
      expect(logged?.after).toMatchObject({ subscriptionId: id, status: 'active' });
    });
  });
});

describe('the CSV export', () => {
  it('streams a header and one escaped line an entry, formulas neutralised', async () => {
    const member = newSub();
    const actor: AuditActor = { sub: 'auth0|op', email: '=cmd|calc@example.com' };
    await appendAudit(store, { ...entry(member, 'note, "quoted"\nnext line'), actor });
    await appendAudit(store, entry(member, 'plain'));
    const answer = await call(exportFn, 'operator/audit/export', await operator(), { member });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="audit-log.csv"');
    const lines = answer.text.split('\r\n');
    expect(lines[0]).toBe('id,at,actor,actor email,action,member,before,after,charge');
    expect(lines[1]).toMatch(/^1,\d{4}-.*,billing,,plain,/);
    expect(answer.text).toContain(
      `0,2026-01-02T03:04:05.000Z,auth0|op,'=cmd|calc@example.com,"note, ""quoted""\nnext line",${member},null,"{""plan"":""monthly""}",\r\n`,
    );
  });

  it('stops at the cap with a last line saying so', async () => {
    const member = newSub();
    for (let i = 0; i < 5; i++) await appendAudit(store, entry(member, `test.${i}`));
    const text = await new Response(exportAudit(store, new Request('http://localhost/x'), member, 3)).text();
    const lines = text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines.at(-1)).toMatch(/^More than 3 entries: this file holds the newest 3\./);
  });
});

function entry(member: string, action: string) {
  return {
    at: Date.UTC(2026, 0, 2, 3, 4, 5),
    actor: 'billing' as const,
    action,
    member,
    before: null,
    after: { plan: 'monthly' },
  };
}
