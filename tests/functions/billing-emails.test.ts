import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deletingKey } from '../../functions/_lib/account/deleted-marker.ts';
import { updateCard } from '../../functions/_lib/billing/billing.ts';
import { customerOwnerKey, type Membership, membershipKey } from '../../functions/_lib/billing/membership.ts';
import { saveMembership } from '../../functions/_lib/billing/membership-write.ts';
import { createStripeBilling } from '../../functions/_lib/billing/stripe-billing.ts';
import { getChatPorts } from '../../functions/_lib/chat/chat-ports.ts';
import { billingEmails } from '../../functions/_lib/mail/billing-emails.ts';
import { loadEmailBundle } from '../../functions/_lib/mail/content.ts';
import { drainQueue } from '../../functions/_lib/mail/drain.ts';
import { mailKeys } from '../../functions/_lib/mail/keys.ts';
import type { Store } from '../../functions/_lib/store.ts';
import { emailDate as longDate } from '../support/email-date.ts';
import { closedPort, mailerFor, queuedJobs, suiteMailCatcher } from '../support/mail-catcher.ts';
import { activeMembership } from '../support/members.ts';
import { startPrivateStore } from '../support/private-store.ts';
import { type StripeRecorder, startStripeRecorder } from '../support/stripe-recorder.ts';
import {
  stripeConfig as config,
  deliverWebhook,
  stripeEvent as event,
  nowS,
  stripeSubscription,
} from '../support/stripe-webhook.ts';

// The billing events' emails (docs/billing.md "What each event emails"), queued by saveMembership in
// the script that stores the change: Stripe's signed webhooks through the real SDK against the
// recording server, a store of this file's own (its mail queue drained here), the real mail catcher.

const DAY = 24 * 60 * 60 * 1000;
const keys = mailKeys();
const emails = loadEmailBundle(new URL('../../', import.meta.url).pathname);

let store: Store;
let stopStore: () => Promise<void>;
let stripeServer: StripeRecorder;
const catcher = suiteMailCatcher();
let subscriptions: Map<string, Record<string, unknown>>;
let invoices: Map<string, Record<string, unknown>>;

beforeAll(async () => {
  const privateStore = await startPrivateStore();
  store = privateStore.store;
  stopStore = privateStore.stop;
  stripeServer = await startStripeRecorder();
  stripeServer.routes.push(
    ({ method, path }) => {
      if (!path.startsWith('/v1/subscriptions/')) return undefined;
      const found = subscriptions.get(path.split('/')[3] ?? '');
      if (!found)
        return {
          status: 404,
          body: { error: { type: 'invalid_request_error', message: 'No such subscription' } },
        };
      if (method === 'GET') {
        const invoice = invoices.get(String(found.latest_invoice));
        return { body: { ...found, latest_invoice: invoice ?? found.latest_invoice } };
      }
      return { body: found };
    },
    ({ method, path }) =>
      method === 'POST' && /^\/v1\/(payment_methods\/[^/]+\/attach|customers\/[^/]+)$/.test(path)
        ? {
            body: { id: path.split('/')[3], object: path.includes('attach') ? 'payment_method' : 'customer' },
          }
        : undefined,
    ({ method, path }) => {
      const [, , , id, action] = path.split('/');
      if (!path.startsWith('/v1/invoices/') || !id) return undefined;
      const invoice = invoices.get(id);
      if (!invoice)
        return {
          status: 404,
          body: { error: { type: 'invalid_request_error', message: 'No such invoice' } },
        };
      if (method === 'POST' && action === 'pay') {
        // Paid: Stripe marks the invoice paid and the subscription active again.
        invoice.status = 'paid';
        for (const s of subscriptions.values()) if (s.latest_invoice === id) s.status = 'active';
      }
      return { body: invoice };
    },
  );
});
afterAll(async () => {
  await stripeServer?.close();
  await stopStore?.();
});
beforeEach(() => {
  subscriptions = new Map();
  invoices = new Map();
  stripeServer.requests.length = 0;
});

const deps = () => ({
  store,
  now: Date.now,
  ...getChatPorts(),
  billing: async () => createStripeBilling(config, stripeServer.transport),
  billingConfig: config,
});

