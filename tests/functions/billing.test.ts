import { randomUUID } from 'node:crypto';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { membershipKey } from '../../functions/_lib/billing/membership.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import { mailKeys } from '../../functions/_lib/mail/keys.ts';
import { enqueueEmail } from '../../functions/_lib/mail/queue.ts';
import chargeFn from '../../functions/charge.ts';
import verifyFn from '../../functions/payment-verify.ts';
import promoFn from '../../functions/promo.ts';
import statusFn from '../../functions/subscription-status.ts';
import toggleFn from '../../functions/subscription-toggle.ts';
import upgradeFn from '../../functions/subscription-upgrade.ts';
import updateCardFn from '../../functions/user-updatecard.ts';
import { emailDate } from '../support/email-date.ts';
import { clockAtWindowStart } from '../support/rate-window.ts';
import { post } from '../support/requests.ts';
import { authHeader } from '../support/tokens.ts';

// Billing end to end through the functions with the local test-mode adapter (the embedded
// default) on real Redis. The Stripe adapter's requests are covered in stripe-billing.test.ts.

type Handler = (request: Request) => Promise<Response>;
const DAY = 24 * 60 * 60 * 1000;
const { store } = getDeps();

const card = (number: string) => `tok_local_${number.replaceAll(' ', '')}`;
const GOOD = card('4242 4242 4242 4242');

async function member() {
  const sub = `auth0|${randomUUID()}`;
  const headers = await authHeader({ sub });
  const call = async (fn: Handler, body?: unknown) => {
    const response = await fn(post('/api/x', body ?? {}, headers));
    return { status: response.status, body: await response.json() };
  };
  return { sub, call };
}

const pay = (call: Awaited<ReturnType<typeof member>>['call'], extra: Record<string, unknown> = {}) =>
  call(chargeFn, { email: 'trader@example.com', planID: 'monthly', token: GOOD, promo: null, ...extra });

