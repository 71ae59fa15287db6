import { randomBytes } from 'node:crypto';
import { hashEntries, parseJson, type Store } from '../store.ts';
import { billingContent } from './billing-content.ts';
import { REFERRED_PAYMENTS_KEY, recordReferredPayment } from './local-referrals.ts';
import type { Membership, MembershipCharge } from './membership.ts';
import { type Billing, BillingRefusedError, CardError, type CardOnFile, type Promo } from './port.ts';
import type { PlanName, Plans } from './prices.ts';
import { amountDueNow, periodStart, priceWith } from './proration.ts';

/**
 * Local test-mode billing (the embedded default): the Billing port with its state in Redis, plans
 * and promo codes from content/billing.json, and Stripe's documented test cards with Stripe's wording.
 * The local card field sends `tok_local_{card number}_{MMYY}` (the expiry is optional, so a card can
 * be named by its number alone; test mode only: real card numbers never reach our servers in
 * production, where Stripe Elements tokenizes them).
 */
const TEST_CARDS: Record<string, string | null> = {
  '4242424242424242': null,
  '4000056655665556': null,
  '5555555555554444': null,
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000009987': 'Your card was declined.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
  '4000000000000119': 'An error occurred while processing your card. Try again in a little bit.',
};

/**
 * Cards that attach (a card update accepts them) but whose charges fail, as Stripe's
 * 4000000000000341: a first payment with it is refused, a renewal charged to it fails (past_due).
 */
const CHARGES_FAIL: Record<string, string> = {
  '4000000000000341': 'Your card was declined.',
};

export const localKeys = {
  op: (operationId: string) => `billing:local:op:${operationId}`,
  customer: (id: string) => `billing:local:customer:${id}`,
  subscription: (id: string) => `billing:local:subscription:${id}`,
  discount: (subscriptionId: string) => `billing:local:discount:${subscriptionId}`,
  /**
   * ZSET subscription id → when the local renewal clock next has something to do with it (ms): its
   * period end (renew, or end with autopay off), or a past_due charge's next retry. Ended ones leave.
   */
  renewals: 'billing:local:renewals',
  /**
   * HASH charge id → JSON LocalCharge: every charge local billing made (and each refusal), as
   * Stripe's own list of charges: what the ledger is reconciled against.
   */
  charges: 'billing:local:charges',
};

/** A charge local billing made, as Stripe keeps one: its amount, what it was for, what was refunded. */
export interface LocalCharge {
  id: string;
  customerId: string;
  subscriptionId: string;
  kind: 'charge' | 'proration' | 'failed';
  amount: string;
  currency: 'usd';
  at: number;
  promo: string | null;
  /** Cents given back so far (local refunds: local-refunds.ts). */
  refundedCents: number;
}

/**
 * Keeps a charge in local billing's own list and returns it as the state's latest charge, for the
 * ledger. Its id is new each time, as each of Stripe's invoices and attempts is.
 */
export async function recordLocalCharge(
  store: Store,
  charge: Omit<LocalCharge, 'id' | 'currency' | 'refundedCents'>,
): Promise<MembershipCharge> {
  const kept: LocalCharge = {
    ...charge,
    id: id(charge.kind === 'failed' ? 'fail' : 'ch'),
    currency: 'usd',
    refundedCents: 0,
  };
  await store.hset(localKeys.charges, { [kept.id]: JSON.stringify(kept) });
  return {
    id: kept.id,
    kind: kept.kind,
    amount: kept.amount,
    currency: kept.currency,
    at: kept.at,
    promo: kept.promo,
  };
}
const key = localKeys;

const OP_TTL_SECONDS = 24 * 60 * 60; // as Stripe keeps idempotency keys
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The promo a local subscription carries, as Stripe keeps a discount on a subscription: set when it
 * starts with one, dropped when its plan changes to one the promo is not for. Null without one.
 */
export async function localDiscount(store: Store, subscriptionId: string): Promise<Promo | null> {
  const raw = await store.get<string>(key.discount(subscriptionId));
  return raw ? (JSON.parse(raw) as Promo) : null;
}

const id = (prefix: string) => `${prefix}_local_${randomBytes(9).toString('base64url')}`;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The network of a test card, by its first digits, as Stripe names it. */
function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'unknown';
}

