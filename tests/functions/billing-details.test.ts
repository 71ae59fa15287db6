import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { membershipKey } from '../../functions/_lib/billing/membership.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import chargeFn from '../../functions/charge.ts';
import detailsFn from '../../functions/subscription-details.ts';
import statusFn from '../../functions/subscription-status.ts';
import toggleFn from '../../functions/subscription-toggle.ts';
import upgradeFn from '../../functions/subscription-upgrade.ts';
import updateCardFn from '../../functions/user-updatecard.ts';
import { activeMembership } from '../support/members.ts';
import { post } from '../support/requests.ts';
import { authHeader } from '../support/tokens.ts';

// The account page's billing details (POST /api/subscription/details) with local test-mode billing
// on real Redis: the card the member entered, the next charge and the upgrade's amount due now.
// The Stripe adapter's requests for the same: stripe-billing-details.test.ts.

type Handler = (request: Request) => Promise<Response>;

async function member(sub = `auth0|${randomUUID()}`) {
  const headers = await authHeader({ sub });
  return async (fn: Handler, body?: unknown) => {
    const response = await fn(post('/api/x', body ?? {}, headers));
    return { status: response.status, body: await response.json() };
  };
}

const pay = (call: Awaited<ReturnType<typeof member>>, extra: Record<string, unknown> = {}) =>
  call(chargeFn, {
    email: 'trader@example.com',
    planID: 'monthly',
    token: 'tok_local_4242424242424242_1230',
    promo: null,
    ...extra,
  });

describe('subscription/details (local billing)', () => {
  it('has nothing for a user without a subscription', async () => {
    const call = await member();
    expect(await call(detailsFn)).toEqual({
      status: 200,
      body: { card: null, nextCharge: null, upgradeDueNow: null },
    });
  });

  it('shows the card entered, the next charge on the renewal date and the upgrade amount due now', async () => {
    const call = await member();
    await pay(call);
    const { endPeriod } = (await call(statusFn)).body;
    const { status, body } = await call(detailsFn);
    expect(status).toBe(200);
    expect(body.card).toEqual({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
    expect(body.nextCharge).toEqual({ amount: '64.99', currency: 'usd', on: endPeriod });
    // Paid a moment ago: the whole month is credited back, to within a cent of time.
    expect(['535.00', '535.01']).toContain(body.upgradeDueNow.amount);
    expect(body.upgradeDueNow.currency).toBe('usd');
  });

  it('prices the next charge and the credit with the promo the subscription carries', async () => {
    const call = await member();
    await pay(call, { promo: 'WELCOME10' });
    const { body } = await call(detailsFn);
    expect(body.nextCharge.amount).toBe('58.49');
    expect(['541.50', '541.51']).toContain(body.upgradeDueNow.amount);
  });

  it('has no next charge with autopay off, and no upgrade once yearly', async () => {
    const call = await member();
    await pay(call);
    await call(toggleFn, { renew: false });
    expect((await call(detailsFn)).body.nextCharge).toBeNull();
    await call(toggleFn, { renew: true });
    await call(upgradeFn);
    const { body } = await call(detailsFn);
    expect(body.upgradeDueNow).toBeNull();
    expect(body.nextCharge).toMatchObject({ amount: '599.99', currency: 'usd' });
  });

  it('follows a replaced card; a card sent without its expiry shows without one', async () => {
    const call = await member();
    await pay(call);
    expect((await call(updateCardFn, { token: 'tok_local_5555555555554444' })).status).toBe(200);
    expect((await call(detailsFn)).body.card).toEqual({
      brand: 'mastercard',
      last4: '4444',
      expMonth: null,
      expYear: null,
    });
  });

  it('refuses a test card whose expiry month is impossible, with the provider wording', async () => {
    const call = await member();
    expect(await pay(call, { token: 'tok_local_4242424242424242_1330' })).toEqual({
      status: 402,
      body: { error: "Your card's expiration month is invalid." },
    });
  });

  it('answers for a membership local billing does not hold (written by a test or a seed): no card, the price', async () => {
    const sub = `auth0|${randomUUID()}`;
    await getDeps().store.set(membershipKey(sub), JSON.stringify(activeMembership()));
    const { body } = await (await member(sub))(detailsFn);
    expect(body.card).toBeNull();
    expect(body.nextCharge.amount).toBe('64.99');
    expect(body.upgradeDueNow.amount).toMatch(/^\d+\.\d{2}$/);
  });

  it('needs a signed-in caller', async () => {
    expect((await detailsFn(post('/api/subscription/details', {}))).status).toBe(401);
  });
});