describe('charge (POST /api/charge)', () => {
  it('subscribes with a good test card: active monthly, renewing in a month', async () => {
    const { sub, call } = await member();
    const before = Date.now();
    expect(await pay(call)).toEqual({ status: 200, body: { subscribed: true, plan: 'monthly' } });
    const status = await call(statusFn);
    expect(status.body).toMatchObject({ plan: 'monthly', noRenew: false });
    // The first payment, for the dashboard's first week without the upgrade promo.
    expect(status.body.memberSince).toBeGreaterThanOrEqual(before);
    expect(status.body.memberSince).toBeLessThanOrEqual(Date.now());
    expect(status.body.endPeriod).toBeGreaterThan(before + 27 * DAY);
    expect(status.body.endPeriod).toBeLessThan(before + 32 * DAY);
    expect(await store.get(membershipKey(sub))).toBeTruthy();
  });

  it('queues the welcome email once, with the plan, its price and the next charge date', async () => {
    const { sub, call } = await member();
    expect((await pay(call)).status).toBe(200);
    const keys = mailKeys();
    const queued = JSON.parse((await store.hget<string>(keys.jobs, `welcome:${sub}`)) ?? '{}') as {
      to: string;
      template: string;
      data: Record<string, string>;
    };
    const end = (await call(statusFn)).body.endPeriod as number;
    expect(queued).toMatchObject({
      to: 'trader@example.com',
      template: 'welcome',
      data: {
        plan: 'Monthly',
        price: '$64.99',
        nextChargeDate: emailDate(end),
      },
    });
    expect(await store.exists(keys.once(`welcome:${sub}`))).toBe(1);
    // The key is the member's: a welcome queued for them again (a later charge) is a duplicate,
    // and the first one's job stays as it was.
    const job = await store.hget<string>(keys.jobs, `welcome:${sub}`);
    const again = await enqueueEmail(store, {
      key: `welcome:${sub}`,
      to: 'trader@example.com',
      template: 'welcome',
      data: { plan: 'Yearly', price: '$599.99', nextChargeDate: 'never' },
    });
    expect(again).toBe('duplicate');
    expect(await store.hget<string>(keys.jobs, `welcome:${sub}`)).toBe(job);
  });

  it('the welcome email quotes what was charged: a promo member paid $58.49, not the list price', async () => {
    const { sub, call } = await member();
    expect((await pay(call, { promo: 'WELCOME10' })).status).toBe(200);
    const job = JSON.parse((await store.hget<string>(mailKeys().jobs, `welcome:${sub}`)) ?? '{}') as {
      data: Record<string, string>;
    };
    expect(job.data.price).toBe('$58.49');
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ['4242 4242 4242 4241', 'Your card number is incorrect.'],
  ])('refuses card %s with the provider wording, and grants nothing', async (number, message) => {
    const { call } = await member();
    expect(await pay(call, { token: card(number) })).toEqual({ status: 402, body: { error: message } });
    expect((await call(statusFn)).body).toEqual({
      plan: 'free',
      noRenew: false,
      endPeriod: null,
      pastDue: false,
      memberSince: null,
    });
  });

  it.each([
    [{ token: '' }, 'Card Info Required'],
    [{ token: undefined }, 'token: Card Info Required'],
    [{ email: '' }, 'Email is Required'],
    [{ email: 'nope' }, 'Invalid Email'],
    [{ planID: 'lifetime' }, 'Choose the Monthly or Yearly plan'],
    [{ promo: 'NOT-A-CODE' }, 'Invalid Promo Code'],
    // YEARLY20 is restricted to the yearly plan.
    [{ promo: 'YEARLY20' }, 'Invalid Promo Code'],
  ])('answers %j with 400 %s', async (change, error) => {
    const { call } = await member();
    expect(await pay(call, change)).toEqual({ status: 400, body: { error } });
  });

  it('accepts a promo code for its own plan', async () => {
    const { call } = await member();
    expect(await pay(call, { planID: 'yearly', promo: 'yearly20' })).toEqual({
      status: 200,
      body: { subscribed: true, plan: 'yearly' },
    });
  });

  it('a double-submitted charge makes exactly one subscription', async () => {
    const { sub, call } = await member();
    const results = await Promise.all([pay(call), pay(call), pay(call)]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.status).toBe(409);
    const subscriptionId = JSON.parse((await store.get<string>(membershipKey(sub))) ?? '{}').subscriptionId;
    expect(subscriptionId).toMatch(/^sub_local_/);
    // And paying again later is refused: one subscription per member.
    expect(await pay(call)).toEqual({
      status: 409,
      body: { error: 'You already have an active membership.', redirect: '/' },
    });
  });

  it('needs a signed-in caller', async () => {
    const response = await chargeFn(post('/api/charge', { email: 'a@b.co', planID: 'monthly', token: GOOD }));
    expect(response.status).toBe(401);
  });
});

describe('promo (POST /api/promo, public)', () => {
  it.each([
    ['WELCOME10', { promo: 'WELCOME10', promoPlan: 'monthly', discount: 10 }],
    [' yearly20 ', { promo: 'YEARLY20', promoPlan: 'yearly', discount: 20 }],
    ['NOPE', { promo: false }],
    ['', { promo: false }],
  ])('%j → %j', async (promo, body) => {
    const response = await promoFn(post('/api/promo', { promo }));
    expect({ status: response.status, body: await response.json() }).toEqual({ status: 200, body });
  });
});

describe('payment/verify', () => {
  it('gives a non-member the plans, and the newsletter promotion when they came through ?discount=email', async () => {
    const { call } = await member();
    const plans = { monthly: { id: 'monthly', price: '64.99' }, yearly: { id: 'yearly', price: '599.99' } };
    expect((await call(verifyFn)).body).toEqual({ plans });
    expect((await call(verifyFn, { promoAccess: 'email' })).body).toEqual({
      plans,
      emailPromo: 'NEWSLETTER15',
    });
  });

  it("sends a member home (redirect '/')", async () => {
    const { call } = await member();
    await pay(call);
    expect((await call(verifyFn)).body).toMatchObject({ redirect: '/' });
  });
});