/** A Stripe subscription of a member whose active state (and email) we already store. */
async function member(email: string | null = `m-${randomUUID().slice(0, 8)}@example.com`) {
  const sub = `auth0|${randomUUID()}`;
  const periodEnd = nowS() + 30 * 86400;
  const object = stripeSubscription(sub, { periodEndS: periodEnd });
  const { id } = object;
  // A bare invoice id, as Stripe sends it unexpanded: the GET route above expands it from `invoices`.
  object.latest_invoice = `in_${id}`;
  subscriptions.set(id, object);
  invoices.set(`in_${id}`, {
    id: `in_${id}`,
    object: 'invoice',
    status: 'paid',
    created: nowS(),
    amount_due: 6499,
  });
  const active = activeMembership({
    customerId: String(object.customer),
    subscriptionId: id,
    currentPeriodEnd: periodEnd * 1000,
    asOf: Date.now() - 60_000,
  });
  await saveMembership(store, sub, active, email ? { email } : {});
  return { sub, id, object, email, periodEnd: periodEnd * 1000 };
}

/** Stripe's state after a renewal charge failed: past_due, the open invoice with its next attempt. */
function failRenewal(m: Awaited<ReturnType<typeof member>>, nextAttemptS = nowS() + 3 * 86400) {
  m.object.status = 'past_due';
  invoices.set(`in_${m.id}`, {
    id: `in_${m.id}`,
    object: 'invoice',
    status: 'open',
    created: nowS(),
    amount_due: 5849,
    currency: 'usd',
    next_payment_attempt: nextAttemptS,
  });
  return nextAttemptS * 1000;
}

const deliver = (payload: unknown) => deliverWebhook(payload, deps());
const failedInvoiceEvent = (id: string) =>
  event('invoice.payment_failed', {
    id: `in_${id}`,
    object: 'invoice',
    parent: { subscription_details: { subscription: id } },
  });

/** The queued emails about a subscription or member (their keys name it). */
const queuedAbout = async (id: string) =>
  (await queuedJobs(store, keys, id)).sort((a, b) => a.key.localeCompare(b.key));
const stored = async (sub: string) =>
  JSON.parse((await store.get<string>(membershipKey(sub))) ?? 'null') as Membership;

