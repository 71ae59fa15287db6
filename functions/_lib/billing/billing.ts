import { createHash } from 'node:crypto';
import { deletingKey } from '../account/deleted-marker.ts';
import { emailError, normalizeEmail } from '../account/rules.ts';
import { parseClickId, parseReferral } from '../affiliates/rules.ts';
import type { Caller } from '../auth/verify.ts';
import type { ApiRequest, ApiResponse } from '../contract/index.ts';
import type { Deps } from '../deps.ts';
import { badRequest, HttpError, membershipRequired } from '../http/errors.ts';
import { logWarning } from '../http/log.ts';
import type { IdentityPorts } from '../identity/identity-ports.ts';
import { longDate } from '../mail/long-date.ts';
import { enqueueEmail } from '../mail/queue.ts';
import type { ChurnReason } from '../operator/churn.ts';
import { memberFields, opsKeys } from '../operator/keys.ts';
import { HSET_IF_EXISTS, type Store } from '../store.ts';
import { withLock } from '../store-lock.ts';
import { billingContent } from './billing-content.ts';
import type { BillingPorts } from './billing-ports.ts';
import {
  hasAccess,
  isComplimentary,
  type Membership,
  membershipKey,
  parseMembership,
  readMembership,
} from './membership.ts';
import { saveMembership } from './membership-write.ts';
import { BillingRefusedError, CardError, type Promo, type Referral } from './port.ts';
import type { PlanName } from './prices.ts';

/**
 * What members may do with their subscription (docs/product.md §4 Subscription, Payment submit, §7 calls).
 * The caller always comes from the verified token; ids in the body are never read.
 */
type BillingDeps = Pick<Deps, 'store' | 'now'> & Pick<BillingPorts, 'billing'>;

/** sub → the member's payment customer, kept server-side (never taken from the request). */
export const customerOfKey = (sub: string) => `billing:customer-of:${sub}`;
/** A member's payment lock: a charge, an upgrade and an operator's change each hold it. */
export const chargeLockKey = (sub: string) => `billing:lock:charge:${sub}`;
const CHARGE_LOCK_MS = 60_000;
/** Autopay toggles wait their turn this long (a double-click storm goes in order), then 409. */
const TOGGLE_WAIT_MS = 10_000;

/** One payment operation per member at a time (a charge, an upgrade): the provider never bills twice. */
const withPaymentLock = <T>(store: Store, sub: string, work: () => Promise<T>): Promise<T> =>
  withLock(
    store,
    chargeLockKey(sub),
    CHARGE_LOCK_MS,
    () => new HttpError(409, 'Your payment is already being processed.'),
    work,
  );

const digest = (...parts: string[]) =>
  createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 24);

const cardRequired = () => badRequest('Card Info Required');
const invalidPromo = () => badRequest('Invalid Promo Code');
/** The card provider's own words for a refused card (docs/product.md §8: shown as the submit error). */
const cardRefused = (error: CardError) => new HttpError(402, error.message);
const refused = (error: BillingRefusedError) => new HttpError(409, error.message);

async function translate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CardError) throw cardRefused(error);
    if (error instanceof BillingRefusedError) throw refused(error);
    throw error;
  }
}

export async function checkPromo(
  deps: Pick<BillingPorts, 'billing'>,
  code: string,
): Promise<ApiResponse<'promo'>> {
  const trimmed = code.trim();
  if (!trimmed) return { promo: false };
  const promo = await (await deps.billing()).findPromo(trimmed);
  return promo ? { promo: promo.code, promoPlan: promo.plan, discount: promo.percentOff } : { promo: false };
}

