import type Stripe from 'stripe';
import type { BillingConfig } from '../config.ts';
import type { Membership, SubscriptionStatus } from './membership.ts';
import {
  type Billing,
  BillingRefusedError,
  CardError,
  type CardOnFile,
  type Money,
  type Promo,
  type Referral,
} from './port.ts';
import { fromCents, type PlanName, type Plans } from './prices.ts';
import { fromMinorUnits } from './proration.ts';
import { invoiceCharge, MEMBERSHIP_EXPAND, planOfDiscount, promoOf, renewalPrice } from './stripe-money.ts';

type StripeConfig = Extract<BillingConfig, { kind: 'stripe' }>;

/** Where the SDK sends requests; tests point it at a local recording server. */
export interface StripeTransport {
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

const PLANS_TTL_MS = 5 * 60 * 1000;
const DAY_S = 24 * 60 * 60;

/**
 * Rewardful's Stripe integration reads `metadata.referral` (the referred visit's UUID from its
 * script) when a customer is created or updated, then pays the commission on each of that
 * customer's paid invoices. `via` keeps the affiliate link's token beside it, also when the service's
 * script was blocked or not configured (the sale is then unattributed there, but visible here).
 */
export function referralMetadata(referral: Referral | null | undefined): Record<string, string> {
  return {
    ...(referral?.via ? { via: referral.via } : {}),
    ...(referral?.clickId ? { referral: referral.clickId } : {}),
  };
}

/**
 * The subscription's discounts as they stand on `plan`: Stripe keeps every discount across a price
 * change, so a promotion code restricted to another plan (its `metadata.plan`, as findPromo reads it)
 * is dropped here; one for `plan`, or a discount no plan rule covers (a coupon applied in the
 * Dashboard, a code for both plans), stays. Undefined when all stay: the update leaves them alone.
 */
export function discountsOnPlan(
  discounts: Array<string | Stripe.Discount>,
  plan: PlanName,
): Stripe.SubscriptionUpdateParams['discounts'] | undefined {
  const kept = discounts.filter((discount) => [null, plan].includes(planOfDiscount(discount)));
  if (kept.length === discounts.length) return undefined;
  // An empty list would leave them all (Stripe's rule); the empty string clears them.
  if (kept.length === 0) return '';
  return kept.map((discount) => ({ discount: typeof discount === 'string' ? discount : discount.id }));
}

/** A PaymentMethod's card as the account page shows it; null for an id or another kind of method. */
function cardOf(method: string | Stripe.PaymentMethod | null | undefined): CardOnFile | null {
  const card = method && typeof method !== 'string' ? method.card : null;
  return card
    ? { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year }
    : null;
}

/**
 * A past_due subscription's unpaid invoice: since when, what it asks and, when Stripe will retry it
 * (smart retries), when: the payment-failed email says them (mail/billing-emails.ts).
 */
function failedInvoice(
  invoice: Stripe.Invoice,
): Pick<Membership, 'pastDueSince' | 'nextRetryAt' | 'amountDue'> {
  return {
    pastDueSince: (invoice.created ?? 0) * 1000,
    ...(typeof invoice.next_payment_attempt === 'number'
      ? { nextRetryAt: invoice.next_payment_attempt * 1000 }
      : {}),
    ...(typeof invoice.amount_due === 'number' ? { amountDue: fromMinorUnits(invoice.amount_due) } : {}),
  };
}

const moneyOf = (invoice: Stripe.Invoice): Money => ({
  amount: fromMinorUnits(invoice.amount_due),
  currency: invoice.currency,
});

/**
 * What Stripe's webhook reads beside a subscription's state (billing/webhook.ts): the money an invoice
 * it posts moved, and the invoice a refund gives back, so the ledger records both by their ids.
 */
export interface StripeMoney {
  /** The promotion code an invoice was discounted by (its discounts read with their codes), or null. */
  invoicePromo(invoiceId: string): Promise<string | null>;
  /** The invoice the refunded payment paid, with its customer; null when it paid none. */
  refundedInvoice(refund: Stripe.Refund): Promise<{ invoiceId: string; customerId: string | null } | null>;
}

/** The Stripe adapter: the billing port, and the money reads only Stripe's webhook makes. */
export interface StripeBilling extends Billing {
  readonly kind: 'stripe';
  readonly money: StripeMoney;
}

/**
 * Stripe through the official SDK. Conventions:
 * - every POST carries an Idempotency-Key derived from our operation id (`{op}:{step}`), so a
 *   retried request (ours or the SDK's network retry) never creates or charges twice;
 * - the card (a PaymentMethod id from Stripe Elements) becomes the default on the customer and on
 *   the subscription; `payment_behavior: 'error_if_incomplete'` makes a refused first payment a
 *   402 card error instead of an incomplete subscription;
 * - a promotion code applies only to the plan named in its `metadata.plan` (set in the Dashboard),
 *   also after a change of plan (discountsOnPlan);
 * - a referred member's customer and subscription carry the referral in their metadata (below).
 */
/**
 * The SDK is loaded when a call first needs it: Netlify ships it beside the function
 * (netlify.toml `external_node_modules`), so a cold start does not parse its 2 MB.
 */
const loadSdk = async () => (await import('stripe')).default;

export async function createStripeBilling(
  config: StripeConfig,
  transport: StripeTransport = {},
): Promise<StripeBilling> {
  const Sdk = await loadSdk();
  const stripe = new Sdk(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    appInfo: { name: 'otc-edge' },
    ...transport,
  });
  const planOfPrice = (priceId: string | undefined): PlanName =>
    priceId === config.prices.yearly ? 'yearly' : 'monthly';

