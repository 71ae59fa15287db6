import { z } from 'zod';
import { CLICK_ID_PATTERN, REFERRAL_PATTERN } from '../affiliates/rules.ts';
import { CHURN_REASON_CODES, CHURN_TEXT_MAX } from '../operator/churn.ts';
import { Body, type ContractEntry, Updated } from './shared.ts';

export const PlanName = z.enum(['monthly', 'yearly']);
const PlanInfo = z.object({ id: z.string(), price: z.string() });
/** docs/product.md §3 Stored plans: monthly and yearly, each with plan id and price. */
export const Plans = z.object({ monthly: PlanInfo, yearly: PlanInfo });

/** An exact decimal amount ("535.66") and its currency (ISO code, lower case as Stripe sends it). */
const Money = z.object({ amount: z.string().regex(/^\d+\.\d{2}$/), currency: z.string() });

/** docs/product.md §7: paying, the plan and its renewal, the card, and Stripe's webhook. */
export const billingApi = {
  charge: {
    method: 'POST',
    request: Body.extend({
      email: z.string({ error: 'Email is Required' }).max(1000),
      planID: z.string({ error: 'Choose the Monthly or Yearly plan' }).min(1).max(200),
      // Stripe PaymentMethod id, or the local test card token.
      token: z.string({ error: 'Card Info Required' }).max(200),
      promo: z.string().max(100).nullable().optional(),
      // README "Affiliates": the affiliate link's token from the referral cookie, and the affiliate
      // service's id of the referred visit. Optional; a malformed one is dropped, never a 400.
      referral: z.string().regex(REFERRAL_PATTERN).optional().catch(undefined),
      referralClick: z.string().regex(CLICK_ID_PATTERN).optional().catch(undefined),
    }),
    response: z.object({ subscribed: z.literal(true), plan: PlanName }),
  },
  'payment/verify': {
    method: 'POST',
    request: Body.extend({ promoAccess: z.enum(['email']).optional() }),
    response: z.object({
      redirect: z.literal('/').optional(),
      plans: Plans,
      /** The newsletter promotion, for a visitor who came through ?discount=email. */
      emailPromo: z.string().optional(),
    }),
  },
  promo: {
    method: 'POST',
    request: Body.extend({ promo: z.string({ error: 'Invalid Promo Code' }).max(100) }),
    response: z.union([
      z.object({ promo: z.string(), promoPlan: PlanName, discount: z.number() }),
      z.object({ promo: z.literal(false) }),
    ]),
  },
  'subscription/status': {
    method: 'POST',
    request: Body,
    response: z.object({
      plan: z.enum(['monthly', 'yearly', 'free']),
      noRenew: z.boolean(),
      /** ms since the epoch; null on the free plan. */
      endPeriod: z.number().nullable(),
      /**
       * A renewal charge failed and the provider is retrying it (docs/mail.md, past due): the app
       * shows a banner on every member page linking to the card form until a charge succeeds.
       */
      pastDue: z.boolean(),
      /**
       * When the member first paid (ms since the epoch: the operator's member index, written with
       * the first membership); null on the free plan or when unknown. The dashboard keeps the
       * yearly upgrade promo out of a new member's first week.
       */
      memberSince: z.number().nullable(),
    }),
  },
  // The account page's billing details, each asked of the card provider (so not on the status,
  // which every start-up reads): the card on file, the next renewal's charge (autopay on) and what
  // the yearly upgrade charges now (monthly). Nulls where there is none.
  'subscription/details': {
    method: 'POST',
    request: Body,
    response: z.object({
      card: z
        .object({
          brand: z.string(),
          last4: z.string().regex(/^\d{4}$/),
          expMonth: z.int().min(1).max(12).nullable(),
          expYear: z.int().nullable(),
        })
        .nullable(),
      nextCharge: Money.extend({ on: z.number() }).nullable(),
      upgradeDueNow: Money.nullable(),
    }),
  },
  'subscription/toggle': {
    method: 'POST',
    request: Body.extend({
      renew: z.boolean({ error: 'renew must be true or false' }),
      // Issue 33 "Why members leave": optional, read only when turning autopay off.
      reason: z
        .object({
          code: z.enum(CHURN_REASON_CODES, { error: 'Choose a reason from the list' }),
          text: z.string().trim().max(CHURN_TEXT_MAX, 'Keep the reason under 500 characters').optional(),
        })
        .optional(),
    }),
    response: z.object({ noRenew: z.boolean(), endPeriod: z.number() }),
  },
  'subscription/upgrade': {
    method: 'POST',
    request: Body,
    response: z.object({ noRenew: z.boolean(), endPeriod: z.number(), plan: PlanName }),
  },
  'user/updatecard': {
    method: 'POST',
    request: Body.extend({ token: z.string({ error: 'Card Info Required' }).max(200) }),
    response: Updated,
  },
  // Stripe's webhook: the raw body is verified against its signature, never parsed by a schema first.
  'billing/webhook': {
    method: 'POST',
    request: z.unknown(),
    response: z.object({ received: z.literal(true), outcome: z.enum(['applied', 'duplicate', 'ignored']) }),
  },
} as const satisfies Record<string, ContractEntry>;
