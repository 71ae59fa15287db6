import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { charge, toggleAutopay } from '../../functions/_lib/billing/billing.ts';
import { billingContent } from '../../functions/_lib/billing/billing-content.ts';
import { getBillingPorts } from '../../functions/_lib/billing/billing-ports.ts';
import { type Membership, membershipKey, parseMembership } from '../../functions/_lib/billing/membership.ts';
import { saveMembership } from '../../functions/_lib/billing/membership-write.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import { getIdentityPorts } from '../../functions/_lib/identity/identity-ports.ts';
import { createUser } from '../../functions/_lib/identity/local-users.ts';
import { dayCounts, daysBefore } from '../../functions/_lib/operator/figures.ts';
import { readMetrics } from '../../functions/_lib/operator/figures-read.ts';
import { opsKeys } from '../../functions/_lib/operator/keys.ts';
import { type DailySnapshot, dayOf, dayStart } from '../../functions/_lib/operator/metrics.ts';
import { writeSnapshot } from '../../functions/_lib/operator/snapshot.ts';
import { hashEntries } from '../../functions/_lib/store.ts';
import metricsFn from '../../functions/operator-metrics.ts';
import snapshotFn, { config as snapshotConfig } from '../../functions/operator-snapshot.ts';
import toggleFn from '../../functions/subscription-toggle.ts';
import { activeMembership } from '../support/members.ts';
import { call, newSub, operator, paidMember as paidMemberOf } from '../support/operator.ts';
import { authHeader } from '../support/tokens.ts';

// The operator's money and churn figures on real Redis (docs/operator.md "Money and churn"): the
// counts saveMembership keeps with each write, the daily snapshot job, the metrics call and the
// reasons members give for turning autopay off. The day keys are global: each test counts on a day
// of its own far ahead (the clock faked for Date only), where no other suite writes.

const { store } = getDeps();
const prices = billingContent().plans;
const DAY = 24 * 60 * 60 * 1000;

/** 10:00 UTC on a random day between 2100 and 2899: a day no other write counts on. */
function ownDay(): { day: string; at: number } {
  const at =
    Date.UTC(2100 + Math.floor(Math.random() * 800), 0, 1) +
    Math.floor(Math.random() * 360) * DAY +
    10 * 60 * 60 * 1000;
  return { day: dayOf(at), at };
}

/** The clock (Date only; timers stay real) at `at`. */
const clockAt = (at: number) => vi.useFakeTimers({ toFake: ['Date'], now: at });
afterEach(() => vi.useRealTimers());

const counts = async (day: string) => dayCounts(await hashEntries(store, opsKeys.day(day)));
const ZERO = { monthly: 0, yearly: 0, pastDue: 0, new: 0, reactivated: 0, cancelled: 0, lost: 0 };

/** A member whose stored state is `membership` (as the billing adapters write it), signed in. */
async function member(membership: Membership) {
  const sub = newSub();
  await store.set(membershipKey(sub), JSON.stringify(membership));
  return { sub, headers: await authHeader({ sub }) };
}

/** A member who paid (local billing) for `plan`. */
const paidMember = (plan: 'monthly' | 'yearly' = 'monthly') =>
  paidMemberOf(store, { email: `figures.${randomUUID().slice(0, 8)}@example.com`, plan });

