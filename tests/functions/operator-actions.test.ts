import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getBillingPorts } from '../../functions/_lib/billing/billing-ports.ts';
import { hasAccess, type Membership, membershipKey } from '../../functions/_lib/billing/membership.ts';
import { saveMembership } from '../../functions/_lib/billing/membership-write.ts';
import { createStripeBilling } from '../../functions/_lib/billing/stripe-billing.ts';
import { followMembership } from '../../functions/_lib/chat/access.ts';
import { getChatPorts } from '../../functions/_lib/chat/chat-ports.ts';
import { createDiscordChat } from '../../functions/_lib/chat/discord-chat.ts';
import { CHAT_SUSPENDED_MESSAGE } from '../../functions/_lib/chat/invites.ts';
import { chatKeys } from '../../functions/_lib/chat/keys.ts';
import { openLocalInvite } from '../../functions/_lib/chat/local-chat.ts';
import { readChatRecord } from '../../functions/_lib/chat/record.ts';
import type { AuditEntry, MemberRow } from '../../functions/_lib/contract/operator.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import { cancelMember, extendMember } from '../../functions/_lib/operator/actions-billing.ts';
import { setChatAccess } from '../../functions/_lib/operator/actions-chat.ts';
import { opsKeys } from '../../functions/_lib/operator/keys.ts';
import auditFn from '../../functions/operator-audit.ts';
import autopayFn from '../../functions/operator-members-autopay.ts';
import cancelFn from '../../functions/operator-members-cancel.ts';
import chatFn from '../../functions/operator-members-chat.ts';
import inviteFn from '../../functions/operator-members-chat-invite.ts';
import complimentaryFn from '../../functions/operator-members-complimentary.ts';
import extendFn from '../../functions/operator-members-extend.ts';
import detailsFn from '../../functions/subscription-details.ts';
import statusFn from '../../functions/subscription-status.ts';
import toggleFn from '../../functions/subscription-toggle.ts';
import discordFn from '../../functions/user-discord.ts';
import { type DiscordRecorder, startDiscordRecorder } from '../support/discord-recorder.ts';
import { activeMembership } from '../support/members.ts';
import { call, type Handler, newSub, operator, paidMember as paidMemberOf } from '../support/operator.ts';
import { type StripeRecorder, startStripeRecorder } from '../support/stripe-recorder.ts';
import { stripeConfig as config, nowS, stripeSubscription } from '../support/stripe-webhook.ts';
import { authHeader } from '../support/tokens.ts';

// The operator's actions on real Redis (docs/operator.md "Actions"), through the local billing and
// chat ports as `npm start` runs them, and the Stripe adapter against the local Stripe stand-in:
// each action's effect on what the member sees, its audit entries, and its refusals.

const { store } = getDeps();
const DAY = 24 * 60 * 60 * 1000;

/** An operator's call that must succeed: the member's row after it. */
async function act(
  fn: Handler,
  path: string,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
) {
  const answer = await call(fn, path, headers ?? (await operator()), body);
  expect(answer.status, answer.text).toBe(200);
  return answer.json as { member: MemberRow; invite?: string; expiresAt?: number };
}

async function auditOf(member: string): Promise<AuditEntry[]> {
  const answer = await call(auditFn, 'operator/audit', await operator(), { member });
  expect(answer.status, answer.text).toBe(200);
  return (answer.json as { entries: AuditEntry[] }).entries;
}

/** A member who paid (local billing), with the membership the charge stored. */
async function paidMember() {
  const paid = await paidMemberOf(store, { email: `actions.${randomUUID().slice(0, 8)}@example.com` });
  return { ...paid, membership: await stored(paid.sub) };
}

const stored = async (sub: string) =>
  JSON.parse((await store.get<string>(membershipKey(sub))) ?? 'null') as Membership;