/** docs/product.md §4 Payment page on load: members go home; everyone gets the plans (stored by the browser). */
export async function verifyPayment(
  deps: Pick<Deps, 'store' | 'now'> & Pick<BillingPorts, 'billing'>,
  caller: Caller,
  input: ApiRequest<'payment/verify'>,
): Promise<ApiResponse<'payment/verify'>> {
  const [membership, plans] = await Promise.all([
    readMembership(deps, caller.sub),
    (await deps.billing()).plans(),
  ]);
  if (hasAccess(membership, deps.now())) return { redirect: '/', plans };
  // ?discount=email on the landing page: the newsletter's promotion is filled in for the member.
  return input.promoAccess === 'email' ? { plans, emailPromo: billingContent().emailPromoCode } : { plans };
}

/** docs/product.md §4 Payment submit: one subscription, however often the form is sent. */
export async function charge(
  deps: BillingDeps & IdentityPorts,
  caller: Caller,
  input: ApiRequest<'charge'>,
): Promise<ApiResponse<'charge'>> {
  const problem = emailError(input.email);
  if (problem) throw badRequest(problem);
  if (!input.token.trim()) throw cardRequired();
  const billing = await deps.billing();
  const plans = await billing.plans();
  const plan: PlanName | null =
    input.planID === plans.monthly.id ? 'monthly' : input.planID === plans.yearly.id ? 'yearly' : null;
  if (!plan) throw badRequest('Choose the Monthly or Yearly plan');
  let promo: Promo | null = null;
  if (input.promo?.trim()) {
    promo = await billing.findPromo(input.promo);
    if (!promo || promo.plan !== plan) throw invalidPromo();
  }

  const { store } = deps;
  return withPaymentLock(store, caller.sub, async () => {
    const [rawMembership, knownCustomer, deleted] = await store
      .pipeline()
      .get(membershipKey(caller.sub))
      .get(customerOfKey(caller.sub))
      .exists(deletingKey(caller.sub))
      .exec<[string | null, string | null, number]>();
    // A token issued before the account was deleted still works for a day: it must not start a
    // membership for an account that is gone (docs/security.md "Your data").
    if (deleted) throw new HttpError(403, 'This account has been deleted. Sign up again to become a member.');
    if (hasAccess(parseMembership(rawMembership), deps.now())) {
      throw new HttpError(409, 'You already have an active membership.', {}, { redirect: '/' });
    }
    const email = normalizeEmail(input.email);
    let customerId = knownCustomer;
    if (!customerId) {
      // Keyed by member: a retry after a lost answer gets the same customer, never a second one.
      customerId = await billing.createCustomer({ sub: caller.sub, email }, `customer:${caller.sub}`);
      await store.set(customerOfKey(caller.sub), customerId);
    }
    const referral = referralOf(input);
    // The referral is part of the operation: the same key with other metadata would be refused by Stripe.
    const operationId = `charge:${caller.sub}:${digest(plan, input.token, promo?.id ?? '', referral?.via ?? '', referral?.clickId ?? '')}`;
    const membership = await translate(() =>
      billing.startSubscription(
        { customerId, cardToken: input.token, plan, promo, memberSub: caller.sub, referral },
        operationId,
      ),
    );
    // The operator finds the member by the account's email (the token's), else the one paid with.
    await saveMembership(store, caller.sub, membership, {
      email: caller.email ?? email,
      promo: promo?.code ?? null,
      at: deps.now(),
      actor: 'member',
      action: 'member.join',
    });
    // The customer id becomes a claim on the member's next token (docs/product.md §3 User profile). Access does
    // not depend on it (the server maps sub → customer), so a failure here is logged, not fatal.
    // Beside it, the welcome email is queued, once per member (docs/mail.md); queueing never fails the
    // charge, and the mail drain sends it.
    await Promise.all([
      deps.identityAdmin.setCustomerId(caller.sub, customerId).catch((error: unknown) => {
        logWarning('could not record the customer id on the identity', error);
      }),
      enqueueEmail(
        store,
        {
          key: `welcome:${caller.sub}`,
          to: caller.email ?? email,
          template: 'welcome',
          data: {
            plan: plan === 'yearly' ? 'Yearly' : 'Monthly',
            // What was charged (the promo's price), from the same charge the ledger records.
            price: `$${membership.latestCharge?.amount ?? membership.price ?? plans[plan].price}`,
            nextChargeDate: longDate(membership.currentPeriodEnd),
          },
        },
        deps.now(),
      ),
    ]);
    return { subscribed: true, plan };
  });
}