/** A test card as kept on the local customer: what cardOnFile shows, and how its charges end. */
export interface LocalCard extends CardOnFile {
  /** Stripe's message for every charge to it (a card that attaches but declines), when it has one. */
  declines?: string;
}

/** Attaches the test card (a card update): the card as the member entered it, or Stripe's refusal. */
export function attachTestCard(cardToken: string): LocalCard {
  const [, number, month, year] = /^tok_local_(\d{12,19})(?:_(\d{2})(\d{2}))?$/.exec(cardToken) ?? [];
  if (!number || !luhn(number)) throw new CardError('Your card number is incorrect.');
  const refusal = TEST_CARDS[number];
  if (refusal) throw new CardError(refusal);
  const expMonth = month ? Number(month) : null;
  if (expMonth !== null && (expMonth < 1 || expMonth > 12))
    throw new CardError("Your card's expiration month is invalid.");
  const declines = CHARGES_FAIL[number];
  return {
    brand: brandOf(number),
    last4: number.slice(-4),
    expMonth,
    expYear: year ? 2000 + Number(year) : null,
    ...(declines ? { declines } : {}),
  };
}

/** A charge to a card on file: throws Stripe's message when it declines or has expired by `now`. */
export function chargeCard(card: LocalCard | null | undefined, now: number): void {
  if (!card?.last4)
    throw new CardError('This customer has no attached payment source or default payment method.');
  if (card.declines) throw new CardError(card.declines);
  if (card.expMonth && card.expYear && now >= Date.UTC(card.expYear, card.expMonth, 1))
    throw new CardError('Your card has expired.');
}

/** Stored with its place on the renewal clock (localKeys.renewals), in one round trip. */
export async function saveLocalSubscription(store: Store, membership: Membership): Promise<Membership> {
  const id = membership.subscriptionId;
  const pipe = store.pipeline().set(key.subscription(id), JSON.stringify(membership));
  const due = renewalDue(membership);
  if (due === null) pipe.zrem(key.renewals, id);
  else pipe.zadd(key.renewals, { score: due, member: id });
  await pipe.exec();
  return membership;
}

/** When the renewal clock next acts on a subscription: null once it has ended. */
function renewalDue(m: Membership): number | null {
  if (m.status === 'active' || m.status === 'trialing') return m.currentPeriodEnd;
  if (m.status === 'past_due') return Math.min(m.nextRetryAt ?? m.currentPeriodEnd, m.currentPeriodEnd);
  return null;
}

/** What a renewal of the subscription charges: its plan's price with its promo when for that plan. */
export async function localRenewalPrice(store: Store, membership: Membership): Promise<string> {
  const promo = await localDiscount(store, membership.subscriptionId);
  const onPlan = promo?.plan === membership.plan ? promo.percentOff : null;
  return priceWith(billingContent().plans[membership.plan].price, onPlan);
}

/** The promo code a renewal of the subscription is discounted by, or null. */
export async function localPromoCode(store: Store, membership: Membership): Promise<string | null> {
  const promo = await localDiscount(store, membership.subscriptionId);
  return promo?.plan === membership.plan ? promo.code : null;
}

/** The local customer's record: its member (`sub`), email and card. */
export async function localCustomer(store: Store, customerId: string): Promise<Record<string, unknown>> {
  return customer(store, customerId);
}