/** What /account shows: the member's own status call. */
async function accountStatus(headers: Record<string, string>) {
  const answer = await call(statusFn, 'subscription/status', headers);
  expect(answer.status, answer.text).toBe(200);
  return answer.json as { plan: string; noRenew: boolean; endPeriod: number | null };
}

const ENDPOINTS: Array<[string, Handler, Record<string, unknown>]> = [
  ['operator/members/extend', extendFn, { days: 3 }],
  ['operator/members/complimentary', complimentaryFn, { until: '2099-01-01' }],
  ['operator/members/cancel', cancelFn, { when: 'now' }],
  ['operator/members/autopay', autopayFn, { on: false }],
  ['operator/members/chat', chatFn, { access: 'revoke' }],
  ['operator/members/chat/invite', inviteFn, {}],
];

describe('who may act, and on whom', () => {
  it.each(ENDPOINTS)('%s: a member gets 403 and nothing changes', async (path, fn, body) => {
    const { sub, headers, membership } = await paidMember();
    const refused = await call(fn, path, headers, { member: sub, ...body });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ error: 'Operator access required' });
    const readOnly = await authHeader({ sub: newSub(), permissions: ['read:members'] });
    expect((await call(fn, path, readOnly, { member: sub, ...body })).status).toBe(403);
    expect(await stored(sub)).toEqual(membership);
    expect(await auditOf(sub)).toHaveLength(1); // the charge's own member.join
  });

  it.each(ENDPOINTS)('%s: an unknown member or customer id is a 404 naming it', async (path, fn, body) => {
    const headers = await operator();
    const unknown = await call(fn, path, headers, { member: 'auth0|nobody-at-all', ...body });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toBe("No member 'auth0|nobody-at-all'");
    const customer = await call(fn, path, headers, { customerId: 'cus_nobody', ...body });
    expect(customer.status).toBe(404);
    expect(customer.json.error).toBe("No member with the customer id 'cus_nobody'");
    expect((await call(fn, path, headers, body)).status).toBe(400);
    expect((await auditOf('auth0|nobody-at-all')).length).toBe(0);
  });
});