describe('payment failed (Stripe webhooks)', () => {
  it("queues one payment-failed email for a webhook delivered 10 times, with Stripe's amount and next attempt", async () => {
    const m = await member();
    const next = failRenewal(m);
    const payload = failedInvoiceEvent(m.id);
    const outcomes: string[] = [];
    for (let i = 0; i < 10; i++) outcomes.push((await deliver(payload)).body.outcome);
    expect(outcomes).toEqual(['applied', ...Array(9).fill('duplicate')]);
    expect(await queuedAbout(m.id)).toEqual([
      {
        key: `payment-failed:${m.id}:${m.periodEnd}`,
        to: m.email,
        template: 'payment-failed',
        data: { amount: '$58.49', retryDate: longDate(next) },
        queuedAt: expect.any(Number),
        tries: 0,
      },
    ]);
    expect(await stored(m.sub)).toMatchObject({ status: 'past_due', nextRetryAt: next, amountDue: '58.49' });
  });

  it('10 different events for the same failure, all at once: one email', async () => {
    const m = await member();
    failRenewal(m);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(failedInvoiceEvent(m.id))));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect((await queuedAbout(m.id)).map((j) => j.key)).toEqual([`payment-failed:${m.id}:${m.periodEnd}`]);
  });

  it('the mail server down while the webhook runs: the webhook answers 200, the email goes once the server is back', async () => {
    const m = await member();
    const next = failRenewal(m);
    expect(await deliver(failedInvoiceEvent(m.id))).toEqual({
      status: 200,
      body: { received: true, outcome: 'applied' },
    });
    const t = Date.now();
    const down = await drainQueue(store, mailerFor(await closedPort()), t, { emails, keys });
    expect(down.sent).toBe(0);
    expect(down.retried).toBeGreaterThanOrEqual(1);
    expect(await catcher.received(m.email ?? '')).toHaveLength(0);
    // Back: the retry (a minute later) sends it, once.
    await drainQueue(store, mailerFor(catcher.smtpPort), t + 2 * 60_000, { emails, keys });
    await drainQueue(store, mailerFor(catcher.smtpPort), t + 60 * 60_000, { emails, keys });
    const messages = await catcher.received(m.email ?? '');
    expect(messages).toHaveLength(1);
    expect(messages[0]?.subject).toBe('Your OTC Edge payment did not go through');
    expect(messages[0]?.text).toContain('We tried to charge $58.49 for your OTC Edge membership');
    expect(messages[0]?.text).toContain(`We will try again on ${longDate(next)}`);
    expect(messages[0]?.text).toContain('Update your card (https://otcedge.app/account)');
  });

  it('a new card pays the open invoice at once (Stripe), and the member is active again', async () => {
    const m = await member();
    failRenewal(m);
    await deliver(failedInvoiceEvent(m.id));
    stripeServer.requests.length = 0;
    await updateCard(
      { store, now: Date.now, billing: deps().billing },
      { sub: m.sub, email: null, customerId: null },
      'pm_card_visa',
    );
    const pay = stripeServer.requests.find((r) => r.method === 'POST' && r.path.endsWith('/pay'));
    expect(pay).toMatchObject({
      path: `/v1/invoices/in_${m.id}/pay`,
      form: { payment_method: 'pm_card_visa' },
    });
    expect(pay?.headers['idempotency-key']).toMatch(/:pay$/);
    expect(await stored(m.sub)).toMatchObject({ status: 'active' });
    expect((await stored(m.sub)).nextRetryAt).toBeUndefined();
    // Recovered: no further email; the failure's email stays the only one.
    expect((await queuedAbout(m.id)).map((j) => j.template)).toEqual(['payment-failed']);
  });
});

describe('a member who deleted their account', () => {
  it("Stripe's late events for the subscription write nothing back and email nothing", async () => {
    const m = await member();
    // What deletion leaves (functions/_lib/account/deletion.ts): the marker, and none of the member's keys.
    await store.set(deletingKey(m.sub), '1', { ex: 60 });
    await store.del(membershipKey(m.sub), customerOwnerKey(String(m.object.customer)));
    m.object.status = 'canceled';
    expect((await deliver(event('customer.subscription.deleted', m.object))).body.outcome).toBe('ignored');
    expect(await store.get(membershipKey(m.sub))).toBeNull();
    expect(await queuedAbout(m.id)).toEqual([]);
  });
});

