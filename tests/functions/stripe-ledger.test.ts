import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { charge, upgradeToYearly } from '../../functions/_lib/billing/billing.ts';
import { customerOwnerKey, type Membership, membershipKey } from '../../functions/_lib/billing/membership.ts';
import { createStripeBilling } from '../../functions/_lib/billing/stripe-billing.ts';
import { getChatPorts } from '../../functions/_lib/chat/chat-ports.ts';
import type { AuditEntry, LedgerEntry } from '../../functions/_lib/contract/operator.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import { getIdentityPorts } from '../../functions/_lib/identity/identity-ports.ts';
import { createUser } from '../../functions/_lib/identity/local-users.ts';
import { type CashCents, cashCents } from '../../functions/_lib/ledger/cash.ts';
import { ledgerKeys } from '../../functions/_lib/ledger/keys.ts';
import { extendMember } from '../../functions/_lib/operator/actions-billing.ts';
import { opsKeys } from '../../functions/_lib/operator/keys.ts';
import { dayOf } from '../../functions/_lib/operator/metrics-change.ts';
import { hashEntries, parseJson } from '../../functions/_lib/store.ts';
import { render, type StripeFake, stripeFake } from '../support/stripe-fake.ts';
import { type StripeRecorder, startStripeRecorder } from '../support/stripe-recorder.ts';
import { stripeConfig as config, deliverWebhook, stripeEvent } from '../support/stripe-webhook.ts';

// The money ledger with Stripe: the real `stripe` SDK against a stateful Stripe stand-in (objects
// answered as Stripe sends them, expansions included), through the product's own charge, upgrade,
// free days and signed webhooks, on real Redis. Each test's money moves on a day of its own, so
// its ledger day is its own too.

const { store } = getDeps();
let recorder: StripeRecorder;
let stripe: StripeFake & { reset(): void };

beforeAll(async () => {
  recorder = await startStripeRecorder();
  stripe = stripeFake(recorder);
});
afterAll(() => recorder.close());
beforeEach(() => {
  stripe.reset();
  recorder.requests.length = 0;
});

const billing = () => createStripeBilling(config, recorder.transport);
const billingDeps = () => ({ ...getDeps(), ...getIdentityPorts(), billing });
const webhookDeps = () => ({ store, now: Date.now, ...getChatPorts(), billing, billingConfig: config });
const deliver = (type: string, object: Record<string, unknown>) =>
  deliverWebhook(stripeEvent(type, object), webhookDeps());
const caller = (sub: string) => ({ sub, email: null, customerId: null });

const stored = async (sub: string) =>
  parseJson<Membership>(await store.get<string>(membershipKey(sub))) as Membership;
const entry = async (id: string) => parseJson<LedgerEntry>(await store.hget<string>(ledgerKeys.entries, id));
/** The ledger's totals of the day this test's money moves on. */
const today = async (): Promise<CashCents> =>
  cashCents(await hashEntries(store, ledgerKeys.day(dayOf(stripe.clockS * 1000))));
const audit = async (sub: string) =>
  (await store.lrange<string>(opsKeys.memberAudit(sub), 0, -1)).map((raw) => JSON.parse(raw) as AuditEntry);

/** A member who paid the monthly plan on /payment (with WELCOME10, 10 % off, unless told). */
async function join(promo: string | null = 'WELCOME10') {
  const email = `ledger.${randomUUID().slice(0, 8)}@example.com`;
  const { sub } = await createUser(store, { email, password: 'member-password' });
  const answer = await charge(billingDeps(), caller(sub), {
    email,
    planID: 'price_month',
    token: 'pm_card_visa',
    promo,
  });
  expect(answer).toEqual({ subscribed: true, plan: 'monthly' });
  const membership = await stored(sub);
  const subscription = stripe.subscriptions.get(membership.subscriptionId) ?? {};
  // The first invoice, paid.
  const invoice = subscription.latest_invoice as Record<string, unknown> & { id: string };
  return { sub, membership, subscription, subscriptionId: membership.subscriptionId, invoice };
}