// KEYS: the charges, the referred payments, the pseudonym's customer record, the member's customer
// records (ARGV[3] of them), then their subscriptions' records. ARGV: the pseudonym's JSON, the
// sub's JSON, how many customers, each customer id's JSON, then the ids of their charges.
// Ids are swapped as whole JSON strings, in place: nothing else in a record changes. An email in a
// referred payment becomes null (the strict email rule lets no quote or backslash into one).
const FORGET = `local function swap(text, from, to)
  local out, at = {}, 1
  while true do
    local s, e = string.find(text, from, at, true)
    if not s then break end
    out[#out + 1] = string.sub(text, at, s - 1) .. to
    at = e + 1
  end
  out[#out + 1] = string.sub(text, at)
  return table.concat(out)
end
local customers = tonumber(ARGV[3])
local function renamed(text)
  for i = 4, 3 + customers do text = swap(text, '"customerId":' .. ARGV[i], '"customerId":' .. ARGV[1]) end
  return text
end
for i = 4 + customers, #ARGV do
  local charge = redis.call('HGET', KEYS[1], ARGV[i])
  if charge then redis.call('HSET', KEYS[1], ARGV[i], renamed(charge)) end
end
for i = 4 + customers, #KEYS do
  local subscription = redis.call('GET', KEYS[i])
  if subscription then redis.call('SET', KEYS[i], renamed(subscription)) end
end
for i = 4, 3 + customers do redis.call('DEL', KEYS[i]) end
redis.call('SET', KEYS[3], '{"sub":' .. ARGV[1] .. '}')
local paid = redis.call('ZRANGE', KEYS[2], 0, -1, 'WITHSCORES')
for i = 1, #paid, 2 do
  local member = '"memberSub":' .. ARGV[2]
  if string.find(paid[i], member, 1, true) then
    local kept = string.gsub(swap(paid[i], member, '"memberSub":' .. ARGV[1]), '"email":"[^"\\\\]*"', '"email":null')
    redis.call('ZREM', KEYS[2], paid[i])
    redis.call('ZADD', KEYS[2], paid[i + 1], kept)
  end
end
return 1`;

/**
 * Local billing's records of a member who deleted their account (Billing.forgetMember). They stand
 * in for the card provider's, but live in our store, so they keep the money only: the customer
 * record (the member's email and card) goes, and one named by the pseudonym takes its place, so a
 * refund of a kept charge is still recorded, against the pseudonym as the ledger now names the
 * member; the charges and subscriptions keep their amounts, plans and dates, their customer named
 * by the pseudonym; the referred payments keep the affiliate's commission, without the member's
 * sub or email. Every charge of a customer is found in the list of charges (a local subscription
 * starts with its first charge), so its subscriptions are too. Safe to repeat.
 */
export async function forgetLocalMember(
  store: Store,
  member: { sub: string; customerIds: readonly string[] },
  pseudonym: string,
): Promise<void> {
  const customers = [...new Set(member.customerIds.filter((id) => id !== ''))];
  if (customers.length === 0) return;
  const charges = (await hashEntries(store, key.charges)).flatMap(([id, json]) => {
    const charge = parseJson<LocalCharge>(json);
    return charge && customers.includes(charge.customerId)
      ? [{ id, subscription: charge.subscriptionId }]
      : [];
  });
  const subscriptions = [...new Set(charges.map((charge) => charge.subscription))];
  await store.eval(
    FORGET,
    [
      key.charges,
      REFERRED_PAYMENTS_KEY,
      key.customer(pseudonym),
      ...customers.map(key.customer),
      ...subscriptions.map(key.subscription),
    ],
    [
      JSON.stringify(pseudonym),
      JSON.stringify(member.sub),
      String(customers.length),
      ...customers.map((id) => JSON.stringify(id)),
      ...charges.map((charge) => charge.id),
    ],
  );
}