describe('the day counts kept with each billing write', () => {
  // The domain calls with their clock on the test's own day (the handlers' clock is the real one).
  const on = (at: number) => ({ ...getDeps(), ...getBillingPorts(), ...getIdentityPorts(), now: () => at });
  const caller = (sub: string, email: string | null = null) => ({ sub, email, customerId: null });

  it('a charge counts a new member on the monthly plan', async () => {
    const { day, at } = ownDay();
    const email = `figures.${randomUUID().slice(0, 8)}@example.com`;
    const { sub } = await createUser(store, { email, password: 'member-password' });
    await charge(on(at), caller(sub, email), {
      email,
      planID: 'monthly',
      token: 'tok_local_4242424242424242',
    });
    expect(await counts(day)).toEqual({ ...ZERO, new: 1, monthly: 1 });
  });

  it('turning autopay off counts a cancellation (the member stays counted); on again counts nothing', async () => {
    const { day, at } = ownDay();
    const { sub } = await paidMember('yearly');
    const stored = async () => parseMembership(await store.get(membershipKey(sub))) as Membership;
    await toggleAutopay(on(at), caller(sub), await stored(), false);
    expect(await counts(day)).toEqual({ ...ZERO, cancelled: 1 });
    await toggleAutopay(on(at), caller(sub), await stored(), true);
    expect(await counts(day)).toEqual({ ...ZERO, cancelled: 1 });
  });

  it('a loss the provider reports (canceled) is counted once, however many copies arrive at once', async () => {
    const { day, at } = ownDay();
    clockAt(at);
    const sub = newSub();
    const state = activeMembership({ plan: 'yearly', asOf: at - 60_000 });
    await saveMembership(store, sub, state);
    expect(await counts(day)).toEqual({ ...ZERO, new: 1, yearly: 1 });
    // Five webhook deliveries of the end, each a little newer, written at the same moment: each is
    // classified against the state it really replaced, so one loss, one move out of the yearly figure.
    const ends = [1, 2, 3, 4, 5].map((i) => ({ ...state, status: 'canceled' as const, asOf: at - 1000 + i }));
    await Promise.all(ends.map((end) => saveMembership(store, sub, end)));
    expect(await counts(day)).toEqual({ ...ZERO, new: 1, yearly: 0, lost: 1 });
    // An older state arriving late is refused and counts nothing.
    expect(await saveMembership(store, sub, { ...state, asOf: at - 30_000 })).toBe(false);
    expect(await counts(day)).toEqual({ ...ZERO, new: 1, yearly: 0, lost: 1 });
  });
});

describe('why members leave', () => {
  const reasons = async () => Object.fromEntries(await hashEntries(store, opsKeys.churnReasons));

  it('a reason given when turning autopay off is counted and listed with its text', async () => {
    const { headers, sub } = await paidMember();
    const before = Number((await reasons()).technical ?? 0);
    const off = await call(toggleFn, 'subscription/toggle', headers, {
      renew: false,
      reason: { code: 'technical', text: '  The player stutters  ' },
    });
    expect(off.status, JSON.stringify(off.json)).toBe(200);
    expect(Number((await reasons()).technical)).toBe(before + 1);
    const recent = (await store.lrange(opsKeys.churnRecent, 0, 49)).map((raw) => JSON.parse(String(raw)));
    expect(recent.find((r) => r.sub === sub)).toMatchObject({
      code: 'technical',
      text: 'The player stutters',
    });

    // The answer of the operator's call counts it too.
    const metrics = await call(metricsFn, 'operator/metrics', await operator());
    expect(metrics.status).toBe(200);
    const churn = metrics.json.churnReasons as { counts: Array<{ code: string; count: number }> };
    expect(churn.counts.find((c) => c.code === 'technical')?.count).toBeGreaterThanOrEqual(before + 1);
  });

  it('a reason is counted only by the write that turns autopay off', async () => {
    const { headers, sub } = await paidMember();
    expect((await call(toggleFn, 'subscription/toggle', headers, { renew: false })).status).toBe(200);
    const before = await reasons();
    // Turning it on with a reason: the reason is not read.
    const on = await call(toggleFn, 'subscription/toggle', headers, {
      renew: true,
      reason: { code: 'other' },
    });
    expect(on.status).toBe(200);
    expect((await reasons()).other).toBe(before.other);
    const recent = (await store.lrange(opsKeys.churnRecent, 0, 999)).map((raw) => JSON.parse(String(raw)));
    expect(recent.some((r) => r.sub === sub)).toBe(false);
  });

  it('a reason outside the list, or a text over 500 characters, is a 400', async () => {
    const { headers } = await paidMember();
    const bad = await call(toggleFn, 'subscription/toggle', headers, {
      renew: false,
      reason: { code: 'too-slow' },
    });
    expect(bad.status).toBe(400);
    const long = await call(toggleFn, 'subscription/toggle', headers, {
      renew: false,
      reason: { code: 'other', text: 'x'.repeat(501) },
    });
    expect(long.status).toBe(400);
  });
});

