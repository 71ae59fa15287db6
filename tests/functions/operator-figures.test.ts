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
import { ledgerKeys } from '../../functions/_lib/ledger/keys.ts';
import { dayCounts, daysBefore, zeroCounts } from '../../functions/_lib/operator/figures.ts';
import { ledgerDays, readMetrics } from '../../functions/_lib/operator/figures-read.ts';
import { opsKeys } from '../../functions/_lib/operator/keys.ts';
import { type DailySnapshot, dayOf, dayStart, periodOf } from '../../functions/_lib/operator/metrics.ts';
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
const ZERO = zeroCounts();
/** A year of one member at the content's list prices, in cents. */
const MONTHLY_ARR = 6499 * 12;
const YEARLY_ARR = 59_999;

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
    expect(await counts(day)).toEqual({
      ...ZERO,
      new: 1,
      monthly: 1,
      arr: MONTHLY_ARR,
      arrAdded: MONTHLY_ARR,
    });
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
    const joined = { ...ZERO, new: 1, yearly: 1, arr: YEARLY_ARR, arrAdded: YEARLY_ARR };
    expect(await counts(day)).toEqual(joined);
    // Five webhook deliveries of the end, each a little newer, written at the same moment: each is
    // classified against the state it really replaced, so one loss, one move out of the yearly figure.
    const ends = [1, 2, 3, 4, 5].map((i) => ({ ...state, status: 'canceled' as const, asOf: at - 1000 + i }));
    await Promise.all(ends.map((end) => saveMembership(store, sub, end)));
    const ended = { ...joined, yearly: 0, lost: 1, arr: 0, arrLost: YEARLY_ARR };
    expect(await counts(day)).toEqual(ended);
    // An older state arriving late is refused and counts nothing.
    expect(await saveMembership(store, sub, { ...state, asOf: at - 30_000 })).toBe(false);
    expect(await counts(day)).toEqual(ended);
  });

  it('a member on a promo is counted at the price they pay', async () => {
    const { day, at } = ownDay();
    clockAt(at);
    const sub = newSub();
    const promo = activeMembership({ price: '58.49', asOf: at - 60_000 });
    await saveMembership(store, sub, promo);
    expect(await counts(day)).toEqual({ ...ZERO, new: 1, monthly: 1, arr: 70_188, arrAdded: 70_188 });
    // Ended, so no other test's snapshot of an earlier day finds it a member (its period runs on
    // from this far-off day, and access asks only when a period ends).
    await saveMembership(store, sub, { ...promo, status: 'canceled', asOf: at });
    expect(await counts(day)).toMatchObject({ lost: 1, arr: 0, arrLost: 70_188 });
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
    // Two yearly members (one on YEARLY20), one monthly member past due (in its grace) at the end of
    // the day, one complimentary; one ended.
    for (const state of [
      activeMembership({ plan: 'yearly', currentPeriodEnd: end + 30 * DAY }),
      activeMembership({ plan: 'yearly', currentPeriodEnd: end + 300 * DAY, price: '479.99' }),
      activeMembership({ status: 'past_due', pastDueSince: at, currentPeriodEnd: at }),
      activeMembership({ subscriptionId: `comp_${randomUUID().slice(0, 8)}`, price: '0.00' }),
      activeMembership({ status: 'canceled' }),
    ])
      await saveMembership(store, newSub(), state);
    vi.useRealTimers();
    const snapshot = await writeSnapshot(store, day, prices);
    // 779.88 + 599.99 + 479.99 (+ 0 complimentary) = 1859.86 a year
    const arr = MONTHLY_ARR + YEARLY_ARR + 47_999;
    expect(snapshot).toEqual({
      day,
      active: { monthly: 2, yearly: 2 },
      pastDue: 1,
      new: 4,
      reactivated: 0,
      cancelled: 0,
      lost: 0,
      arr,
      arrAdded: arr,
      arrLost: 0,
      // 1859.86 ÷ 12 = 154.98833… → 154.99
      mrr: '154.99',
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
    // Ten days of history: 10 monthly members, one lost on the sixth day. Stored as snapshots were
    // before what members pay was kept (no ARR): read with their MRR's.
    const history = [];
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
    expect(answer.current).toMatchObject({
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
    // The one loss: a member of about 64.99 a month (the day's average, from its stored MRR).
    expect(months.map((m) => m.mrrLost).filter((lost) => lost !== '0.00')).toEqual(['64.99']);
    expect(answer.weeks.at(-1)?.period).toMatch(/^\d{4}-W\d{2}$/);
    expect(answer.commissions.source).toBe('local');
  });

  it('answers the money of each day, week and month and of today, from the ledger’s day totals', async () => {
    const { day: today, at } = ownDay();
    const day = (n: number) => daysBefore(today, n);
    // Two weeks of snapshots, so every day below is a day of the chart.
    const snapshot = (d: string) =>
      JSON.stringify({
        day: d,
        active: { monthly: 2, yearly: 0 },
        pastDue: 0,
        new: 0,
        reactivated: 0,
        cancelled: 0,
        lost: 0,
        arr: 2 * MONTHLY_ARR,
        arrAdded: 0,
        arrLost: 0,
        mrr: '129.98',
      });
    const days = Array.from({ length: 14 }, (_, i) => day(14 - i));
    await store.hset(opsKeys.snapshots, Object.fromEntries(days.map((d) => [d, snapshot(d)])));
    // As the ledger writes them: integer cents and counts, HINCRBY'd by the day the money moved.
    const ledger: Record<string, Record<string, number>> = {
      [day(12)]: { collected: 6499, charges: 1 },
      [day(8)]: { collected: 5849 + 59_999, charges: 2 },
      [day(3)]: { refunded: 6499, refunds: 1, failed: 6499, failures: 1 },
      [day(1)]: { collected: 53_507, charges: 1 },
      [today]: { collected: 5849, charges: 1, failed: 59_999, failures: 1 },
    };
    for (const [d, fields] of Object.entries(ledger))
      for (const [field, amount] of Object.entries(fields))
        await store.hincrby(ledgerKeys.day(d), field, amount);

    const answer = await readMetrics(
      { store, now: () => at },
      { prices, commissions: { source: 'rewardful' } },
    );
    expect(answer.current.cash).toEqual({
      collected: '58.49',
      refunded: '0.00',
      failed: '599.99',
      net: '58.49',
      charges: 1,
      refunds: 0,
      failures: 1,
    });
    const cashOn = (d: string) => answer.days.find((x) => x.day === d)?.cash;
    expect(cashOn(day(8))).toEqual({
      collected: '658.48',
      refunded: '0.00',
      failed: '0.00',
      net: '658.48',
      charges: 2,
      refunds: 0,
      failures: 0,
    });
    expect(cashOn(day(3))).toMatchObject({
      collected: '0.00',
      refunded: '64.99',
      net: '-64.99',
      failures: 1,
    });
    expect(cashOn(day(5))).toMatchObject({ collected: '0.00', charges: 0 });
    expect(answer.days.at(-1)?.cash).toEqual(answer.current.cash);

    // Each week and month: the sum of its days (cents, so exact), whatever the calendar makes of them.
    const cents = (text: string) => Math.round(Number(text) * 100);
    for (const by of ['week', 'month'] as const) {
      const periods = by === 'week' ? answer.weeks : answer.months;
      const expected = new Map<string, { collected: number; refunded: number; charges: number }>();
      for (const [d, fields] of Object.entries(ledger)) {
        const { period } = periodOf(d, by);
        const sum = expected.get(period) ?? { collected: 0, refunded: 0, charges: 0 };
        expected.set(period, {
          collected: sum.collected + (fields.collected ?? 0),
          refunded: sum.refunded + (fields.refunded ?? 0),
          charges: sum.charges + (fields.charges ?? 0),
        });
      }
      for (const p of periods) {
        const sum = expected.get(p.period) ?? { collected: 0, refunded: 0, charges: 0 };
        expect([p.period, cents(p.cash.collected), cents(p.cash.net), p.cash.charges]).toEqual([
          p.period,
          sum.collected,
          sum.collected - sum.refunded,
          sum.charges,
        ]);
      }
      const total = periods.reduce((sum, p) => sum + cents(p.cash.collected), 0);
      // 64.99 + 58.49 + 599.99 + 535.07 + 58.49
      expect(total).toBe(131_703);
    }
  });

  it('reads it all in one round trip', async () => {
    const { at } = ownDay();
    // The store's requests are HTTP requests (Upstash's REST, the bridge locally): counted as sent.
    const sent = vi.spyOn(globalThis, 'fetch');
    try {
      await readMetrics({ store, now: () => at }, { prices, commissions: { source: 'local', percent: 30 } });
      expect(sent).toHaveBeenCalledTimes(1);
    } finally {
      sent.mockRestore();
    }
    // A year of the ledger's days, every day of the 12 weeks and months answered among them.
    expect(ledgerDays(dayOf(at)).length).toBeGreaterThanOrEqual(366);
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
