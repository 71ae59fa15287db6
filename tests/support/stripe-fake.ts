import { randomUUID } from 'node:crypto';
import type { Answer, RecordedRequest, StripeRecorder } from './stripe-recorder.ts';

/**
 * Stripe's billing as the recorder answers it, with state: customers, subscriptions on the monthly
 * and yearly prices, promotion codes for one plan, the invoices each change makes (paid, prorated,
 * failed and retried), the payments that paid them and refunds. Objects are answered as Stripe sends
 * them: a discount, its coupon and promotion code, an invoice and a subscription's latest invoice are
 * bare ids unless the request expands them, so the adapter's `expand` parameters are checked too.
 */

type Json = Record<string, unknown>;
/** An object Stripe holds (a subscription, an invoice, a refund). */
type Held = Json & { id: string };

export const PRICES = {
  price_month: { unit_amount: 6499, plan: 'monthly' },
  price_year: { unit_amount: 59999, plan: 'yearly' },
} as const;
type PriceId = keyof typeof PRICES;

const coupon = (id: string, percentOff: number, duration = 'forever') => ({
  id,
  object: 'coupon',
  percent_off: percentOff,
  amount_off: null,
  currency: null,
  duration,
});

export const PROMOTION_CODES = [
  { id: 'promo_m10', code: 'WELCOME10', plan: 'monthly', coupon: coupon('co_m10', 10) },
  { id: 'promo_y20', code: 'YEARLY20', plan: 'yearly', coupon: coupon('co_y20', 20) },
].map(({ id, code, plan, coupon }) => ({
  id,
  object: 'promotion_code',
  code,
  active: true,
  metadata: { plan },
  promotion: { type: 'coupon', coupon },
}));

/** Where an object holds others Stripe sends as ids unless expanded (dotted, arrays transparent). */
const EXPANDABLE: Record<string, string[]> = {
  subscription: [
    'latest_invoice',
    'latest_invoice.discounts',
    'latest_invoice.discounts.promotion_code',
    'latest_invoice.discounts.source.coupon',
    'discounts',
    'discounts.promotion_code',
    'discounts.source.coupon',
  ],
  invoice: ['discounts', 'discounts.promotion_code', 'discounts.source.coupon'],
  invoice_payment: ['invoice', 'invoice.discounts', 'invoice.discounts.promotion_code'],
};

/** The object as Stripe answers it with `expand` (each path also expands the ones it goes through). */
export function render(object: Json, expand: string[] = []): Json {
  const expanded = new Set(
    expand.flatMap((path) => path.split('.').map((_, i, parts) => parts.slice(0, i + 1).join('.'))),
  );
  const expandable = EXPANDABLE[String(object.object)] ?? [];
  const walk = (value: unknown, path: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => walk(v, path));
    if (!value || typeof value !== 'object') return value;
    if (path && expandable.includes(path) && !expanded.has(path)) return (value as Json).id;
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [key, walk(v, path ? `${path}.${key}` : key)]),
    );
  };
  return walk(object, '') as Json;
}

const expandOf = (form: Record<string, string>) =>
  Object.entries(form)
    .filter(([name]) => /^expand\[\d+\]$/.test(name))
    .map(([, value]) => value);

const notFound = (what: string): Answer => ({
  status: 404,
  body: { error: { type: 'invalid_request_error', message: `No such ${what}` } },
});

export interface StripeFake {
  subscriptions: Map<string, Json>;
  invoices: Map<string, Json>;
  /** What the next change of plan charges at once (Stripe's proration), in cents. */
  prorationCents: number;
  /** The day (seconds) the fake's money moves: each test its own, so its ledger day is its own. */
  clockS: number;
  /** A renewal of the subscription: paid, or refused by the card (past_due, one failed attempt). */
  renew(subscriptionId: string, outcome: 'paid' | 'refused'): Held;
  /** Stripe's next smart retry of an open invoice: refused again (one more attempt) or paid. */
  retry(invoiceId: string, outcome: 'paid' | 'refused'): Held;
  /** A refund of `cents` of the payment that paid the invoice, as Stripe's refund object. */
  refund(invoiceId: string, cents: number): Held;
}