/**
 * The referral sent with the charge (README "Affiliates"). A malformed one is ignored, never an
 * error: a payment is not refused for a bad cookie, the sale is simply unattributed.
 */
function referralOf(input: ApiRequest<'charge'>): Referral | null {
  const via = parseReferral(input.referral);
  const clickId = parseClickId(input.referralClick);
  return via || clickId ? { via, clickId } : null;
}

/** docs/product.md §3 Subscription status; a user without a subscription is on the 'free' plan. */
export async function subscriptionStatus(
  deps: Pick<Deps, 'store' | 'now'>,
  caller: Caller,
): Promise<ApiResponse<'subscription/status'>> {
  // The app asks this at the start of a member's visit: the operator's "last visit" rides along
  // in the same round trip, noted only on a member the index holds: a token issued before an account
  // was deleted works for signed-in calls for up to a day, and must not bring back a record of it.
  // The member's first payment (the index's signedUpAt) rides along too, for the dashboard's promo.
  const [raw, , since] = await deps.store
    .pipeline()
    .get(membershipKey(caller.sub))
    .eval(HSET_IF_EXISTS, [opsKeys.member(caller.sub)], [memberFields.lastVisit, String(deps.now())])
    .hget(opsKeys.member(caller.sub), memberFields.signedUpAt)
    .exec<[string | null, number, string | number | null]>();
  const membership = parseMembership(raw);
  if (!membership || !hasAccess(membership, deps.now()))
    return { plan: 'free', noRenew: false, endPeriod: null, pastDue: false, memberSince: null };
  const memberSince = Number(since);
  return {
    ...view(membership),
    memberSince: Number.isFinite(memberSince) && memberSince > 0 ? memberSince : null,
  };
}

const view = (m: Membership) => ({
  plan: m.plan,
  noRenew: m.cancelAtPeriodEnd,
  endPeriod: m.currentPeriodEnd,
  pastDue: m.status === 'past_due',
});

/**
 * The account page's billing details (docs/product.md §4 Subscription): the card on file, what the
 * next renewal charges and when (autopay on), and what the yearly upgrade charges now (monthly
 * plan), all from the provider, so what the member reads is what will be charged.
 */
export async function subscriptionDetails(
  deps: Pick<Deps, 'store' | 'now'> & Pick<BillingPorts, 'billing'>,
  caller: Caller,
): Promise<ApiResponse<'subscription/details'>> {
  const membership = await readMembership(deps, caller.sub);
  // A complimentary membership has nothing at the provider to ask about: no card, no renewal.
  if (!membership || isComplimentary(membership))
    return { card: null, nextCharge: null, upgradeDueNow: null };
  const billing = await deps.billing();
  const active = hasAccess(membership, deps.now());
  // A lapsed member still sees the card (replacing it is how access comes back); nothing else.
  const [card, nextCharge, upgradeDueNow] = await translate(() =>
    Promise.all([
      billing.cardOnFile(membership),
      active && !membership.cancelAtPeriodEnd ? billing.nextCharge(membership) : null,
      active && membership.plan === 'monthly' ? billing.previewPlanChange(membership, 'yearly') : null,
    ]),
  );
  return {
    card,
    nextCharge: nextCharge && { ...nextCharge, on: membership.currentPeriodEnd },
    upgradeDueNow,
  };
}

/** A complimentary membership (granted by an operator) has no subscription to renew or upgrade. */
const complimentaryRefusal = (membership: Membership) =>
  new HttpError(
    409,
    `Your membership is complimentary until ${new Date(membership.currentPeriodEnd).toISOString().slice(0, 10)}: there is no subscription to renew or upgrade`,
  );