describe('subscription changes', () => {
  it('turns autopay off and on (ends / renews on the end date)', async () => {
    const { call } = await member();
    await pay(call);
    const off = await call(toggleFn, { renew: false });
    expect(off).toMatchObject({ status: 200, body: { noRenew: true } });
    expect((await call(statusFn)).body).toMatchObject({
      plan: 'monthly',
      noRenew: true,
      endPeriod: off.body.endPeriod,
    });
    expect((await call(toggleFn, { renew: true })).body).toMatchObject({ noRenew: false });
  });

  it('bills 10 simultaneous upgrades once: one 200, the rest 409', async () => {
    const { call } = await member();
    await pay(call);
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(upgradeFn)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(409);
      expect(['Your payment is already being processed.', 'Your subscription is already Yearly.']).toContain(
        answer.body.error,
      );
    }
    expect((await call(statusFn)).body).toMatchObject({ plan: 'yearly' });
  });

  it('limits autopay switches to 20 in 10 minutes (429 with Retry-After)', async () => {
    const { call } = await member();
    await pay(call);
    clockAtWindowStart();
    onTestFinished(() => {
      vi.useRealTimers();
    });
    for (let i = 0; i < 20; i++) expect((await call(toggleFn, { renew: i % 2 === 1 })).status).toBe(200);
    const refused = await call(toggleFn, { renew: true });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
  });

  it('upgrades monthly to yearly on the same subscription, once', async () => {
    const { sub, call } = await member();
    await pay(call);
    const before = JSON.parse((await store.get<string>(membershipKey(sub))) ?? '{}');
    const upgraded = await call(upgradeFn);
    expect(upgraded).toMatchObject({ status: 200, body: { plan: 'yearly', noRenew: false } });
    expect(upgraded.body.endPeriod).toBeGreaterThan(Date.now() + 360 * DAY);
    const after = JSON.parse((await store.get<string>(membershipKey(sub))) ?? '{}');
    expect(after.subscriptionId).toBe(before.subscriptionId);
    expect(await call(upgradeFn)).toEqual({
      status: 409,
      body: { error: 'Your subscription is already Yearly.' },
    });
  });

  it('an upgrade with autopay off turns it back on, as the payment provider does', async () => {
    const { call } = await member();
    await pay(call);
    expect((await call(toggleFn, { renew: false })).body).toMatchObject({ noRenew: true });
    expect(await call(upgradeFn)).toMatchObject({ status: 200, body: { plan: 'yearly', noRenew: false } });
  });

  it('replaces the card, with the provider wording when the new one is refused', async () => {
    const { call } = await member();
    await pay(call);
    expect(await call(updateCardFn, { token: card('4000000000000002') })).toEqual({
      status: 402,
      body: { error: 'Your card was declined.' },
    });
    expect(await call(updateCardFn, { token: '' })).toEqual({
      status: 400,
      body: { error: 'Card Info Required' },
    });
    expect(await call(updateCardFn, { token: card('5555555555554444') })).toEqual({
      status: 200,
      body: { updated: true },
    });
  });

  it('sends a signed-in user without a membership to /payment (redirect: true)', async () => {
    const { call } = await member();
    const answer = { status: 403, body: { error: 'An active membership is required', redirect: true } };
    expect(await call(toggleFn, { renew: false })).toEqual(answer);
    expect(await call(upgradeFn)).toEqual(answer);
    expect(await call(updateCardFn, { token: GOOD })).toEqual(answer);
  });

  it("acts on the caller's own subscription whatever custID the body names", async () => {
    const victim = await member();
    await pay(victim.call);
    const victimState = await store.get<string>(membershipKey(victim.sub));
    const attacker = await member();
    await pay(attacker.call);
    const customerId = JSON.parse(victimState ?? '{}').customerId;
    await attacker.call(toggleFn, { renew: false, custID: customerId });
    await attacker.call(upgradeFn, { custID: customerId });
    expect(await store.get<string>(membershipKey(victim.sub))).toBe(victimState);
  });
});