/** Adds the fake's routes to a recorder; its state is cleared by `reset`. */
export function stripeFake(recorder: StripeRecorder): StripeFake & { reset(): void } {
  const customers = new Set<string>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const payments = new Map<string, string>(); // payment intent → invoice
  const id = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 14)}`;

  const fake: StripeFake & { reset(): void } = {
    subscriptions,
    invoices,
    prorationCents: 0,
    clockS: 0,
    reset() {
      customers.clear();
      subscriptions.clear();
      invoices.clear();
      payments.clear();
      fake.prorationCents = 0;
      // A day of its own in 1990–2009 (UTC), noon.
      fake.clockS = Date.UTC(1990, 0, 1 + Math.floor(Math.random() * 7300), 12) / 1000;
    },
    renew(subscriptionId, outcome) {
      const subscription = subscriptions.get(subscriptionId) as Json;
      const item = itemOf(subscription);
      item.current_period_end = Number(item.current_period_end) + 30 * 86400;
      const invoice = newInvoice(subscription, 'subscription_cycle', renewalCents(subscription));
      if (outcome === 'refused') refuse(subscription, invoice);
      return invoice;
    },
    retry(invoiceId, outcome) {
      const invoice = invoices.get(invoiceId) as Held;
      const subscription = subscriptions.get(subscriptionOf(invoice)) as Json;
      if (outcome === 'refused') refuse(subscription, invoice);
      else {
        pay(invoice);
        subscription.status = 'active';
      }
      return invoice;
    },
    refund(invoiceId, cents) {
      const invoice = invoices.get(invoiceId) as Json;
      return {
        id: id('re'),
        object: 'refund',
        amount: cents,
        currency: 'usd',
        charge: id('ch'),
        payment_intent: invoice.payment_intent,
        status: 'succeeded',
        created: fake.clockS + 3600,
      };
    },
  };

  const itemOf = (subscription: Json) => (subscription.items as { data: Json[] }).data[0] as Json;
  const subscriptionOf = (invoice: Json) =>
    String(
      (invoice.parent as { subscription_details: { subscription: string } }).subscription_details
        .subscription,
    );
  const discountsOf = (subscription: Json) => subscription.discounts as Json[];

  /** The renewal's amount: the item's price less each percent off, rounded half up to the cent. */
  function renewalCents(subscription: Json): number {
    let cents = Number((itemOf(subscription).price as Json).unit_amount);
    for (const discount of discountsOf(subscription)) {
      const percent = Number(((discount.source as Json).coupon as Json).percent_off);
      cents -= Math.round((cents * percent) / 100);
    }
    return cents;
  }

  function newInvoice(subscription: Json, reason: string, cents: number): Held {
    const invoice: Held = {
      id: id('in'),
      object: 'invoice',
      customer: subscription.customer,
      currency: 'usd',
      billing_reason: reason,
      created: fake.clockS,
      status: 'open',
      amount_due: cents,
      amount_paid: 0,
      attempt_count: 0,
      attempted: false,
      next_payment_attempt: null,
      status_transitions: { finalized_at: fake.clockS, paid_at: null, voided_at: null },
      discounts: discountsOf(subscription).map((d) => ({ ...d })),
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
      payment_intent: id('pi'),
    };
    invoices.set(String(invoice.id), invoice);
    payments.set(String(invoice.payment_intent), String(invoice.id));
    subscription.latest_invoice = invoice;
    pay(invoice);
    return invoice;
  }

  function pay(invoice: Json) {
    invoice.attempt_count = Number(invoice.attempt_count) + 1;
    invoice.attempted = true;
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.status_transitions = { ...(invoice.status_transitions as Json), paid_at: fake.clockS + 60 };
    invoice.next_payment_attempt = null;
  }

  function refuse(subscription: Json, invoice: Json) {
    // The attempt `pay` counted is the refused one.
    if (invoice.status === 'paid') invoice.attempt_count = Number(invoice.attempt_count) - 1;
    invoice.attempt_count = Number(invoice.attempt_count) + 1;
    invoice.status = 'open';
    invoice.amount_paid = 0;
    invoice.status_transitions = { ...(invoice.status_transitions as Json), paid_at: null };
    invoice.next_payment_attempt = fake.clockS + 3 * 86400;
    subscription.status = 'past_due';
  }

  function discountFor(promotionCodeId: string): Json | null {
    const code = PROMOTION_CODES.find((p) => p.id === promotionCodeId);
    return code
      ? {
          id: id('di'),
          object: 'discount',
          end: null,
          promotion_code: code,
          source: { type: 'coupon', coupon: code.promotion.coupon },
        }
      : null;
  }

  function create(form: Record<string, string>): Json {
    const price = form['items[0][price]'] as PriceId;
    const discount = discountFor(form['discounts[0][promotion_code]'] ?? '');
    const subscription: Json = {
      id: id('sub'),
      object: 'subscription',
      customer: form.customer,
      status: 'active',
      cancel_at_period_end: false,
      discounts: discount ? [discount] : [],
      metadata: Object.fromEntries(
        Object.entries(form)
          .filter(([name]) => name.startsWith('metadata['))
          .map(([name, value]) => [name.slice('metadata['.length, -1), value]),
      ),
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            price: { id: price, object: 'price', currency: 'usd', unit_amount: PRICES[price].unit_amount },
            current_period_end: Math.floor(Date.now() / 1000) + 30 * 86400,
          },
        ],
      },
    };
    subscriptions.set(String(subscription.id), subscription);
    newInvoice(subscription, 'subscription_create', renewalCents(subscription));
    return subscription;
  }

  function update(subscription: Json, form: Record<string, string>) {
    if (form.cancel_at_period_end !== undefined)
      subscription.cancel_at_period_end = form.cancel_at_period_end === 'true';
    // Stripe's rule: the empty string clears the discounts, a list keeps those it names.
    if (form.discounts === '') subscription.discounts = [];
    const price = form['items[0][price]'] as PriceId | undefined;
    if (price) {
      const item = itemOf(subscription);
      item.price = { ...(item.price as Json), id: price, unit_amount: PRICES[price].unit_amount };
      item.current_period_end = Math.floor(Date.now() / 1000) + 365 * 86400;
      if (form.proration_behavior === 'always_invoice')
        newInvoice(subscription, 'subscription_update', fake.prorationCents);
    }
    if (form.trial_end) {
      // A trial to trial_end: the billing cycle anchor (and the period end) moves there, no invoice.
      subscription.status = 'trialing';
      itemOf(subscription).current_period_end = Number(form.trial_end);
    }
  }

  const routes = ({ method, path, form }: RecordedRequest): Answer | undefined => {
    const [, , resource, objectId, action] = path.split('/');
    const expand = expandOf(form);
    if (method === 'GET' && resource === 'prices' && objectId) {
      const price = PRICES[objectId as PriceId];
      return price
        ? { body: { id: objectId, object: 'price', currency: 'usd', unit_amount: price.unit_amount } }
        : notFound('price');
    }
    if (method === 'GET' && resource === 'promotion_codes')
      return { body: { object: 'list', data: PROMOTION_CODES.filter((p) => p.code === form.code) } };
    if (method === 'POST' && resource === 'customers') {
      const customer = objectId ?? id('cus');
      customers.add(customer);
      return { body: { id: customer, object: 'customer' } };
    }
    if (method === 'POST' && resource === 'payment_methods' && action === 'attach')
      return { body: { id: objectId, object: 'payment_method', customer: form.customer } };
    if (resource === 'subscriptions') {
      if (method === 'POST' && !objectId) return { body: render(create(form), expand) };
      const subscription = subscriptions.get(objectId ?? '');
      if (!subscription) return notFound('subscription');
      if (method === 'POST') update(subscription, form);
      if (method === 'DELETE') subscription.status = 'canceled';
      return { body: render(subscription, expand) };
    }
    if (method === 'GET' && resource === 'invoices' && objectId) {
      const invoice = invoices.get(objectId);
      return invoice ? { body: render(invoice, expand) } : notFound('invoice');
    }
    if (method === 'GET' && resource === 'invoice_payments') {
      const invoiceId =
        form['payment[type]'] === 'payment_intent'
          ? payments.get(form['payment[payment_intent]'] ?? '')
          : null;
      const invoice = invoiceId ? invoices.get(invoiceId) : undefined;
      const nested = expand.filter((p) => p.startsWith('data.')).map((p) => p.slice('data.'.length));
      const data = invoice
        ? [
            render(
              {
                id: id('inpay'),
                object: 'invoice_payment',
                invoice,
                status: 'paid',
                payment: { type: 'payment_intent', payment_intent: invoice.payment_intent },
              },
              nested,
            ),
          ]
        : [];
      return { body: { object: 'list', data, has_more: false, url: '/v1/invoice_payments' } };
    }
    return undefined;
  };
  recorder.routes.push(routes);
  fake.reset();
  return fake;
}