  let plansCache: { value: Plans; at: number } | undefined;

  /** The subscription as we keep it; read with MEMBERSHIP_EXPAND for its price and latest charge. */
  const toMembership = (subscription: Stripe.Subscription): Membership => {
    const item = subscription.items.data[0];
    // The product has no trials (docs/product.md §1): a trialing subscription is one an operator gave
    // free days (extendPeriod's trial to the new date). It is paid up and renews as before, so it
    // reads as active: the console's status, the figures and the emails see no change of state.
    const status = (
      subscription.status === 'trialing' ? 'active' : subscription.status
    ) as SubscriptionStatus;
    const plan = planOfPrice(item?.price.id);
    const periodEndS = item?.current_period_end ?? 0;
    const invoice = typeof subscription.latest_invoice === 'string' ? null : subscription.latest_invoice;
    const price = renewalPrice(subscription, plan, periodEndS);
    const latestCharge = invoice ? invoiceCharge(invoice, Date.now()) : null;
    return {
      customerId:
        typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
      subscriptionId: subscription.id,
      plan,
      status,
      currentPeriodEnd: periodEndS * 1000,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      ...(status === 'past_due' && invoice ? failedInvoice(invoice) : {}),
      asOf: Date.now(),
      ...(subscription.metadata?.via ? { referral: subscription.metadata.via } : {}),
      ...(price === undefined ? {} : { price }),
      ...(latestCharge ? { latestCharge } : {}),
    };
  };

