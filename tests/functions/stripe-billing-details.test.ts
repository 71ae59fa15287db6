import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Membership } from '../../functions/_lib/billing/membership.ts';
import { createStripeBilling } from '../../functions/_lib/billing/stripe-billing.ts';
import { type StripeRecorder, startStripeRecorder } from '../support/stripe-recorder.ts';
import { stripeConfig as config } from '../support/stripe-webhook.ts';

// The Stripe adapter's reads for the account page, through the real `stripe` SDK against the
// recording stand-in: the card on file (the subscription's, else the customer's default), the next
// renewal's invoice preview and the yearly upgrade's proration preview.

const membership: Membership = {
  customerId: 'cus_1',
  subscriptionId: 'sub_1',
  plan: 'monthly',
  status: 'active',
  currentPeriodEnd: Date.UTC(2026, 11, 12),
  cancelAtPeriodEnd: false,
  asOf: 1,
};

const paymentMethod = (id: string, brand: string, last4: string) => ({
  id,
  object: 'payment_method',
  type: 'card',
  card: { brand, last4, exp_month: 4, exp_year: 2029 },
});

let stripe: StripeRecorder;
/** What the subscription's own default payment method is in "Stripe" (null: none of its own). */
let subscriptionCard: Record<string, unknown> | null;
let discounts: unknown[];

beforeAll(async () => {
  stripe = await startStripeRecorder();
  stripe.routes.push(
    ({ method, path }) =>
      method === 'GET' && path === '/v1/subscriptions/sub_1'
        ? {
            body: {
              id: 'sub_1',
              object: 'subscription',
              default_payment_method: subscriptionCard,
              customer: {
                id: 'cus_1',
                object: 'customer',
                invoice_settings: { default_payment_method: paymentMethod('pm_2', 'mastercard', '4444') },
              },
              discounts,
              items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item' }] },
            },
          }
        : undefined,
    ({ method, path, form }) =>
      method === 'POST' && path === '/v1/invoices/create_preview'
        ? {
            body: {
              object: 'invoice',
              currency: 'usd',
              amount_due: form['subscription_details[items][0][price]'] ? 53566 : 6499,
            },
          }
        : undefined,
  );
});
afterAll(() => stripe.close());
beforeEach(() => {
  stripe.requests.length = 0;
  subscriptionCard = paymentMethod('pm_1', 'visa', '4242');
  discounts = [];
});

const billing = () => createStripeBilling(config, stripe.transport);

describe('Stripe adapter: the account page reads', () => {
  it("reads the subscription's card, with the customer's default expanded beside it", async () => {
    expect(await (await billing()).cardOnFile(membership)).toEqual({
      brand: 'visa',
      last4: '4242',
      expMonth: 4,
      expYear: 2029,
    });
    expect(stripe.requests.map((r) => [r.method, r.path, r.form])).toEqual([
      [
        'GET',
        '/v1/subscriptions/sub_1',
        {
          'expand[0]': 'default_payment_method',
          'expand[1]': 'customer.invoice_settings.default_payment_method',
        },
      ],
    ]);
  });

  it("falls back to the customer's default card when the subscription has none of its own", async () => {
    subscriptionCard = null;
    expect(await (await billing()).cardOnFile(membership)).toMatchObject({
      brand: 'mastercard',
      last4: '4444',
    });
  });

  it("previews the next renewal's invoice: its amount due in exact decimals", async () => {
    expect(await (await billing()).nextCharge(membership)).toEqual({ amount: '64.99', currency: 'usd' });
    expect(stripe.requests.map((r) => [r.method, r.path, r.form])).toEqual([
      ['POST', '/v1/invoices/create_preview', { customer: 'cus_1', subscription: 'sub_1' }],
    ]);
  });

  it('previews the upgrade as changePlan sends it: the item to the yearly price, prorated and invoiced now', async () => {
    expect(await (await billing()).previewPlanChange(membership, 'yearly')).toEqual({
      amount: '535.66',
      currency: 'usd',
    });
    const preview = stripe.requests.find((r) => r.path === '/v1/invoices/create_preview');
    expect(preview?.form).toEqual({
      customer: 'cus_1',
      subscription: 'sub_1',
      'subscription_details[items][0][id]': 'si_1',
      'subscription_details[items][0][price]': 'price_year',
      'subscription_details[proration_behavior]': 'always_invoice',
      'subscription_details[cancel_at_period_end]': 'false',
    });
  });

  it('leaves out of the preview a promo the yearly plan would not keep', async () => {
    discounts = [
      {
        id: 'di_1',
        object: 'discount',
        promotion_code: { id: 'promo_1', object: 'promotion_code', metadata: { plan: 'monthly' } },
      },
    ];
    await (await billing()).previewPlanChange(membership, 'yearly');
    const preview = stripe.requests.find((r) => r.path === '/v1/invoices/create_preview');
    expect(preview?.form.discounts).toBe('');
  });
});
