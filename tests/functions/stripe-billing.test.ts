import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { charge } from '../../functions/_lib/billing/billing.ts';
import { type Membership, membershipKey } from '../../functions/_lib/billing/membership.ts';
import { CardError } from '../../functions/_lib/billing/port.ts';
import { createStripeBilling } from '../../functions/_lib/billing/stripe-billing.ts';
import { getChatPorts } from '../../functions/_lib/chat/chat-ports.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import { getIdentityPorts } from '../../functions/_lib/identity/identity-ports.ts';
import {
  type RecordedRequest,
  type StripeRecorder,
  startStripeRecorder,
} from '../support/stripe-recorder.ts';
import { stripeConfig as config, deliverWebhook, stripeEvent as event } from '../support/stripe-webhook.ts';

// The Stripe adapter through the real `stripe` SDK against a local recording server: the exact
// requests it sends, and its webhook handling on real Redis.

const DAY_S = 24 * 60 * 60;
const now = () => Math.floor(Date.now() / 1000);

let stripeServer: StripeRecorder;
// What "Stripe" holds, so reads return the latest writes.
let subscriptions: Map<string, Record<string, unknown>>;
let failNextSubscriptionPost = false;

// The promotion codes "Stripe" knows, each for one plan (metadata.plan, as set in the Dashboard).
const PROMOTION_CODES = [
  { id: 'promo_1', code: 'WELCOME10', plan: 'monthly', coupon: 'co_1', percentOff: 10 },
  { id: 'promo_2', code: 'YEARLY20', plan: 'yearly', coupon: 'co_2', percentOff: 20 },
].map(({ id, code, plan, coupon, percentOff }) => ({
  id,
  object: 'promotion_code',
  code,
  metadata: { plan },
  promotion: { type: 'coupon', coupon: { id: coupon, object: 'coupon', percent_off: percentOff } },
}));

/** A subscription's discount, with its promotion code expanded (as changePlan asks). */
function discountObject(promotionCodeId: string | null, coupon = 'co_operator') {
  const code = PROMOTION_CODES.find((p) => p.id === promotionCodeId) ?? null;
  return {
    id: `di_${promotionCodeId ?? coupon}`,
    object: 'discount',
    promotion_code: code,
    source: { type: 'coupon', coupon: code?.promotion.coupon.id ?? coupon },
  };
}