describe('what a Stripe membership carries', () => {
  it("a promo subscription: each renewal's price, and its first charge in the ledger once", async () => {
    const { sub, membership, invoice } = await join();
    const paidAt = (stripe.clockS + 60) * 1000;
    // 64.99 less 10 % (6.499, rounded to 6.50).
    expect(membership.price).toBe('58.49');
    expect(membership.latestCharge).toEqual({
      id: invoice.id,
      kind: 'charge',
      amount: '58.49',
      currency: 'usd',
      at: paidAt,
      promo: 'WELCOME10',
    });
    const recorded = { ...membership.latestCharge, member: sub, plan: 'monthly', refundOf: null };
    expect(await entry(invoice.id)).toEqual(recorded);
    expect(await today()).toMatchObject({ collected: 5849, charges: 1, refunds: 0, failures: 0 });
    const [joined] = await audit(sub);
    expect(joined).toMatchObject({ action: 'member.join', charge: recorded });

    // Stripe's own events for the same invoice: the same state, the same entry, counted once.
    for (const type of ['invoice.paid', 'invoice.payment_succeeded'])
      expect((await deliver(type, render(invoice))).body.outcome).toBe('applied');
    expect(await today()).toMatchObject({ collected: 5849, charges: 1 });
    expect((await audit(sub)).filter((e) => e.charge)).toHaveLength(1);
  });

  it('the price counts only the discounts that apply to the plan at the next renewal', async () => {
    const { membership, subscription } = await join(null);
    expect(membership.price).toBe('64.99');
    const discount = (id: string, coupon: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
      id,
      object: 'discount',
      end: null,
      promotion_code: null,
      source: { type: 'coupon', coupon: { object: 'coupon', amount_off: null, currency: null, ...coupon } },
      ...extra,
    });
    const yearlyCode = {
      id: 'promo_y',
      object: 'promotion_code',
      code: 'YEARLY20',
      metadata: { plan: 'yearly' },
    };
    subscription.discounts = [
      // For the yearly plan only, a coupon used once (the first invoice), one that ended: none applies.
      discount('di_y', { id: 'co_y', percent_off: 20, duration: 'forever' }, { promotion_code: yearlyCode }),
      discount('di_once', { id: 'co_once', percent_off: 50, duration: 'once' }),
      discount('di_ended', { id: 'co_rep', percent_off: 30, duration: 'repeating' }, { end: stripe.clockS }),
      // A coupon applied in the Dashboard: 12.5 % of 64.99 is 8.12375, 8.12 off.
      discount('di_dash', { id: 'co_dash', percent_off: 12.5, duration: 'forever' }),
    ];
    const { membership: read } = await (await billing()).fetchSubscription(membership.subscriptionId);
    expect(read.price).toBe('56.87');
    const get = recorder.requests.at(-1);
    expect(get?.form).toEqual({
      'expand[0]': 'latest_invoice.discounts.promotion_code',
      'expand[1]': 'discounts.source.coupon',
      'expand[2]': 'discounts.promotion_code',
    });
  });

  it('an upgrade: the proration Stripe charged, the yearly price without the monthly promo', async () => {
    const { sub, membership } = await join();
    stripe.prorationCents = 53566;
    await upgradeToYearly(billingDeps(), caller(sub), membership);
    const upgraded = await stored(sub);
    expect(upgraded).toMatchObject({ plan: 'yearly', price: '599.99' });
    expect(upgraded.latestCharge).toMatchObject({ kind: 'proration', amount: '535.66', promo: null });
    const id = upgraded.latestCharge?.id ?? '';
    expect(await entry(id)).toMatchObject({
      kind: 'proration',
      amount: '535.66',
      plan: 'yearly',
      member: sub,
    });
    expect(await today()).toMatchObject({ collected: 5849 + 53566, charges: 2 });
    expect((await audit(sub)).at(-1)).toMatchObject({ action: 'member.upgrade', charge: { id } });
  });

  it('free days (a trial to the new date at Stripe) keep the membership active and charge nothing', async () => {
    const { sub, membership } = await join();
    const deps = { store, now: Date.now, billing, ...getChatPorts() };
    const operator = { sub: 'auth0|ledger-operator', email: 'ops@example.com', customerId: null };
    const { member } = await extendMember(deps, operator, { member: sub, days: 7 });
    expect(stripe.subscriptions.get(membership.subscriptionId)?.status).toBe('trialing');
    const extended = await stored(sub);
    expect(extended).toMatchObject({
      status: 'active',
      currentPeriodEnd: membership.currentPeriodEnd + 7 * 86_400_000,
      latestCharge: membership.latestCharge,
    });
    expect(member.status).toBe('active');
    expect(await today()).toMatchObject({ collected: 5849, charges: 1 });
    expect((await audit(sub)).at(-1)).toMatchObject({ action: 'operator.extend', charge: null });
  });
});