describe('state changes and their emails (saveMembership)', () => {
  const fresh = async (email: string | null = `m-${randomUUID().slice(0, 8)}@example.com`) => {
    const sub = `auth0|${randomUUID()}`;
    const active = activeMembership({ asOf: 1_000 });
    await saveMembership(store, sub, active, email ? { email } : {});
    return { sub, active, email };
  };

  it('autopay off: endDate, once per period however often it is toggled', async () => {
    const { sub, active, email } = await fresh();
    await saveMembership(store, sub, { ...active, cancelAtPeriodEnd: true, asOf: 2_000 });
    await saveMembership(store, sub, { ...active, cancelAtPeriodEnd: false, asOf: 3_000 });
    await saveMembership(store, sub, { ...active, cancelAtPeriodEnd: true, asOf: 4_000 });
    expect(await queuedAbout(active.subscriptionId)).toEqual([
      expect.objectContaining({
        key: `autopay-off:${active.subscriptionId}:${active.currentPeriodEnd}`,
        to: email,
        template: 'autopay-off',
        data: { endDate: longDate(active.currentPeriodEnd) },
      }),
    ]);
  });

  it('ended: the end date and the payment page to rejoin; a newer state then an older one queues nothing for the older', async () => {
    const { sub, active } = await fresh();
    const endedAt = Date.now();
    expect(await saveMembership(store, sub, { ...active, status: 'canceled', asOf: endedAt })).toBe(true);
    // Older (a delayed event): past_due would email a payment failure, but it is not written.
    expect(
      await saveMembership(store, sub, { ...active, status: 'past_due', pastDueSince: 1_500, asOf: 1_500 }),
    ).toBe(false);
    expect(await queuedAbout(active.subscriptionId)).toEqual([
      expect.objectContaining({
        key: `ended:${active.subscriptionId}`,
        template: 'membership-ended',
        data: { endDate: longDate(endedAt), joinUrl: 'https://otcedge.app/payment' },
      }),
    ]);
    expect(await stored(sub)).toMatchObject({ status: 'canceled' });
  });

  it('the same state written again queues nothing more', async () => {
    const { sub, active } = await fresh();
    const pastDue = { ...active, status: 'past_due' as const, pastDueSince: 2_000, asOf: 2_000 };
    await saveMembership(store, sub, pastDue);
    await saveMembership(store, sub, pastDue);
    await saveMembership(store, sub, { ...pastDue, asOf: 3_000 });
    expect((await queuedAbout(active.subscriptionId)).map((j) => j.template)).toEqual(['payment-failed']);
  });

  it('{ emails: false } (account deletion) stores the ending and queues nothing', async () => {
    const { sub, active } = await fresh();
    expect(
      await saveMembership(store, sub, { ...active, status: 'canceled', asOf: 2_000 }, { emails: false }),
    ).toBe(true);
    expect(await stored(sub)).toMatchObject({ status: 'canceled' });
    expect(await queuedAbout(active.subscriptionId)).toEqual([]);
  });

  it('no email on file: the change is stored, nothing queued', async () => {
    const { sub, active } = await fresh(null);
    expect(await saveMembership(store, sub, { ...active, status: 'canceled', asOf: 2_000 })).toBe(true);
    expect(await stored(sub)).toMatchObject({ status: 'canceled' });
    expect(await queuedAbout(active.subscriptionId)).toEqual([]);
  });
});

describe('billingEmails (the classifier)', () => {
  const at = Date.UTC(2027, 0, 4);
  const context = { at, prices: { monthly: '64.99', yearly: '599.99' }, siteUrl: 'https://x.test' };
  const base = activeMembership({ subscriptionId: 'sub_1', currentPeriodEnd: at + 10 * DAY, asOf: at });
  const templates = (before: Membership | null, after: Membership) =>
    billingEmails(before, after, context).map((e) => e.template);

  it('names each change, and nothing for the rest', () => {
    expect(templates(base, { ...base, status: 'past_due', pastDueSince: at })).toEqual(['payment-failed']);
    expect(billingEmails(base, { ...base, status: 'past_due', pastDueSince: at }, context)[0]?.data).toEqual({
      amount: '$64.99',
      retryDate: 'January 7, 2027',
    });
    expect(templates({ ...base, status: 'past_due' }, { ...base, status: 'past_due' })).toEqual([]);
    expect(templates({ ...base, status: 'past_due' }, base)).toEqual([]);
    expect(templates(base, { ...base, cancelAtPeriodEnd: true })).toEqual(['autopay-off']);
    // Autopay off on a period already over (no access left): nothing to announce.
    expect(templates(base, { ...base, cancelAtPeriodEnd: true, currentPeriodEnd: at - DAY })).toEqual([]);
    for (const status of ['canceled', 'unpaid', 'incomplete_expired'] as const) {
      expect(templates(base, { ...base, status })).toEqual(['membership-ended']);
      expect(templates({ ...base, status: 'past_due' }, { ...base, status })).toEqual(['membership-ended']);
      expect(templates({ ...base, status: 'incomplete' }, { ...base, status })).toEqual([]);
      expect(templates(null, { ...base, status })).toEqual([]);
    }
    expect(templates({ ...base, status: 'canceled' }, { ...base, status: 'canceled' })).toEqual([]);
    expect(templates(null, base)).toEqual([]);
    expect(templates(base, { ...base, plan: 'yearly' })).toEqual([]);
    expect(
      templates(
        { ...base, subscriptionId: 'comp_1' },
        { ...base, subscriptionId: 'comp_1', cancelAtPeriodEnd: true },
      ),
    ).toEqual([]);
  });
});