describe('free days', () => {
  it('move the end date; /account shows it; the log has one entry, the operator one; the status stays', async () => {
    const { sub, headers, membership } = await paidMember();
    const operatorHeaders = await operator('auth0|operator-one');
    const { member } = await act(
      extendFn,
      'operator/members/extend',
      { member: sub, days: 10 },
      operatorHeaders,
    );
    const end = membership.currentPeriodEnd + 10 * DAY;
    expect(member).toMatchObject({ sub, currentPeriodEnd: end, status: 'active', autopay: true });
    expect((await accountStatus(headers)).endPeriod).toBe(end);
    const [extended, ...older] = await auditOf(sub);
    expect(extended).toMatchObject({
      actor: { sub: 'auth0|operator-one', email: 'ops@example.com' },
      action: 'operator.extend',
      member: sub,
      before: membership,
      charge: null,
    });
    // Free days never relabel a paying member: the period end moves, the status stays active.
    expect(extended?.after).toMatchObject({ currentPeriodEnd: end, status: 'active' });
    expect(older.map((e) => e.action)).not.toContain('billing.state');
  });

  it('by customer id too', async () => {
    const { sub, membership } = await paidMember();
    const { member } = await act(extendFn, 'operator/members/extend', {
      customerId: membership.customerId,
      days: 1,
    });
    expect(member).toMatchObject({ sub, currentPeriodEnd: membership.currentPeriodEnd + DAY });
  });

  it('from two operators at once: both recorded, the end exactly both grants later', async () => {
    const { sub, headers, membership } = await paidMember();
    const answers = await Promise.all(
      [3, 5].map(async (days) =>
        call(extendFn, 'operator/members/extend', await operator(), { member: sub, days }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const end = membership.currentPeriodEnd + 8 * DAY;
    expect((await stored(sub)).currentPeriodEnd).toBe(end);
    expect((await accountStatus(headers)).endPeriod).toBe(end);
    const entries = await auditOf(sub);
    expect(entries.filter((e) => e.action === 'operator.extend')).toHaveLength(2);
    expect(entries.filter((e) => e.action === 'billing.state')).toHaveLength(0);
  });

  it('refused by the provider: a 409 with its reason, nothing written', async () => {
    // A state the local provider has no subscription for.
    const sub = newSub();
    const membership = activeMembership();
    await saveMembership(store, sub, membership);
    const answer = await call(extendFn, 'operator/members/extend', await operator(), {
      member: sub,
      days: 2,
    });
    expect(answer.status).toBe(409);
    expect(answer.json.error).toMatch(/No such subscription/);
    expect(await stored(sub)).toEqual(membership);
    expect((await auditOf(sub)).map((e) => e.action)).toEqual(['billing.state']);
  });

  it('are refused for an ended or past-due subscription', async () => {
    for (const status of ['canceled', 'past_due'] as const) {
      const sub = newSub();
      await saveMembership(store, sub, activeMembership({ status, pastDueSince: Date.now() }));
      const answer = await call(extendFn, 'operator/members/extend', await operator(), {
        member: sub,
        days: 2,
      });
      expect(answer.status, status).toBe(409);
    }
  });
});

describe('cancel and autopay', () => {
  it('cancel at period end, autopay back on, then cancel now: each shown and logged', async () => {
    const { sub, headers, membership } = await paidMember();
    let { member } = await act(cancelFn, 'operator/members/cancel', { member: sub, when: 'period-end' });
    expect(member).toMatchObject({ status: 'ending', autopay: false });
    expect(await accountStatus(headers)).toMatchObject({
      noRenew: true,
      endPeriod: membership.currentPeriodEnd,
    });
    const again = await call(cancelFn, 'operator/members/cancel', await operator(), {
      member: sub,
      when: 'period-end',
    });
    expect(again.status).toBe(409);
    const off = await call(autopayFn, 'operator/members/autopay', await operator(), {
      member: sub,
      on: false,
    });
    expect(off.status).toBe(409);

    ({ member } = await act(autopayFn, 'operator/members/autopay', { member: sub, on: true }));
    expect(member).toMatchObject({ status: 'active', autopay: true });
    ({ member } = await act(autopayFn, 'operator/members/autopay', { member: sub, on: false }));
    expect(member).toMatchObject({ status: 'ending', autopay: false });

    ({ member } = await act(cancelFn, 'operator/members/cancel', { member: sub, when: 'now' }));
    expect(member.status).toBe('ended');
    expect(await accountStatus(headers)).toMatchObject({ plan: 'free', endPeriod: null });
    const gone = await call(cancelFn, 'operator/members/cancel', await operator(), {
      member: sub,
      when: 'now',
    });
    expect(gone.status).toBe(409);

    const actions = (await auditOf(sub)).map((e) => e.action).filter((a) => a.startsWith('operator.'));
    expect(actions).toEqual([
      'operator.cancel-now',
      'operator.autopay-off',
      'operator.autopay-on',
      'operator.cancel-period-end',
    ]);
  });
});

describe('a complimentary membership', () => {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

  it('gives access until the end of the day chosen, survives a late webhook, and ends on request', async () => {
    const { sub, headers } = await paidMember();
    const paidOver = await call(complimentaryFn, 'operator/members/complimentary', await operator(), {
      member: sub,
      until: day(Date.now() + 40 * DAY),
    });
    // Over a subscription that still renews: refused, nothing written.
    expect(paidOver.status).toBe(409);
    await act(cancelFn, 'operator/members/cancel', { member: sub, when: 'now' });
    const cancelled = await stored(sub);

    const until = day(Date.now() + 40 * DAY);
    const end = Date.parse(`${until}T00:00:00Z`) + DAY;
    const { member } = await act(complimentaryFn, 'operator/members/complimentary', { member: sub, until });
    expect(member).toMatchObject({ status: 'free', currentPeriodEnd: end, autopay: false });
    expect(await accountStatus(headers)).toMatchObject({ plan: 'monthly', noRenew: true, endPeriod: end });
    expect(await store.hget(opsKeys.member(sub), 'complimentaryUntil')).toBe(String(end));

    // The cancelled subscription's webhook, late: refused, the grant stands.
    expect(await saveMembership(store, sub, { ...cancelled, asOf: Date.now() })).toBe(false);
    expect(hasAccess(await stored(sub), Date.now())).toBe(true);
    // The member's own billing calls on it are refused, not half-done, and /account asks the
    // provider nothing about it.
    const toggled = await call(toggleFn, 'subscription/toggle', headers, { renew: true });
    expect(toggled.status).toBe(409);
    expect(toggled.json.error).toMatch(/^Your membership is complimentary until \d{4}-\d{2}-\d{2}/);
    expect((await call(detailsFn, 'subscription/details', headers, {})).json).toEqual({
      card: null,
      nextCharge: null,
      upgradeDueNow: null,
    });
    // Free days on it move its end; no provider call.
    const longer = await act(extendFn, 'operator/members/extend', { member: sub, days: 2 });
    expect(longer.member.currentPeriodEnd).toBe(end + 2 * DAY);

    const ended = await act(complimentaryFn, 'operator/members/complimentary', { member: sub, until: null });
    expect(ended.member.status).toBe('ended');
    expect(await accountStatus(headers)).toMatchObject({ plan: 'free' });
    expect(await store.hget(opsKeys.member(sub), 'complimentaryUntil')).toBeNull();
    // One entry a change, the operator's.
    const [endEntry, extendEntry, grantEntry] = await auditOf(sub);
    expect(endEntry?.action).toBe('operator.complimentary-end');
    expect(extendEntry?.action).toBe('operator.extend');
    expect(grantEntry).toMatchObject({ action: 'operator.complimentary', before: cancelled, charge: null });
    expect(
      (
        await call(complimentaryFn, 'operator/members/complimentary', await operator(), {
          member: sub,
          until: null,
        })
      ).status,
    ).toBe(409);
  });

  it('refuses a day in the past, too far ahead, or not in the calendar', async () => {
    const sub = newSub();
    await saveMembership(store, sub, activeMembership({ status: 'canceled' }));
    for (const until of ['2001-01-01', '2199-01-01', '2030-02-30']) {
      const answer = await call(complimentaryFn, 'operator/members/complimentary', await operator(), {
        member: sub,
        until,
      });
      expect(answer.status, until).toBe(400);
      expect(answer.json.error).toMatch(/^until: /);
    }
    expect((await auditOf(sub)).map((e) => e.action)).toEqual(['billing.state']);
  });
});

describe('chat access', () => {
  it('revoked stays revoked (billing and the member cannot undo it), restored gives the role back', async () => {
    const { sub, headers } = await paidMember();
    const username = `ops.${randomUUID().slice(0, 8)}`;
    const invited = await call(discordFn, 'user/discord', headers, { discord: username });
    expect(invited.status, invited.text).toBe(200);
    const code = String(invited.json.invite).split('/').at(-1) ?? '';
    expect((await openLocalInvite(store, code, Date.now())).state).toBe('joined');
    const role = async () => JSON.parse((await store.get<string>(chatKeys.localUser(username))) ?? '{}').role;
    expect(await role()).toBe(true);

    const revoked = await act(chatFn, 'operator/members/chat', { member: sub, access: 'revoke' });
    expect(revoked.member.chat).toEqual({ username, access: 'revoked' });
    expect(await role()).toBe(false);
    // A billing change follows the membership, but not over the operator's hold.
    await followMembership({ store, now: Date.now, ...getChatPorts() }, sub);
    expect(await role()).toBe(false);
    const asked = await call(discordFn, 'user/discord', headers, { discord: username });
    expect(asked.status).toBe(403);
    expect(asked.json.error).toBe(CHAT_SUSPENDED_MESSAGE);
    const twice = await call(chatFn, 'operator/members/chat', await operator(), {
      member: sub,
      access: 'revoke',
    });
    expect(twice.status).toBe(409);
    const noInvite = await call(inviteFn, 'operator/members/chat/invite', await operator(), { member: sub });
    expect(noInvite.status).toBe(409);

    const restored = await act(chatFn, 'operator/members/chat', { member: sub, access: 'restore' });
    expect(restored.member.chat).toEqual({ username, access: 'joined' });
    expect(await role()).toBe(true);
    expect((await readChatRecord(store, sub))?.suspended).toBeUndefined();

    const resent = await act(inviteFn, 'operator/members/chat/invite', { member: sub });
    expect(resent.invite).toMatch(/\/invite\//);
    expect(resent.expiresAt).toBeGreaterThan(Date.now());

    const entries = (await auditOf(sub)).filter((e) => e.action.startsWith('operator.'));
    expect(entries.map((e) => e.action)).toEqual([
      'operator.chat-invite',
      'operator.chat-restore',
      'operator.chat-revoke',
    ]);
    expect(entries[2]?.before).toMatchObject({ username, revoked: false });
    expect(entries[2]?.after).toMatchObject({ username, revoked: true, suspended: true, invite: null });
  });

  it('a member who never asked has nothing to revoke or resend', async () => {
    const { sub } = await paidMember();
    for (const [fn, path, body] of [
      [chatFn, 'operator/members/chat', { access: 'revoke' }],
      [inviteFn, 'operator/members/chat/invite', {}],
    ] as const) {
      const answer = await call(fn, path, await operator(), { member: sub, ...body });
      expect(answer.status, path).toBe(409);
    }
    expect(await store.get(chatKeys.member(sub))).toBeNull();
  });
});

describe('chat actions when the community fails', () => {
  let discord: DiscordRecorder;
  beforeAll(async () => {
    discord = await startDiscordRecorder();
    discord.routes.push(() => ({ status: 503, body: { message: 'upstream connect error' } }));
  });
  afterAll(() => discord.close());

  it('a revoke is a 503: the record, the claims and the log as they were, the lock let go', async () => {
    const sub = newSub();
    await saveMembership(store, sub, activeMembership());
    const record = {
      username: `down.${randomUUID().slice(0, 8)}`,
      invite: null,
      revoked: false,
      account: null,
    };
    await store.set(chatKeys.member(sub), JSON.stringify(record));
    const chat = createDiscordChat({
      kind: 'discord',
      botToken: 'MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.discord-down-test-token',
      guildId: '100000000000000001',
      channelId: '200000000000000002',
      roleId: '300000000000000003',
      apiBase: discord.apiBase,
    });
    const deps = { store, now: Date.now, billing: getBillingPorts().billing, chat: async () => chat };
    const caller = { sub: 'auth0|chat-operator', email: null, customerId: null };
    await expect(setChatAccess(deps, caller, { member: sub, access: 'revoke' })).rejects.toMatchObject({
      status: 503,
    });
    expect(JSON.parse((await store.get<string>(chatKeys.member(sub))) ?? 'null')).toEqual(record);
    expect(await store.get(chatKeys.owner(record.username))).toBeNull();
    expect(await store.get(chatKeys.lock(sub))).toBeNull();
    expect((await auditOf(sub)).map((e) => e.action)).toEqual(['billing.state']);
  });
});

describe('with Stripe', () => {
  let stripe: StripeRecorder;
  const subscriptions = new Map<string, Record<string, unknown>>();
  /** The subscription's first item, as Stripe lists it. */
  const item = (subscription: Record<string, unknown>) =>
    (subscription.items as { data: Array<Record<string, unknown>> }).data[0] as Record<string, unknown>;

  beforeAll(async () => {
    stripe = await startStripeRecorder();
    stripe.routes.push(({ method, path, form }) => {
      if (!path.startsWith('/v1/subscriptions/')) return undefined;
      const id = path.split('/')[3] ?? '';
      const subscription = subscriptions.get(id);
      if (!subscription)
        return {
          status: 404,
          body: { error: { type: 'invalid_request_error', message: 'No such subscription' } },
        };
      if (method === 'POST' && form.trial_end) {
        // Stripe: a trial to trial_end; the billing cycle anchor (and the period end) moves there.
        subscription.status = 'trialing';
        item(subscription).current_period_end = Number(form.trial_end);
      }
      if (method === 'DELETE') subscription.status = 'canceled';
      return { body: subscription };
    });
  });
  afterAll(() => stripe.close());
  beforeEach(() => {
    stripe.requests.length = 0;
  });

  async function stripeMember() {
    const sub = newSub();
    const periodEnd = nowS() + 20 * 86400;
    const subscription = stripeSubscription(sub, {
      periodEndS: periodEnd,
      latestInvoice: { id: 'in_1', object: 'invoice', created: periodEnd - 30 * 86400 },
    });
    const { id } = subscription;
    subscriptions.set(id, subscription);
    const billing = await createStripeBilling(config, stripe.transport);
    const { membership } = await billing.fetchSubscription(id);
    await saveMembership(store, sub, membership);
    const deps = { store, now: Date.now, billing: async () => billing, ...getChatPorts() };
    return { sub, id, periodEnd, membership, deps };
  }

  const caller = { sub: 'auth0|stripe-operator', email: 'ops@example.com', customerId: null };

  it('gives free days as a trial to the new end, with proration off, under an idempotency key', async () => {
    const { sub, id, periodEnd, membership, deps } = await stripeMember();
    const { member } = await extendMember(deps, caller, { member: sub, days: 7 });
    const [update] = stripe.requests.filter((r) => r.method === 'POST');
    expect(update?.path).toBe(`/v1/subscriptions/${id}`);
    expect(update?.form).toMatchObject({
      trial_end: String(periodEnd + 7 * 86400),
      proration_behavior: 'none',
    });
    expect(update?.headers['idempotency-key']).toBe(`operator-extend:${sub}:${membership.asOf}:7:extend`);
    expect(member).toMatchObject({ currentPeriodEnd: (periodEnd + 7 * 86400) * 1000, status: 'active' });
    // Stripe holds a trial; the product has none, so the membership stays active (stripe-billing.ts).
    expect((await stored(sub)).status).toBe('active');
    const [entry] = await auditOf(sub);
    expect(entry).toMatchObject({ action: 'operator.extend', actor: { sub: caller.sub } });
  });

  it('cancels now with a DELETE (no proration, no final invoice): access ends', async () => {
    const { sub, id, deps } = await stripeMember();
    const { member } = await cancelMember(deps, caller, { member: sub, when: 'now' });
    const cancel = stripe.requests.find((r) => r.method === 'DELETE');
    expect(cancel?.path).toBe(`/v1/subscriptions/${id}`);
    expect(cancel?.form.prorate).toBeUndefined();
    expect(cancel?.form.invoice_now).toBeUndefined();
    expect(member.status).toBe('ended');
    expect((await stored(sub)).status).toBe('canceled');
  });

  it("refused by Stripe: a 409 with Stripe's message, nothing written", async () => {
    const { sub, id, membership, deps } = await stripeMember();
    subscriptions.delete(id);
    await expect(extendMember(deps, caller, { member: sub, days: 7 })).rejects.toMatchObject({
      status: 409,
      message: 'No such subscription',
    });
    expect(await stored(sub)).toEqual(membership);
    expect((await auditOf(sub)).map((e) => e.action)).toEqual(['billing.state']);
  });
});
