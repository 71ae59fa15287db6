import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { receiveStripeWebhook } from '../../functions/_lib/billing/webhook.ts';

/** The Stripe settings the function suites run with, against the Stripe recorder. */
export const stripeConfig = {
  kind: 'stripe' as const,
  secretKey: 'sk_test_local',
  webhookSecret: 'whsec_local',
  prices: { monthly: 'price_month', yearly: 'price_year' },
};

/** Now in Stripe's unit: seconds. */
export const nowS = () => Math.floor(Date.now() / 1000);

/** An event of `type` about `object`, as Stripe posts it. */
export const stripeEvent = (type: string, object: Record<string, unknown>, created = nowS()) => ({
  id: `evt_${randomUUID()}`,
  object: 'event',
  type,
  created,
  data: { object },
});

/**
 * A monthly subscription of member `sub` as Stripe returns it, with a new id and customer; its
 * latest invoice expanded unless `latestInvoice` says otherwise (a bare id, as Stripe also sends it).
 */
export function stripeSubscription(
  sub: string,
  {
    status = 'active',
    periodEndS = nowS() + 30 * 86400,
    latestInvoice = { id: 'in_1', object: 'invoice', created: nowS() } as unknown,
  } = {},
) {
  const id = `sub_${randomUUID().slice(0, 8)}`;
  const subscription: Record<string, unknown> & { id: string } = {
    id,
    object: 'subscription',
    customer: `cus_${randomUUID().slice(0, 8)}`,
    status,
    cancel_at_period_end: false,
    metadata: { plan: 'monthly', sub },
    latest_invoice: latestInvoice,
    items: {
      object: 'list',
      data: [{ id: `si_${id}`, price: { id: 'price_month' }, current_period_end: periodEndS }],
    },
  };
  return subscription;
}

// The SDK signs as Stripe does; its API key plays no part in the signature.
const signer = new Stripe(stripeConfig.secretKey);

/**
 * Posts `payload` to the billing webhook with `deps`, signed with the webhook secret as Stripe
 * signs it; `signature` replaces that header (null: none). Its status and JSON answer.
 */
export async function deliverWebhook(
  payload: unknown,
  deps: Parameters<typeof receiveStripeWebhook>[1],
  signature?: string | null,
) {
  const body = JSON.stringify(payload);
  const header =
    signature === undefined
      ? signer.webhooks.generateTestHeaderString({ payload: body, secret: stripeConfig.webhookSecret })
      : signature;
  const response = await receiveStripeWebhook(
    new Request('http://localhost/api/billing/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(header ? { 'stripe-signature': header } : {}) },
      body,
    }),
    deps,
  );
  return { status: response.status, body: await response.json() };
}