describe('the daily snapshot job', () => {
  it('is a Netlify Scheduled Function, daily', () => {
    expect(snapshotConfig).toEqual({ schedule: '@daily' });
  });

  it('counts the members with access at the end of the day, by plan, with the day counts and MRR', async () => {
    const { day, at } = ownDay();
    clockAt(at);
    const end = dayStart(day) + DAY;
    // Two yearly members and one monthly member past due (in its grace) at the end of the day; one ended.
    for (const state of [
      activeMembership({ plan: 'yearly', currentPeriodEnd: end + 30 * DAY }),
      activeMembership({ plan: 'yearly', currentPeriodEnd: end + 300 * DAY }),
      activeMembership({ status: 'past_due', pastDueSince: at, currentPeriodEnd: at }),
      activeMembership({ status: 'canceled' }),
    ])
      await saveMembership(store, newSub(), state);
    vi.useRealTimers();
    const snapshot = await writeSnapshot(store, day, prices);
    expect(snapshot).toEqual({
      day,
      active: { monthly: 1, yearly: 2 },
      pastDue: 1,
      new: 3,
      reactivated: 0,
      cancelled: 0,
      lost: 0,
      // 64.99 + 2 × 599.99 ÷ 12 = 164.98833… → 164.99
      mrr: '164.99',
    });
    expect(JSON.parse(String(await store.hget(opsKeys.snapshots, day)))).toEqual(snapshot);
  });

  it('run as Netlify runs it, writes the day that ended', async () => {
    const response = await snapshotFn(
      new Request('http://localhost/.netlify/functions/operator-snapshot', {
        method: 'POST',
        body: JSON.stringify({ next_run: new Date(Date.now() + DAY).toISOString() }),
      }),
    );
    expect(response.status).toBe(200);
    const { snapshot } = (await response.json()) as { snapshot: DailySnapshot };
    const yesterday = daysBefore(dayOf(Date.now()), 1);
    expect(snapshot.day).toBe(yesterday);
    expect(await store.hexists(opsKeys.snapshots, yesterday)).toBe(1);
  });
});

describe('operator/metrics', () => {
  it('answers today so far from the latest snapshot and the day counts, with weeks and months', async () => {
    const { day: today, at } = ownDay();
    // Ten days of history: 10 monthly members, one lost on the sixth day.
    const history: DailySnapshot[] = [];
    for (let i = 10; i >= 1; i--) {
      const lost = i === 5 ? 1 : 0;
      const monthly = i <= 5 ? 9 : 10;
      history.push({
        day: daysBefore(today, i),
        active: { monthly, yearly: 0 },
        pastDue: 0,
        new: i === 10 ? 10 : 0,
        reactivated: 0,
        cancelled: 0,
        lost,
        mrr: (monthly * 64.99).toFixed(2),
      });
    }
    await store.hset(opsKeys.snapshots, Object.fromEntries(history.map((s) => [s.day, JSON.stringify(s)])));
    clockAt(at);
    await saveMembership(store, newSub(), activeMembership({ plan: 'yearly' }));
    vi.useRealTimers();

    const answer = await readMetrics(
      { store, now: () => at },
      { prices, commissions: { source: 'local', percent: 30 } },
    );
    expect(answer.current).toEqual({
      day: today,
      snapshotDay: daysBefore(today, 1),
      active: { monthly: 9, yearly: 1, total: 10 },
      pastDue: 0,
      // 9 × 64.99 + 599.99 ÷ 12 = 584.91 + 49.99916… = 634.90916… → 634.91
      mrr: '634.91',
      today: { new: 1, reactivated: 0, cancelled: 0, lost: 0 },
    });
    expect(answer.days.map((d) => d.day)).toEqual([...history.map((s) => s.day), today]);
    const months = answer.months;
    expect(months.reduce((sum, m) => sum + m.new, 0)).toBe(11);
    expect(months.reduce((sum, m) => sum + m.lost, 0)).toBe(1);
    expect(answer.weeks.at(-1)?.period).toMatch(/^\d{4}-W\d{2}$/);
    expect(answer.commissions.source).toBe('local');
  });

  it('is the operator’s: a member gets 403', async () => {
    const { headers } = await member(activeMembership());
    expect((await call(metricsFn, 'operator/metrics', headers)).status).toBe(403);
    const answer = await call(metricsFn, 'operator/metrics', await operator());
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.json).sort()).toEqual(
      ['churnReasons', 'commissions', 'current', 'days', 'months', 'weeks'].sort(),
    );
  });
});