describe('invoices from Stripe webhooks', () => {
  it('a refused renewal is a failed charge, each attempt its own entry; the retry that pays is a charge', async () => {
    const { sub, subscriptionId } = await join();
    const invoice = stripe.renew(subscriptionId, 'refused');
    const { id } = invoice;
    expect((await deliver('invoice.payment_failed', render(invoice))).body.outcome).toBe('applied');
    expect(await stored(sub)).toMatchObject({
      status: 'past_due',
      amountDue: '58.49',
      latestCharge: { id: `${id}:attempt:1`, kind: 'failed', amount: '58.49', promo: 'WELCOME10' },
    });
    expect(await entry(`${id}:attempt:1`)).toMatchObject({ kind: 'failed', amount: '58.49', member: sub });

    stripe.retry(id, 'refused');
    await deliver('invoice.payment_failed', render(invoice));
    expect(await entry(`${id}:attempt:2`)).toMatchObject({ kind: 'failed', amount: '58.49' });

    stripe.retry(id, 'paid');
    await deliver('invoice.paid', render(invoice));
    expect(await stored(sub)).toMatchObject({ status: 'active', latestCharge: { id, kind: 'charge' } });
    expect(await entry(id)).toMatchObject({
      kind: 'charge',
      amount: '58.49',
      at: (stripe.clockS + 60) * 1000,
    });
    expect(await today()).toMatchObject({ collected: 2 * 5849, charges: 2 });
    const charges = (await audit(sub)).flatMap((e) => (e.charge ? [e.charge.id] : []));
    expect(charges).toEqual([expect.any(String), `${id}:attempt:1`, `${id}:attempt:2`, id]);
  });

  it('an invoice that is not the latest is recorded from its own event, its promo read from Stripe', async () => {
    const { sub, subscriptionId } = await join();
    const late = stripe.renew(subscriptionId, 'paid');
    const latest = stripe.renew(subscriptionId, 'paid');
    // The latest renewal's event first: the state carries it.
    await deliver('invoice.paid', render(latest));
    expect((await stored(sub)).latestCharge?.id).toBe(latest.id);
    recorder.requests.length = 0;
    expect((await deliver('invoice.paid', render(late))).body.outcome).toBe('applied');
    expect(await entry(late.id)).toEqual({
      id: late.id,
      kind: 'charge',
      amount: '58.49',
      currency: 'usd',
      at: (stripe.clockS + 60) * 1000,
      member: sub,
      plan: 'monthly',
      promo: 'WELCOME10',
      refundOf: null,
    });
    expect(recorder.requests.map((r) => `${r.method} ${r.path} ${Object.values(r.form).join(',')}`)).toEqual([
      `GET /v1/subscriptions/${subscriptionId} latest_invoice.discounts.promotion_code,discounts.source.coupon,discounts.promotion_code`,
      `GET /v1/invoices/${late.id} discounts.promotion_code`,
    ]);
    expect((await audit(sub)).at(-1)).toMatchObject({ action: 'billing.charge', charge: { id: late.id } });
    // Again, under another event id: nothing more.
    await deliver('invoice.payment_succeeded', render(late));
    expect(await today()).toMatchObject({ collected: 3 * 5849, charges: 3 });
  });

  it("an invoice of a subscription that is no member's is answered and ignored: nothing written", async () => {
    // A subscription made in the Dashboard for something else: no member in its metadata, none stored.
    const foreign = await (await billing()).startSubscription(
      { customerId: 'cus_foreign', cardToken: 'pm_card_visa', plan: 'monthly', promo: null, memberSub: '' },
      'op-foreign',
    );
    const stranger = stripe.subscriptions.get(foreign.subscriptionId) ?? {};
    stranger.metadata = {};
    const invoice = stranger.latest_invoice as Record<string, unknown> & { id: string };
    const before = await today();
    expect(await deliver('invoice.paid', render(invoice))).toEqual({
      status: 200,
      body: { received: true, outcome: 'ignored' },
    });
    expect(await entry(invoice.id)).toBeNull();
    expect(await store.get(customerOwnerKey('cus_foreign'))).toBeNull();
    expect(await today()).toEqual(before);
  });
});

