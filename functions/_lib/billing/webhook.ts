import type Stripe from 'stripe';
import { deletingKey } from '../account/deleted-marker.ts';
import { followMembership } from '../chat/access.ts';
import type { ChatPorts } from '../chat/chat-ports.ts';
import type { ApiResponse } from '../contract/index.ts';
import type { Deps } from '../deps.ts';
import { HttpError, methodNotAllowed, notFound } from '../http/errors.ts';
import { errorResponse, json } from '../http/handler.ts';
import type { BillingPorts } from './billing-ports.ts';
import { customerOwnerKey } from './membership.ts';
import { saveMembership } from './membership-write.ts';
import type { Billing } from './port.ts';
import type { StripeBilling, StripeMoney } from './stripe-billing.ts';
import { applyRefund, recordInvoice } from './webhook-money.ts';

/**
 * Stripe's events → subscription state. The event only says *which* subscription changed: its
 * state is re-read from Stripe, so duplicates and out-of-order deliveries all end in Stripe's
 * current state (saveMembership never lets an older read overwrite a newer one). The money an
 * invoice or a refund moved goes to the ledger by its Stripe id, once (webhook-money.ts).
 */
const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
]);
const INVOICE_EVENTS = new Set(['invoice.paid', 'invoice.payment_failed', 'invoice.payment_succeeded']);
/** A refund made in the Dashboard: created, and updated when a pending one succeeds. */
const REFUND_EVENTS = new Set(['refund.created', 'refund.updated']);

const eventKey = (id: string) => `billing:event:${id}`;
const EVENT_TTL_SECONDS = 30 * 24 * 60 * 60; // Stripe retries for up to 3 days

function subscriptionOf(event: Stripe.Event): string | null {
  const object = event.data.object as { id?: string; subscription?: unknown; parent?: unknown };
  if (SUBSCRIPTION_EVENTS.has(event.type)) return object.id ?? null;
  if (!INVOICE_EVENTS.has(event.type)) return null;
  // Invoices name their subscription under parent.subscription_details (older API versions: subscription).
  const parent = object.parent as { subscription_details?: { subscription?: unknown } } | undefined;
  const subscription = parent?.subscription_details?.subscription ?? object.subscription;
  if (typeof subscription === 'string') return subscription;
  return (subscription as { id?: string } | null)?.id ?? null;
}

/** The store, the card provider, and the chat community whose access follows the membership. */
type WebhookDeps = Pick<Deps, 'store' | 'now'> & Pick<BillingPorts, 'billing'> & ChatPorts;

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

/** The money reads of the Stripe adapter (the only one whose events come here). */
const moneyOf = (billing: Billing): StripeMoney | null =>
  'money' in billing ? (billing as StripeBilling).money : null;

/** Applies one verified event once. Throws (→ 5xx, Stripe retries) when it cannot be applied now. */
export async function applyStripeEvent(deps: WebhookDeps, event: Stripe.Event): Promise<WebhookOutcome> {
  // A refund is recorded once by its own id (a second delivery is a duplicate there): no event key.
  if (REFUND_EVENTS.has(event.type)) {
    const money = moneyOf(await deps.billing());
    return money ? applyRefund(deps, money, event.data.object as Stripe.Refund) : 'ignored';
  }
  const subscriptionId = subscriptionOf(event);
  if (!subscriptionId) return 'ignored';
  const { store } = deps;
  const first = await store.set(eventKey(event.id), '1', { nx: true, ex: EVENT_TTL_SECONDS });
  if (first === null) return 'duplicate';
  const invoice = INVOICE_EVENTS.has(event.type) ? (event.data.object as Stripe.Invoice) : null;
  try {
    const billing = await deps.billing();
    const { membership, memberSub } = await billing.fetchSubscription(subscriptionId);
    const sub = (await store.get<string>(customerOwnerKey(membership.customerId))) ?? memberSub;
    // An invoice of a subscription that is no member's (made in the Dashboard for something else):
    // nothing of ours to change or record. A subscription event without one is retried: it may
    // only have beaten our own write.
    if (!sub && invoice) return 'ignored';
    if (!sub) throw new Error(`subscription ${subscriptionId} belongs to no known member`);
    // The member deleted their account: Stripe's late events (the cancellation's own) write nothing back.
    if (await store.exists(deletingKey(sub))) return 'ignored';
    await saveMembership(store, sub, membership);
    // The event's own invoice, also when it is not the latest (the state's latest charge is recorded
    // by the write above; the same one here is a duplicate, counted once).
    const money = moneyOf(billing);
    if (invoice && money) await recordInvoice(deps, money, sub, membership, invoice, event.created * 1000);
    // Ended → the member role is taken away; renewed → given back. Never throws: a chat failure is
    // logged and must not make Stripe retry (or fail) a membership change that is already stored.
    await followMembership(deps, sub);
    return 'applied';
  } catch (error) {
    // Not applied: forget the event so Stripe's retry is processed.
    await store.del(eventKey(event.id));
    throw error;
  }
}

const MAX_BODY_BYTES = 512 * 1024;

/**
 * POST /api/billing/webhook. Public: the signature on the raw body is the authentication.
 * 400 for a missing or bad signature, 200 for events we ignore or have seen, 5xx when we could not
 * apply one, so Stripe retries it.
 */
export async function receiveStripeWebhook(
  request: Request,
  deps: WebhookDeps & BillingPorts,
): Promise<Response> {
  try {
    if (request.method !== 'POST') throw methodNotAllowed(['POST']);
    const config = deps.billingConfig;
    if (config.kind !== 'stripe') throw notFound('Stripe billing is not configured');
    const raw = await request.text();
    if (raw.length > MAX_BODY_BYTES) throw new HttpError(413, 'Payload too large');
    const { verifyWebhook } = await import('./stripe-billing.ts');
    let event: Stripe.Event;
    try {
      event = await verifyWebhook(config, raw, request.headers.get('stripe-signature'));
    } catch {
      throw new HttpError(400, 'Invalid signature');
    }
    const answer: ApiResponse<'billing/webhook'> = {
      received: true,
      outcome: await applyStripeEvent(deps, event),
    };
    return json(answer);
  } catch (error) {
    return errorResponse(error, request);
  }
}
