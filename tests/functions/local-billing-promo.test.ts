// A promo is for its own plan (content/billing.json): in local billing, as in Stripe
// (stripe-billing.test.ts), the discount a subscription started with does not follow it to a plan
// the promo is not for.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createLocalBilling, localDiscount } from '../../functions/_lib/billing/local-billing.ts';
import { membershipKey } from '../../functions/_lib/billing/membership.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import chargeFn from '../../functions/charge.ts';
import upgradeFn from '../../functions/subscription-upgrade.ts';
import { post } from '../support/requests.ts';
import { authHeader } from '../support/tokens.ts';

const { store } = getDeps();
const GOOD = 'tok_local_4242424242424242';

describe('local billing: a promo and an upgrade', () => {
  it('drops a monthly-only promo when the member upgrades to yearly', async () => {
    const sub = `auth0|${randomUUID()}`;
    const headers = await authHeader({ sub });
    const call = (fn: (request: Request) => Promise<Response>, body: unknown = {}) =>
      fn(post('/api/x', body, headers));
    const charged = await call(chargeFn, {
      email: 'trader@example.com',
      planID: 'monthly',
      token: GOOD,
      promo: 'WELCOME10',
    });
    expect(charged.status).toBe(200);
    const { subscriptionId } = JSON.parse((await store.get<string>(membershipKey(sub))) ?? '{}');
    expect(await localDiscount(store, subscriptionId)).toMatchObject({ code: 'WELCOME10', plan: 'monthly' });

    expect((await call(upgradeFn)).status).toBe(200);
    expect(await localDiscount(store, subscriptionId)).toBeNull();
  });

  it('keeps a promo that is for the new plan', async () => {
    const billing = createLocalBilling(store);
    const customerId = await billing.createCustomer(
      { sub: `auth0|${randomUUID()}`, email: 'trader@example.com' },
      `customer:${randomUUID()}`,
    );
    const promo = await billing.findPromo('YEARLY20');
    const monthly = await billing.startSubscription(
      { customerId, cardToken: GOOD, plan: 'monthly', promo, memberSub: 'auth0|x' },
      `charge:${randomUUID()}`,
    );
    await billing.changePlan(monthly, 'yearly', `upgrade:${randomUUID()}`);
    expect(await localDiscount(store, monthly.subscriptionId)).toEqual(promo);
  });
});