function subscriptionObject(id: string, form: Record<string, string>, customer: string) {
  const promotionCode = form['discounts[0][promotion_code]'];
  return {
    id,
    object: 'subscription',
    customer,
    status: 'active',
    cancel_at_period_end: false,
    discounts: promotionCode ? [discountObject(promotionCode)] : [],
    // Every metadata[key] sent, as Stripe keeps it.
    metadata: Object.fromEntries(
      Object.entries(form)
        .filter(([name]) => name.startsWith('metadata['))
        .map(([name, value]) => [name.slice('metadata['.length, -1), value]),
    ),
    latest_invoice: { id: 'in_1', object: 'invoice', created: now() },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${id}`,
          object: 'subscription_item',
          price: { id: form['items[0][price]'], object: 'price' },
          current_period_end: now() + 30 * DAY_S,
        },
      ],
    },
  };
}

beforeAll(async () => {
  stripeServer = await startStripeRecorder();
  stripeServer.routes.push(
    ({ method, path }) =>
      method === 'GET' && path.startsWith('/v1/prices/')
        ? {
            body: {
              id: path.split('/')[3],
              object: 'price',
              unit_amount: path.endsWith('year') ? 59999 : 6499,
            },
          }
        : undefined,
    ({ method, path, form }) =>
      method === 'GET' && path === '/v1/promotion_codes'
        ? { body: { object: 'list', data: PROMOTION_CODES.filter((p) => p.code === form.code) } }
        : undefined,
    ({ method, path }) =>
      method === 'POST' && path === '/v1/customers'
        ? { body: { id: 'cus_1', object: 'customer' } }
        : undefined,
    ({ method, path }) =>
      method === 'POST' && path.startsWith('/v1/customers/')
        ? { body: { id: path.split('/')[3], object: 'customer' } }
        : undefined,
    ({ method, path, form }) => {
      if (method !== 'POST' || !path.endsWith('/attach')) return undefined;
      if (path.includes('pm_card_chargeDeclined')) {
        return {
          status: 402,
          body: {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'Your card was declined.',
            },
          },
        };
      }
      return { body: { id: path.split('/')[3], object: 'payment_method', customer: form.customer } };
    },
    ({ method, path, form }) => {
      if (method !== 'POST' || path !== '/v1/subscriptions') return undefined;
      if (failNextSubscriptionPost) {
        failNextSubscriptionPost = false;
        return {
          status: 500,
          body: { error: { type: 'api_error', message: 'try again' } },
          headers: { 'stripe-should-retry': 'true' },
        };
      }
      const subscription = subscriptionObject(`sub_${subscriptions.size + 1}`, form, form.customer ?? '');
      subscriptions.set(subscription.id, subscription);
      return { body: subscription };
    },
    ({ method, path, form }) => {
      if (!path.startsWith('/v1/subscriptions/')) return undefined;
      const subscription = subscriptions.get(path.split('/')[3] ?? '');
      if (!subscription)
        return {
          status: 404,
          body: { error: { type: 'invalid_request_error', message: 'No such subscription' } },
        };
      if (method === 'POST') {
        if (form.cancel_at_period_end !== undefined)
          subscription.cancel_at_period_end = form.cancel_at_period_end === 'true';
        // Stripe's rule: the empty string clears the discounts, a list replaces them, none keeps them.
        const discounts = subscription.discounts as Array<{ id: string }>;
        if (form.discounts === '') subscription.discounts = [];
        else if (form['discounts[0][discount]'] !== undefined) {
          const kept = Object.entries(form)
            .filter(([name]) => /^discounts\[\d+\]\[discount\]$/.test(name))
            .map(([, value]) => value);
          subscription.discounts = discounts.filter((d) => kept.includes(d.id));
        }
        const price = form['items[0][price]'];
        if (price) {
          const items = subscription.items as { data: Array<Record<string, unknown>> };
          items.data[0] = {
            ...items.data[0],
            price: { id: price, object: 'price' },
            current_period_end: now() + 365 * DAY_S,
          };
        }
      }
      return { body: subscription };
    },
  );
});

afterAll(() => stripeServer.close());

beforeEach(() => {
  stripeServer.requests.length = 0;
  subscriptions = new Map();
  failNextSubscriptionPost = false;
});

const billing = () => createStripeBilling(config, stripeServer.transport);
/** What every call that answers with a membership expands: the latest invoice and the discounts. */
const membershipExpand = {
  'expand[0]': 'latest_invoice.discounts.promotion_code',
  'expand[1]': 'discounts.source.coupon',
  'expand[2]': 'discounts.promotion_code',
};
const writes = () =>
  stripeServer.requests
    .filter((r) => r.method === 'POST')
    .map((r: RecordedRequest) => ({ path: r.path, form: r.form, key: r.headers['idempotency-key'] }));

describe('Stripe adapter requests', () => {
  it('reads the plans from the configured prices', async () => {
    expect(await (await billing()).plans()).toEqual({
      monthly: { id: 'price_month', price: '64.99' },
      yearly: { id: 'price_year', price: '599.99' },
    });
  });

  it('finds an active promotion code with its coupon and plan', async () => {
    expect(await (await billing()).findPromo('WELCOME10')).toEqual({
      code: 'WELCOME10',
      id: 'promo_1',
      plan: 'monthly',
      percentOff: 10,
    });
    expect(await (await billing()).findPromo('NOPE')).toBeNull();
    expect(stripeServer.requests[0]?.form).toMatchObject({
      code: 'WELCOME10',
      active: 'true',
      'expand[0]': 'data.promotion.coupon',
    });
  });

  it('charge: customer, card as default on the customer and the subscription, one subscription', async () => {
    const b = await billing();
    const customerId = await b.createCustomer(
      { sub: 'auth0|m1', email: 'm1@example.com' },
      'customer:auth0|m1',
    );
    const membership = await b.startSubscription(
      { customerId, cardToken: 'pm_card_visa', plan: 'monthly', promo: null, memberSub: 'auth0|m1' },
      'charge:op1',
    );
    expect(membership).toMatchObject({
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      plan: 'monthly',
      status: 'active',
      cancelAtPeriodEnd: false,
    });
    expect(writes()).toEqual([
      {
        path: '/v1/customers',
        form: { email: 'm1@example.com', 'metadata[sub]': 'auth0|m1' },
        key: 'customer:auth0|m1:customer',
      },
      {
        path: '/v1/payment_methods/pm_card_visa/attach',
        form: { customer: 'cus_1' },
        key: 'charge:op1:attach',
      },
      {
        path: '/v1/customers/cus_1',
        form: { 'invoice_settings[default_payment_method]': 'pm_card_visa' },
        key: 'charge:op1:default',
      },
      {
        path: '/v1/subscriptions',
        form: {
          customer: 'cus_1',
          'items[0][price]': 'price_month',
          default_payment_method: 'pm_card_visa',
          payment_behavior: 'error_if_incomplete',
          'metadata[plan]': 'monthly',
          'metadata[sub]': 'auth0|m1',
          ...membershipExpand,
        },
        key: 'charge:op1:subscription',
      },
    ]);
  });

  it('charge with a promo code: the promotion code as the subscription discount', async () => {
    const b = await billing();
    const promo = await b.findPromo('WELCOME10');
    await b.startSubscription(
      { customerId: 'cus_1', cardToken: 'pm_card_visa', plan: 'monthly', promo, memberSub: 'auth0|m2' },
      'op2',
    );
    expect(writes().at(-1)?.form).toMatchObject({ 'discounts[0][promotion_code]': 'promo_1' });
  });

  it('a refused card surfaces as the user-facing message (402 card_error)', async () => {
    const attempt = (await billing()).startSubscription(
      {
        customerId: 'cus_1',
        cardToken: 'pm_card_chargeDeclined',
        plan: 'monthly',
        promo: null,
        memberSub: 'auth0|m3',
      },
      'op3',
    );
    await expect(attempt).rejects.toEqual(new CardError('Your card was declined.'));
    expect(writes().some((w) => w.path === '/v1/subscriptions')).toBe(false);
  });

  it('a retried request carries the same idempotency key', async () => {
    failNextSubscriptionPost = true;
    await (await billing()).startSubscription(
      { customerId: 'cus_1', cardToken: 'pm_card_visa', plan: 'yearly', promo: null, memberSub: 'auth0|m4' },
      'charge:op4',
    );
    const posts = writes().filter((w) => w.path === '/v1/subscriptions');
    expect(posts).toHaveLength(2);
    expect(posts.map((p) => p.key)).toEqual(['charge:op4:subscription', 'charge:op4:subscription']);
    expect(subscriptions.size).toBe(1);
  });

  it('toggle, upgrade and card update change the existing subscription only', async () => {
    const b = await billing();
    const membership = await b.startSubscription(
      { customerId: 'cus_1', cardToken: 'pm_card_visa', plan: 'monthly', promo: null, memberSub: 'auth0|m5' },
      'op5',
    );
    stripeServer.requests.length = 0;
    const off = await b.setCancelAtPeriodEnd(membership, true, 'toggle:1');
    expect(off.cancelAtPeriodEnd).toBe(true);
    const yearly = await b.changePlan(off, 'yearly', 'upgrade:1');
    expect(yearly).toMatchObject({ plan: 'yearly', subscriptionId: 'sub_1', cancelAtPeriodEnd: false });
    await b.replaceCard(yearly, 'pm_card_mastercard', 'card:1');
    expect(writes()).toEqual([
      {
        path: '/v1/subscriptions/sub_1',
        form: { cancel_at_period_end: 'true', ...membershipExpand },
        key: 'toggle:1:toggle',
      },
      {
        path: '/v1/subscriptions/sub_1',
        form: {
          'items[0][id]': 'si_sub_1',
          'items[0][price]': 'price_year',
          proration_behavior: 'always_invoice',
          payment_behavior: 'error_if_incomplete',
          cancel_at_period_end: 'false',
          'metadata[plan]': 'yearly',
          ...membershipExpand,
        },
        key: 'upgrade:1:upgrade',
      },
      {
        path: '/v1/payment_methods/pm_card_mastercard/attach',
        form: { customer: 'cus_1' },
        key: 'card:1:attach',
      },
      {
        path: '/v1/customers/cus_1',
        form: { 'invoice_settings[default_payment_method]': 'pm_card_mastercard' },
        key: 'card:1:default',
      },
      {
        path: '/v1/subscriptions/sub_1',
        form: { default_payment_method: 'pm_card_mastercard', ...membershipExpand },
        key: 'card:1:subscription-card',
      },
    ]);
    expect(subscriptions.size).toBe(1);
  });
});

describe('Stripe adapter: a promo for one plan does not follow an upgrade', () => {
  const monthlyWith = async (code: string) => {
    const b = await billing();
    const promo = await b.findPromo(code);
    const membership = await b.startSubscription(
      { customerId: 'cus_1', cardToken: 'pm_card_visa', plan: 'monthly', promo, memberSub: 'auth0|m7' },
      `op:${code}`,
    );
    stripeServer.requests.length = 0;
    return { b, membership };
  };
  const sent = () => stripeServer.requests.map(({ method, path, form }) => ({ method, path, form }));
  const upgrade = {
    'items[0][id]': 'si_sub_1',
    'items[0][price]': 'price_year',
    proration_behavior: 'always_invoice',
    payment_behavior: 'error_if_incomplete',
    cancel_at_period_end: 'false',
    'metadata[plan]': 'yearly',
    ...membershipExpand,
  };
  const read = {
    method: 'GET',
    path: '/v1/subscriptions/sub_1',
    form: { 'expand[0]': 'discounts.promotion_code' },
  };

  it('clears a monthly-only promo in the upgrade request itself', async () => {
    const { b, membership } = await monthlyWith('WELCOME10');
    expect(subscriptions.get('sub_1')?.discounts).toEqual([discountObject('promo_1')]);
    await b.changePlan(membership, 'yearly', 'upgrade:promo');
    expect(sent()).toEqual([
      read,
      { method: 'POST', path: '/v1/subscriptions/sub_1', form: { ...upgrade, discounts: '' } },
    ]);
    expect(stripeServer.requests.at(-1)?.headers['idempotency-key']).toBe('upgrade:promo:upgrade');
    expect(subscriptions.get('sub_1')?.discounts).toEqual([]);
  });

  it('keeps a yearly promo and a discount no plan rule covers, dropping only the monthly one', async () => {
    const { b, membership } = await monthlyWith('YEARLY20');
    const held = subscriptions.get('sub_1')?.discounts as unknown[];
    // A coupon applied in the Dashboard (no promotion code), and a monthly-only code beside them.
    held.push(discountObject(null), discountObject('promo_1'));
    await b.changePlan(membership, 'yearly', 'upgrade:mixed');
    expect(sent()).toEqual([
      read,
      {
        method: 'POST',
        path: '/v1/subscriptions/sub_1',
        form: {
          ...upgrade,
          'discounts[0][discount]': 'di_promo_2',
          'discounts[1][discount]': 'di_co_operator',
        },
      },
    ]);
    expect(subscriptions.get('sub_1')?.discounts).toEqual([discountObject('promo_2'), discountObject(null)]);
  });

  it('leaves the discounts alone when every one of them is valid on the new plan', async () => {
    const { b, membership } = await monthlyWith('YEARLY20');
    await b.changePlan(membership, 'yearly', 'upgrade:kept');
    expect(sent()).toEqual([read, { method: 'POST', path: '/v1/subscriptions/sub_1', form: upgrade }]);
    expect(subscriptions.get('sub_1')?.discounts).toEqual([discountObject('promo_2')]);
  });
});

describe('Stripe adapter: referrals for Rewardful', () => {
  const clickId = '0f8b2c1e-4d5a-4e6f-9a7b-1c2d3e4f5a6b';
  const caller = (sub: string) => ({ sub, email: null, customerId: null });
  const deps = () => ({ ...getDeps(), ...getIdentityPorts(), billing: async () => billing() });
  const referredCharge = (sub: string, body: Record<string, unknown>) =>
    charge(deps(), caller(sub), {
      email: 'referred@example.com',
      planID: 'price_month',
      token: 'pm_card_visa',
      promo: null,
      ...body,
    });

  it('a referred charge puts the referral on the customer and the subscription metadata', async () => {
    const sub = `auth0|${randomUUID()}`;
    expect(await referredCharge(sub, { referral: 'abc123', referralClick: clickId })).toEqual({
      subscribed: true,
      plan: 'monthly',
    });
    const customerUpdate = writes().find((w) => /^\/v1\/customers\/cus_/.test(w.path));
    // Rewardful reads metadata.referral (its visit UUID) when a customer is created or updated.
    expect(customerUpdate?.form).toEqual({
      'invoice_settings[default_payment_method]': 'pm_card_visa',
      'metadata[via]': 'abc123',
      'metadata[referral]': clickId,
    });
    const subscription = writes().find((w) => w.path === '/v1/subscriptions');
    expect(subscription?.form).toMatchObject({
      'metadata[plan]': 'monthly',
      'metadata[sub]': sub,
      'metadata[via]': 'abc123',
      'metadata[referral]': clickId,
    });
    // The membership keeps the link's token (read back from the subscription, also by webhooks).
    const stored = JSON.parse((await getDeps().store.get<string>(membershipKey(sub))) ?? '{}');
    expect(stored.referral).toBe('abc123');
  });

  it("with only our cookie's token (the service's script blocked or not configured): via, no referral", async () => {
    await referredCharge(`auth0|${randomUUID()}`, { referral: 'abc123' });
    for (const path of [/^\/v1\/customers\/cus_/, /^\/v1\/subscriptions$/]) {
      const form = writes().find((w) => path.test(w.path))?.form ?? {};
      expect(form['metadata[via]']).toBe('abc123');
      expect(form).not.toHaveProperty('metadata[referral]');
    }
  });

  it("with only the service's visit id: it alone goes to Stripe", async () => {
    await referredCharge(`auth0|${randomUUID()}`, { referralClick: clickId.toUpperCase() });
    const form = writes().find((w) => w.path === '/v1/subscriptions')?.form ?? {};
    expect(form['metadata[referral]']).toBe(clickId);
    expect(form).not.toHaveProperty('metadata[via]');
  });

  it('bad referral ids are ignored: no referral metadata, the payment goes through', async () => {
    const result = await referredCharge(`auth0|${randomUUID()}`, {
      referral: 'abc;domain=evil',
      referralClick: 'not-a-uuid',
    });
    expect(result).toEqual({ subscribed: true, plan: 'monthly' });
    for (const write of writes()) {
      expect(Object.keys(write.form).filter((k) => /metadata\[(via|referral)\]/.test(k))).toEqual([]);
    }
  });

  it('no referral: the customer update carries only the card', async () => {
    await referredCharge(`auth0|${randomUUID()}`, {});
    expect(writes().find((w) => /^\/v1\/customers\/cus_/.test(w.path))?.form).toEqual({
      'invoice_settings[default_payment_method]': 'pm_card_visa',
    });
  });
});

describe('Stripe webhooks (POST /api/billing/webhook)', () => {
  const { store } = getDeps();
  const deps = () => ({
    store,
    now: Date.now,
    ...getChatPorts(),
    billing: async () => billing(),
    billingConfig: config,
  });
  const deliver = (payload: unknown, signature?: string | null) => deliverWebhook(payload, deps(), signature);

  async function stripeSubscription(sub: string): Promise<Record<string, unknown>> {
    await (await billing()).startSubscription(
      {
        customerId: `cus_${randomUUID().slice(0, 8)}`,
        cardToken: 'pm_card_visa',
        plan: 'monthly',
        promo: null,
        memberSub: sub,
      },
      `op-${randomUUID()}`,
    );
    return [...subscriptions.values()].at(-1) as Record<string, unknown>;
  }
  const stored = async (sub: string) =>
    JSON.parse((await store.get<string>(membershipKey(sub))) ?? 'null') as Membership | null;

  it('refuses a missing or bad signature with 400 and writes nothing', async () => {
    const sub = `auth0|${randomUUID()}`;
    const subscription = await stripeSubscription(sub);
    const payload = event('customer.subscription.updated', subscription);
    expect(await deliver(payload, null)).toEqual({ status: 400, body: { error: 'Invalid signature' } });
    expect(await deliver(payload, 't=1,v1=deadbeef')).toEqual({
      status: 400,
      body: { error: 'Invalid signature' },
    });
    expect(await stored(sub)).toBeNull();
  });

  it('applies an event once: the same event twice is one state change', async () => {
    const sub = `auth0|${randomUUID()}`;
    const subscription = await stripeSubscription(sub);
    stripeServer.requests.length = 0;
    const payload = event('customer.subscription.created', subscription);
    expect(await deliver(payload)).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    expect(await deliver(payload)).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    expect(stripeServer.requests.filter((r) => r.method === 'GET')).toHaveLength(1);
    expect(await stored(sub)).toMatchObject({
      subscriptionId: subscription.id,
      status: 'active',
      plan: 'monthly',
    });
  });

  it("'updated' before 'created' ends in Stripe's current state", async () => {
    const sub = `auth0|${randomUUID()}`;
    const subscription = await stripeSubscription(sub);
    const created = event('customer.subscription.created', { ...subscription });
    // Meanwhile the member turned autopay off: Stripe now says cancel_at_period_end.
    subscription.cancel_at_period_end = true;
    const updated = event('customer.subscription.updated', { ...subscription });
    expect((await deliver(updated)).status).toBe(200);
    expect((await deliver(created)).status).toBe(200);
    expect(await stored(sub)).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
  });

  it('follows invoices to their subscription (payment failed → past_due, with grace)', async () => {
    const sub = `auth0|${randomUUID()}`;
    const subscription = await stripeSubscription(sub);
    subscription.status = 'past_due';
    const invoice = {
      id: 'in_9',
      object: 'invoice',
      parent: { subscription_details: { subscription: subscription.id } },
    };
    expect((await deliver(event('invoice.payment_failed', invoice))).body).toEqual({
      received: true,
      outcome: 'applied',
    });
    expect(await stored(sub)).toMatchObject({ status: 'past_due', pastDueSince: expect.any(Number) });
  });

  it('answers 200 to event types it ignores', async () => {
    expect(await deliver(event('charge.refund.updated', { id: 're_1' }))).toEqual({
      status: 200,
      body: { received: true, outcome: 'ignored' },
    });
  });

  it('answers 5xx when it cannot apply an event, and applies the retry', async () => {
    const sub = `auth0|${randomUUID()}`;
    const subscription = await stripeSubscription(sub);
    const payload = event('customer.subscription.updated', { ...subscription, id: 'sub_missing' });
    expect((await deliver(payload)).status).toBeGreaterThanOrEqual(500);
    subscriptions.set('sub_missing', { ...subscription, id: 'sub_missing' });
    expect((await deliver(payload)).body).toEqual({ received: true, outcome: 'applied' });
  });
});