/** docs/product.md §4: autopay on → renews on the end date; off → ends on it. */
export async function toggleAutopay(
  deps: BillingDeps,
  caller: Caller,
  membership: Membership,
  renew: boolean,
  reason?: ChurnReason,
): Promise<ApiResponse<'subscription/toggle'>> {
  if (isComplimentary(membership)) throw complimentaryRefusal(membership);
  const { store } = deps;
  // One change of a member's subscription at a time: a double-click storm goes one after the
  // other or is told to wait (409), never crosses itself at the provider or in the store.
  const busy = () => new HttpError(409, 'Your membership is being changed elsewhere. Try again in a moment.');
  return withLock(
    store,
    chargeLockKey(caller.sub),
    CHARGE_LOCK_MS,
    busy,
    async () => {
      const current = parseMembership(await store.get(membershipKey(caller.sub))) ?? membership;
      const billing = await deps.billing();
      const updated =
        current.cancelAtPeriodEnd === !renew
          ? current
          : await translate(() =>
              billing.setCancelAtPeriodEnd(current, !renew, `toggle:${caller.sub}:${renew}:${current.asOf}`),
            );
      // The reason (optional, only when turning autopay off) is counted with the write that turns it off.
      await saveMembership(store, caller.sub, updated, {
        at: deps.now(),
        actor: 'member',
        action: renew ? 'member.autopay-on' : 'member.autopay-off',
        churn: !renew && reason ? { reason, from: current } : null,
      });
      return { noRenew: updated.cancelAtPeriodEnd, endPeriod: updated.currentPeriodEnd };
    },
    TOGGLE_WAIT_MS,
  );
}

/** docs/product.md §4: monthly → yearly on the same subscription. */
export async function upgradeToYearly(
  deps: BillingDeps,
  caller: Caller,
  membership: Membership,
): Promise<ApiResponse<'subscription/upgrade'>> {
  const alreadyYearly = () => new HttpError(409, 'Your subscription is already Yearly.');
  if (isComplimentary(membership)) throw complimentaryRefusal(membership);
  if (membership.plan === 'yearly') throw alreadyYearly();
  // The charge's lock: simultaneous upgrades (or an upgrade during a charge) never bill twice.
  const { store } = deps;
  return withPaymentLock(store, caller.sub, async () => {
    // Read again under the lock: an upgrade that finished a moment ago is seen.
    const current = parseMembership(await store.get(membershipKey(caller.sub))) ?? membership;
    if (current.plan === 'yearly') throw alreadyYearly();
    const billing = await deps.billing();
    const updated = await translate(() =>
      billing.changePlan(current, 'yearly', `upgrade:${caller.sub}:${current.subscriptionId}`),
    );
    await saveMembership(store, caller.sub, updated, {
      at: deps.now(),
      actor: 'member',
      action: 'member.upgrade',
    });
    return { plan: updated.plan, noRenew: updated.cancelAtPeriodEnd, endPeriod: updated.currentPeriodEnd };
  });
}

/**
 * docs/product.md §7 user/updatecard. Open to a member whose access lapsed for a failed payment too: a new
 * card is how they get it back.
 */
export async function updateCard(
  deps: BillingDeps,
  caller: Caller,
  token: string,
): Promise<ApiResponse<'user/updatecard'>> {
  if (!token.trim()) throw cardRequired();
  const membership = await readMembership(deps, caller.sub);
  if (!membership) throw membershipRequired();
  const billing = await deps.billing();
  // Under the payment lock: paying a failed renewal never races a renewal charging the old card.
  return withPaymentLock(deps.store, caller.sub, async () => {
    const updated = await translate(() =>
      billing.replaceCard(membership, token, `card:${caller.sub}:${digest(token)}`),
    );
    // A failed renewal paid with the new card: active again now (the banner goes), not at the webhook.
    await saveMembership(deps.store, caller.sub, updated, {
      at: deps.now(),
      actor: 'member',
      action: 'member.card',
    });
    return { updated: true };
  });
}