describe('refunds from Stripe webhooks', () => {
  it('a refund is recorded once against the charge it gives back, however often it is delivered', async () => {
    const { sub, invoice } = await join();
    const invoiceId = invoice.id;
    const refund = stripe.refund(invoiceId, 2000);
    const created = stripeEvent('refund.created', refund);
    expect((await deliverWebhook(created, webhookDeps())).body).toEqual({
      received: true,
      outcome: 'applied',
    });
    expect((await deliverWebhook(created, webhookDeps())).body).toEqual({
      received: true,
      outcome: 'duplicate',
    });
    expect((await deliver('refund.updated', refund)).body.outcome).toBe('duplicate');
    expect(await entry(refund.id)).toEqual({
      id: refund.id,
      kind: 'refund',
      amount: '20.00',
      currency: 'usd',
      at: (stripe.clockS + 3600) * 1000,
      member: sub,
      plan: 'monthly',
      promo: null,
      refundOf: invoiceId,
    });
    expect(await today()).toMatchObject({ collected: 5849, refunded: 2000, refunds: 1, charges: 1 });
    expect((await audit(sub)).filter((e) => e.action === 'billing.refund')).toEqual([
      expect.objectContaining({ actor: 'billing', charge: expect.objectContaining({ id: refund.id }) }),
    ]);
    const lookup = recorder.requests.find((r) => r.path === '/v1/invoice_payments');
    expect(lookup?.form).toMatchObject({
      'payment[type]': 'payment_intent',
      'payment[payment_intent]': String(refund.payment_intent),
    });
  });

  it('a refund larger than what is left of the charge is refused: nothing written', async () => {
    const {
      invoice: { id: invoiceId },
    } = await join();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const tooMuch = stripe.refund(invoiceId, 5850);
    expect((await deliver('refund.created', tooMuch)).body.outcome).toBe('ignored');
    expect(await entry(tooMuch.id)).toBeNull();
    expect(await store.hget(ledgerKeys.refunded, invoiceId)).toBeNull();

    const first = stripe.refund(invoiceId, 3000);
    const second = stripe.refund(invoiceId, 3000);
    expect((await deliver('refund.created', first)).body.outcome).toBe('applied');
    expect((await deliver('refund.created', second)).body.outcome).toBe('ignored');
    expect(await entry(second.id)).toBeNull();
    expect(await store.hget(ledgerKeys.refunded, invoiceId)).toBe('3000');
    expect(await today()).toMatchObject({ refunded: 3000, refunds: 1 });
    // Refused, and said: the operator sees it in the function's log.
    expect(logged.mock.calls.map(([line]) => String(line))).toEqual([
      expect.stringContaining(`refund ${tooMuch.id} (58.50) not recorded`),
      expect.stringContaining(`refund ${second.id} (30.00) not recorded`),
    ]);
    logged.mockRestore();
  });

  it('a refund of money the ledger does not hold, or not yet succeeded, is ignored', async () => {
    const {
      invoice: { id: invoiceId },
    } = await join();
    const before = await today();
    // A payment that paid no invoice (a one-off charge in the Dashboard).
    const loose = { ...stripe.refund(invoiceId, 100), payment_intent: 'pi_unknown' };
    // An invoice of a subscription the product never stored (the member unknown, no ledger charge).
    const foreign = await (await billing()).startSubscription(
      { customerId: 'cus_elsewhere', cardToken: 'pm_card_visa', plan: 'monthly', promo: null, memberSub: '' },
      'op-elsewhere',
    );
    const foreignInvoice = stripe.subscriptions.get(foreign.subscriptionId)?.latest_invoice as { id: string };
    const unknown = stripe.refund(foreignInvoice.id, 100);
    // Pending: recorded by the update that says it succeeded.
    const pending = { ...stripe.refund(invoiceId, 100), status: 'pending' };
    for (const refund of [loose, unknown, pending]) {
      expect(await deliver('refund.created', refund)).toEqual({
        status: 200,
        body: { received: true, outcome: 'ignored' },
      });
      expect(await entry(refund.id)).toBeNull();
    }
    expect(await today()).toEqual(before);
    expect((await deliver('refund.updated', { ...pending, status: 'succeeded' })).body.outcome).toBe(
      'applied',
    );
    expect(await today()).toMatchObject({ refunded: 100, refunds: 1 });
  });
});
