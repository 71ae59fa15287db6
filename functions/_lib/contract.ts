import { z } from 'zod';

/**
 * The request/response contract of every /api call, shared by functions/ (runtime
 * validation) and member-app/ (types only, so no schema code ships to the browser).
 * Keys are the path after /api/; the function file is the key with '/' → '-' (user/updateemail → user-updateemail.ts).
 */

/** SPEC §7: the member app adds the caller's custID to every body; the server never trusts it. */
const Body = z.object({ custID: z.string().max(100).optional() });

export const Tag = z.object({ canonical: z.string(), tag: z.string() });
export type Tag = z.infer<typeof Tag>;

export const Playlist = z.object({ id: z.string(), title: z.string() });
export type Playlist = z.infer<typeof Playlist>;

export const PlanName = z.enum(['monthly', 'yearly']);
const PlanInfo = z.object({ id: z.string(), price: z.string() });
/** SPEC §3 Stored plans: monthly and yearly, each with plan id and price. */
export const Plans = z.object({ monthly: PlanInfo, yearly: PlanInfo });

/** SPEC §7 sends a userID with account changes; it is accepted and ignored (the token says who). */
const AccountBody = Body.extend({ userID: z.string().max(200).optional() });
const Updated = z.object({ updated: z.literal(true) });

export const api = {
  // Where the browser signs in (SPEC §4 Authentication); read at run time, so one build serves any tenant.
  appconfig: {
    method: 'GET',
    request: z.object({}),
    response: z.object({
      auth: z.object({ domain: z.string(), clientId: z.string(), audience: z.string() }),
      billing: z.object({ publishableKey: z.string().nullable() }),
    }),
  },
  health: {
    method: 'GET',
    request: z.object({}),
    response: z.object({ status: z.enum(['ok', 'degraded']), store: z.enum(['ok', 'unreachable']) }),
  },
  playlists: {
    method: 'POST',
    request: Body,
    response: z.object({ playlists: z.array(Playlist) }),
  },
  tags: {
    method: 'POST',
    request: Body,
    response: z.object({ tags: z.array(Tag) }),
  },
  // Messages for bad values come from account/rules.ts (SPEC §5 wording), checked by the domain.
  'user/updateemail': {
    method: 'POST',
    request: AccountBody.extend({ email: z.string({ error: 'Email is Required' }).max(1000) }),
    response: Updated,
  },
  'user/updatepassword': {
    method: 'POST',
    request: AccountBody.extend({ password: z.string({ error: 'Both fields are Required' }).max(1000) }),
    response: Updated,
  },
  // --- billing (SPEC §7) ---
  charge: {
    method: 'POST',
    request: Body.extend({
      email: z.string({ error: 'Email is Required' }).max(1000),
      planID: z.string({ error: 'Choose the Monthly or Yearly plan' }).min(1).max(200),
      // Stripe PaymentMethod id, or the local test card token.
      token: z.string({ error: 'Card Info Required' }).max(200),
      promo: z.string().max(100).nullable().optional(),
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
    }),
  },
  'subscription/toggle': {
    method: 'POST',
    request: Body.extend({ renew: z.boolean({ error: 'renew must be true or false' }) }),
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
} as const;

export type ApiName = keyof typeof api;
export type ApiRequest<N extends ApiName> = z.input<(typeof api)[N]['request']>;
export type ApiResponse<N extends ApiName> = z.output<(typeof api)[N]['response']>;
export type ApiMethod<N extends ApiName> = (typeof api)[N]['method'];