  const cardErrors = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof Sdk.errors.StripeCardError) throw new CardError(error.message);
      throw error;
    }
  };

  const refusals = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof Sdk.errors.StripeCardError) throw new CardError(error.message);
      if (error instanceof Sdk.errors.StripeInvalidRequestError) throw new BillingRefusedError(error.message);
      throw error;
    }
  };

  const setDefaultCard = async (
    customerId: string,
    cardToken: string,
    operationId: string,
    metadata: Record<string, string> = {},
  ) => {
    await stripe.paymentMethods.attach(
      cardToken,
      { customer: customerId },
      { idempotencyKey: `${operationId}:attach` },
    );
    await stripe.customers.update(
      customerId,
      {
        invoice_settings: { default_payment_method: cardToken },
        ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
      },
      { idempotencyKey: `${operationId}:default` },
    );
  };

  /**
   * A change to `plan` as the upgrade sends it and its preview prices it: the subscription's item on
   * the new price, and its discounts (a promo for the old plan only must not discount the new one).
   */
  const planChange = async (membership: Membership, plan: PlanName) => {
    const current = await stripe.subscriptions.retrieve(membership.subscriptionId, {
      expand: ['discounts.promotion_code'],
    });
    const item = current.items.data[0];
    if (!item) throw new BillingRefusedError('The subscription has no item to change.');
    const discounts = discountsOnPlan(current.discounts ?? [], plan);
    return {
      items: [{ id: item.id, price: config.prices[plan] }],
      ...(discounts === undefined ? {} : { discounts }),
    };
  };

  return {
    kind: 'stripe',

    async plans() {
      if (plansCache && Date.now() - plansCache.at < PLANS_TTL_MS) return plansCache.value;
      const [monthly, yearly] = await Promise.all([
        stripe.prices.retrieve(config.prices.monthly),
        stripe.prices.retrieve(config.prices.yearly),
      ]);
      const value: Plans = {
        monthly: { id: monthly.id, price: fromCents(monthly.unit_amount ?? 0) },
        yearly: { id: yearly.id, price: fromCents(yearly.unit_amount ?? 0) },
      };
      plansCache = { value, at: Date.now() };
      return value;
    },

    async findPromo(code) {
      const { data } = await stripe.promotionCodes.list({
        code: code.trim(),
        active: true,
        limit: 1,
        expand: ['data.promotion.coupon'],
      });
      const found = data[0];
      const coupon = found?.promotion.coupon;
      const plan = found?.metadata?.plan;
      if (!found || !coupon || typeof coupon === 'string' || !coupon.percent_off) return null;
      if (plan !== 'monthly' && plan !== 'yearly') return null;
      return { code: found.code, id: found.id, plan, percentOff: coupon.percent_off } satisfies Promo;
    },

    async createCustomer(member, operationId) {
      const customer = await stripe.customers.create(
        { email: member.email, metadata: { sub: member.sub } },
        { idempotencyKey: `${operationId}:customer` },
      );
      return customer.id;
    },

    startSubscription: ({ customerId, cardToken, plan, promo, memberSub, referral }, operationId) =>
      cardErrors(async () => {
        // The customer may exist from an earlier attempt: the referral goes on with this update.
        await setDefaultCard(customerId, cardToken, operationId, referralMetadata(referral));
        const subscription = await stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price: config.prices[plan] }],
            default_payment_method: cardToken,
            payment_behavior: 'error_if_incomplete',
            ...(promo ? { discounts: [{ promotion_code: promo.id }] } : {}),
            // Lets a webhook that beats our own write find the member.
            metadata: { plan, sub: memberSub, ...referralMetadata(referral) },
            expand: MEMBERSHIP_EXPAND,
          },
          { idempotencyKey: `${operationId}:subscription` },
        );
        return toMembership(subscription);
      }),

    setCancelAtPeriodEnd: (membership, cancel, operationId) =>
      refusals(async () =>
        toMembership(
          await stripe.subscriptions.update(
            membership.subscriptionId,
            { cancel_at_period_end: cancel, expand: MEMBERSHIP_EXPAND },
            { idempotencyKey: `${operationId}:toggle` },
          ),
        ),
      ),

    // Free days: Stripe's documented way to move an existing subscription's next charge is a trial
    // to the new date (its billing cycle anchor becomes trial_end), with proration off, so the days
    // already paid are neither credited nor charged again. The end is computed from the period end
    // we hold, so a retried operation sends the same parameters under the same idempotency key.
    extendPeriod: (membership, days, operationId) =>
      refusals(async () =>
        toMembership(
          await stripe.subscriptions.update(
            membership.subscriptionId,
            {
              trial_end: Math.floor(membership.currentPeriodEnd / 1000) + days * DAY_S,
              proration_behavior: 'none',
              expand: MEMBERSHIP_EXPAND,
            },
            { idempotencyKey: `${operationId}:extend` },
          ),
        ),
      ),

    // Ends it at once; Stripe's defaults credit nothing (prorate false) and send no final invoice.
    cancelNow: (membership, operationId) =>
      refusals(async () =>
        toMembership(
          await stripe.subscriptions.cancel(
            membership.subscriptionId,
            { expand: MEMBERSHIP_EXPAND },
            { idempotencyKey: `${operationId}:cancel` },
          ),
        ),
      ),

    changePlan: (membership, plan, operationId) =>
      refusals(async () => {
        const updated = await stripe.subscriptions.update(
          membership.subscriptionId,
          {
            // The new price; a promo for the old plan only discounts neither it nor this proration.
            ...(await planChange(membership, plan)),
            // Charge the difference now (credit for the unused month), as the member confirmed.
            proration_behavior: 'always_invoice',
            payment_behavior: 'error_if_incomplete',
            cancel_at_period_end: false,
            metadata: { plan },
            expand: MEMBERSHIP_EXPAND,
          },
          { idempotencyKey: `${operationId}:upgrade` },
        );
        return toMembership(updated);
      }),

    // On a past_due subscription the open invoice of the failed renewal is paid with the new card
    // now (as the Dashboard's "retry"), instead of waiting for Stripe's next smart retry; a paid or
    // voided one (a retried request) is left alone. The webhook that follows says the same.
    replaceCard: (membership, cardToken, operationId) =>
      cardErrors(async () => {
        await setDefaultCard(membership.customerId, cardToken, operationId);
        const updated = await stripe.subscriptions.update(
          membership.subscriptionId,
          { default_payment_method: cardToken, expand: MEMBERSHIP_EXPAND },
          { idempotencyKey: `${operationId}:subscription-card` },
        );
        const invoiceId =
          typeof updated.latest_invoice === 'string' ? updated.latest_invoice : updated.latest_invoice?.id;
        if (!['past_due', 'unpaid'].includes(updated.status) || !invoiceId) return toMembership(updated);
        const invoice = await stripe.invoices.retrieve(invoiceId);
        if (invoice.status === 'open')
          await stripe.invoices.pay(
            invoiceId,
            { payment_method: cardToken },
            { idempotencyKey: `${operationId}:pay` },
          );
        return toMembership(
          await stripe.subscriptions.retrieve(membership.subscriptionId, { expand: MEMBERSHIP_EXPAND }),
        );
      }),

    // Read-only calls below: no idempotency keys needed (a preview creates nothing).

    cardOnFile: (membership) =>
      refusals(async () => {
        // The subscription's own card is charged first; the customer's default otherwise.
        const subscription = await stripe.subscriptions.retrieve(membership.subscriptionId, {
          expand: ['default_payment_method', 'customer.invoice_settings.default_payment_method'],
        });
        const { customer } = subscription;
        const customerCard =
          typeof customer !== 'string' && !customer.deleted
            ? cardOf(customer.invoice_settings?.default_payment_method)
            : null;
        return cardOf(subscription.default_payment_method) ?? customerCard;
      }),

    nextCharge: (membership) =>
      refusals(async () =>
        moneyOf(
          await stripe.invoices.createPreview({
            customer: membership.customerId,
            subscription: membership.subscriptionId,
          }),
        ),
      ),

    previewPlanChange: (membership, plan) =>
      refusals(async () => {
        // The same change changePlan sends, previewed: its item, its discounts and its proration.
        const { items, ...discounts } = await planChange(membership, plan);
        const invoice = await stripe.invoices.createPreview({
          customer: membership.customerId,
          subscription: membership.subscriptionId,
          subscription_details: { items, proration_behavior: 'always_invoice', cancel_at_period_end: false },
          ...discounts,
        });
        return moneyOf(invoice);
      }),

    async fetchSubscription(subscriptionId) {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId, {
        expand: MEMBERSHIP_EXPAND,
      });
      return { membership: toMembership(subscription), memberSub: subscription.metadata?.sub ?? null };
    },

    // Stripe keeps the customer, its invoices and the ended subscription (billing law), with the sub
    // in their metadata: an operator answering a billing question finds the pseudonym from it
    // (docs/security.md "Your data"). Nothing of them is in our store to rewrite.
    forgetMember: async () => {},

    money: {
      // An invoice in an event names its discounts by id: their promotion codes are read here.
      invoicePromo: async (invoiceId) =>
        promoOf(await stripe.invoices.retrieve(invoiceId, { expand: ['discounts.promotion_code'] })),

      // A refund names the PaymentIntent it gives back; the invoice that payment paid is found through
      // the invoice payments (current API versions no longer name the invoice on the charge).
      async refundedInvoice(refund) {
        const paymentIntent =
          typeof refund.payment_intent === 'string' ? refund.payment_intent : refund.payment_intent?.id;
        if (!paymentIntent) return null;
        const { data } = await stripe.invoicePayments.list({
          payment: { type: 'payment_intent', payment_intent: paymentIntent },
          limit: 1,
          expand: ['data.invoice'],
        });
        const invoice = data[0]?.invoice;
        if (!invoice || typeof invoice === 'string' || invoice.deleted) return null;
        const { customer } = invoice;
        return {
          invoiceId: invoice.id,
          customerId: typeof customer === 'string' ? customer : (customer?.id ?? null),
        };
      },
    },
  };
}

/** Verifies a webhook's signature on the raw body (throws on a bad or missing one). */
export async function verifyWebhook(
  config: StripeConfig,
  rawBody: string,
  signature: string | null,
): Promise<Stripe.Event> {
  const Sdk = await loadSdk();
  return new Sdk(config.secretKey).webhooks.constructEvent(rawBody, signature ?? '', config.webhookSecret);
}