/** Same day next month (or year), clamped to the month's last day, as Stripe bills. */
export function periodEnd(from: number, plan: PlanName): number {
  const start = new Date(from);
  const months = plan === 'yearly' ? 12 : 1;
  const target = new Date(from);
  target.setUTCDate(1);
  target.setUTCMonth(start.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return target.getTime();
}

export function createLocalBilling(store: Store, now: () => number = Date.now): Billing {
  const content = billingContent();
  const plans: Plans = {
    monthly: { id: 'monthly', price: content.plans.monthly.price },
    yearly: { id: 'yearly', price: content.plans.yearly.price },
  };

  /** Runs `work` once per operation id and replays its result on a retry, as Stripe's keys do. */
  async function once<T>(operationId: string, work: () => Promise<T>): Promise<T> {
    const done = await store.get<string>(key.op(operationId));
    if (done) return JSON.parse(done) as T;
    const result = await work();
    await store.set(key.op(operationId), JSON.stringify(result), { ex: OP_TTL_SECONDS });
    return result;
  }

  const saveSubscription = (membership: Membership) => saveLocalSubscription(store, membership);

  /** For reads: the stored subscription, or the member's own record of it when billing has none. */
  async function storedOr(membership: Membership): Promise<Membership> {
    const raw = await store.get<string>(key.subscription(membership.subscriptionId));
    return raw ? (JSON.parse(raw) as Membership) : membership;
  }

  async function current(membership: Membership): Promise<Membership> {
    const raw = await store.get<string>(key.subscription(membership.subscriptionId));
    if (!raw) throw new BillingRefusedError(`No such subscription: '${membership.subscriptionId}'`);
    return JSON.parse(raw) as Membership;
  }

  return {
    kind: 'local',
    plans: async () => plans,

    async findPromo(code) {
      const wanted = code.trim().toUpperCase();
      const found = content.promoCodes.find((p) => p.code === wanted);
      return found
        ? ({
            code: found.code,
            id: found.code,
            plan: found.plan,
            percentOff: found.percentOff,
          } satisfies Promo)
        : null;
    },

    createCustomer: (member, operationId) =>
      once(operationId, async () => {
        const customerId = id('cus');
        await store.set(key.customer(customerId), JSON.stringify({ sub: member.sub, email: member.email }));
        return customerId;
      }),

    startSubscription: (input, operationId) =>
      once(operationId, async () => {
        const card = attachTestCard(input.cardToken);
        chargeCard(card, now());
        const owner = await customer(store, input.customerId);
        await store.set(key.customer(input.customerId), JSON.stringify({ ...owner, card }));
        const start = now();
        const { referral } = input;
        const subscriptionId = id('sub');
        const price = priceWith(plans[input.plan].price, input.promo?.percentOff ?? null);
        const latestCharge = await recordLocalCharge(store, {
          customerId: input.customerId,
          subscriptionId,
          kind: 'charge',
          amount: price,
          at: start,
          promo: input.promo?.code ?? null,
        });
        const membership = await saveSubscription({
          customerId: input.customerId,
          subscriptionId,
          plan: input.plan,
          status: 'active',
          currentPeriodEnd: periodEnd(start, input.plan),
          cancelAtPeriodEnd: false,
          asOf: start,
          ...(referral?.via ? { referral: referral.via } : {}),
          price,
          latestCharge,
        });
        if (input.promo)
          await store.set(key.discount(membership.subscriptionId), JSON.stringify(input.promo));
        // What Rewardful records from Stripe for a referred customer, kept for the local report.
        if (referral) {
          await recordReferredPayment(store, {
            referral: referral.via ?? referral.clickId ?? '',
            clickId: referral.clickId,
            memberSub: input.memberSub,
            email: typeof owner.email === 'string' ? owner.email : null,
            subscriptionId: membership.subscriptionId,
            plan: input.plan,
            amount: membership.price ?? price,
            paidAt: start,
          });
        }
        return membership;
      }),

    setCancelAtPeriodEnd: (membership, cancel, operationId) =>
      once(operationId, async () =>
        saveSubscription({ ...(await current(membership)), cancelAtPeriodEnd: cancel, asOf: now() }),
      ),

    // From the period end the member's record holds, as the Stripe adapter: a retried operation
    // asks the same change (and replays its answer).
    extendPeriod: (membership, days, operationId) =>
      once(operationId, async () =>
        // The free days move the period end (and the next charge); the member's status stays what
        // it was: the product has no trials (Stripe's adapter reads its trial to the new end the same way).
        saveSubscription({
          ...(await current(membership)),
          currentPeriodEnd: membership.currentPeriodEnd + days * DAY_MS,
          asOf: now(),
        }),
      ),

    // As Stripe's cancel: ended at once, the period end kept, nothing refunded.
    cancelNow: (membership, operationId) =>
      once(operationId, async () =>
        saveSubscription({ ...(await current(membership)), status: 'canceled', asOf: now() }),
      ),

    changePlan: (membership, plan, operationId) =>
      once(operationId, async () => {
        const existing = await current(membership);
        // A promo is for its own plan only (as the Stripe adapter's discountsOnPlan).
        const promo = await localDiscount(store, existing.subscriptionId);
        if (promo && promo.plan !== plan) await store.del(key.discount(existing.subscriptionId));
        // Changing the interval restarts the billing period today (Stripe resets the anchor), and
        // renews again: a member who pays for a year now keeps it (Stripe: cancel_at_period_end false).
        const start = now();
        // As Stripe's always_invoice: the new period's price less the unused part of the paid one,
        // charged to the card on file now (refused: nothing changes).
        const paidPercent = promo?.plan === existing.plan ? promo.percentOff : null;
        const newPercent = promo?.plan === plan ? promo.percentOff : null;
        const price = priceWith(plans[plan].price, newPercent);
        const amount = amountDueNow({
          paid: existing.price ?? priceWith(plans[existing.plan].price, paidPercent),
          newPrice: price,
          periodStart: periodStart(existing.currentPeriodEnd, existing.plan),
          periodEnd: existing.currentPeriodEnd,
          now: start,
        });
        chargeCard(((await customer(store, existing.customerId)).card ?? null) as LocalCard | null, start);
        const { latestCharge: _previous, ...rest } = existing;
        const latestCharge =
          amount === '0.00'
            ? null
            : await recordLocalCharge(store, {
                customerId: existing.customerId,
                subscriptionId: existing.subscriptionId,
                kind: 'proration',
                amount,
                at: start,
                promo: newPercent === null ? null : (promo?.code ?? null),
              });
        return saveSubscription({
          ...rest,
          plan,
          cancelAtPeriodEnd: false,
          currentPeriodEnd: periodEnd(start, plan),
          asOf: start,
          price,
          ...(latestCharge ? { latestCharge } : {}),
        });
      }),

    replaceCard: (membership, cardToken, operationId) =>
      once(operationId, async () => {
        const card = attachTestCard(cardToken);
        const existing = await customer(store, membership.customerId);
        await store.set(key.customer(membership.customerId), JSON.stringify({ ...existing, card }));
        const subscription = await storedOr(membership);
        if (subscription.status !== 'past_due') return subscription;
        // The failed renewal is paid with the new card now (Stripe: the open invoice); a refusal
        // leaves the card on file and the subscription past_due.
        chargeCard(card, now());
        const { pastDueSince, nextRetryAt, amountDue, ...paid } = subscription;
        const latestCharge = await recordLocalCharge(store, {
          customerId: subscription.customerId,
          subscriptionId: subscription.subscriptionId,
          kind: 'charge',
          amount: amountDue ?? (await localRenewalPrice(store, subscription)),
          at: now(),
          promo: await localPromoCode(store, subscription),
        });
        return saveSubscription({ ...paid, status: 'active', asOf: now(), latestCharge });
      }),

    async cardOnFile(membership) {
      const raw = await store.get<string>(key.customer(membership.customerId));
      const card = (raw ? JSON.parse(raw) : {}).card as Partial<CardOnFile> | undefined;
      if (!card?.last4) return null;
      // Cards stored before the brand and expiry were kept have their last four only.
      return {
        brand: card.brand ?? 'unknown',
        last4: card.last4,
        expMonth: card.expMonth ?? null,
        expYear: card.expYear ?? null,
      };
    },

    async nextCharge(membership) {
      const existing = await storedOr(membership);
      const promo = await localDiscount(store, existing.subscriptionId);
      const onPlan = promo?.plan === existing.plan ? promo.percentOff : null;
      return { amount: priceWith(plans[existing.plan].price, onPlan), currency: 'usd' };
    },

    async previewPlanChange(membership, plan) {
      const existing = await storedOr(membership);
      const promo = await localDiscount(store, existing.subscriptionId);
      // As changePlan: the promo of the paid period credits back what was paid; only one for the
      // new plan follows it.
      const paidPercent = promo?.plan === existing.plan ? promo.percentOff : null;
      const newPercent = promo?.plan === plan ? promo.percentOff : null;
      const amount = amountDueNow({
        paid: existing.price ?? priceWith(plans[existing.plan].price, paidPercent),
        newPrice: priceWith(plans[plan].price, newPercent),
        periodStart: periodStart(existing.currentPeriodEnd, existing.plan),
        periodEnd: existing.currentPeriodEnd,
        now: now(),
      });
      return { amount, currency: 'usd' };
    },

    fetchSubscription: async (subscriptionId) => {
      const membership = await current({ subscriptionId } as Membership);
      const owner = (await customer(store, membership.customerId)).sub;
      return { membership, memberSub: typeof owner === 'string' ? owner : null };
    },

    forgetMember: (member, pseudonym) => forgetLocalMember(store, member, pseudonym),
  };
}

async function customer(store: Store, customerId: string): Promise<Record<string, unknown>> {
  const raw = await store.get<string>(key.customer(customerId));
  if (!raw) throw new BillingRefusedError(`No such customer: '${customerId}'`);
  return JSON.parse(raw) as Record<string, unknown>;
}
