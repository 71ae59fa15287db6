import type Stripe from 'stripe';
import type { LedgerEntry } from '../contract/operator.ts';
import type { Deps } from '../deps.ts';
import { ledgerKeys } from '../ledger/keys.ts';
import { type RecordOutcome, recordMoney } from '../ledger/record.ts';
import { parseJson } from '../store.ts';
import { customerOwnerKey, type Membership } from './membership.ts';
import { fromMinorUnits } from './proration.ts';
import type { StripeMoney } from './stripe-billing.ts';
import { hasUnreadDiscounts, invoiceCharge } from './stripe-money.ts';

/**
 * The money Stripe's webhook reports beside a subscription's state (billing/webhook.ts), recorded in
 * the ledger once by its Stripe id (ledger/record.ts): an invoice it posts, which need not be the
 * subscription's latest (a retry paid after the next renewal, an attempt that failed before a change
 * of plan), and a refund made in the Dashboard. Money the product cannot tie to a member and a charge
 * it recorded is left alone: the event is answered, nothing is written.
 */

type MoneyDeps = Pick<Deps, 'store' | 'now'>;

export type MoneyOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * Records the invoice an invoice event posts, for the member whose state was just stored with
 * `membership` (its plan is the entry's). The same invoice as the state's latest charge was recorded
 * by that write: here it is a duplicate, counted once.
 */
export async function recordInvoice(
  deps: MoneyDeps,
  money: StripeMoney,
  member: string,
  membership: Membership,
  invoice: Stripe.Invoice,
  reportedAt: number,
): Promise<void> {
  // What the event's invoice says moved then (a retried one may have been paid since: each attempt
  // is an entry of its own).
  const charge = invoiceCharge(invoice, reportedAt);
  if (!charge || charge.id === membership.latestCharge?.id) return;
  const promo = hasUnreadDiscounts(invoice) ? await money.invoicePromo(invoice.id) : charge.promo;
  await recordMoney(
    deps.store,
    { ...charge, promo, member, plan: membership.plan, refundOf: null },
    deps.now(),
  );
}

const REFUND_OUTCOMES: Record<RecordOutcome, MoneyOutcome> = {
  recorded: 'applied',
  duplicate: 'duplicate',
  'unknown-charge': 'ignored',
  'exceeds-charge': 'ignored',
};

/**
 * A refund (`refund.created`, `refund.updated`): recorded once it has succeeded (a pending one is
 * recorded by the update that says so), as a `refund` of the invoice its payment paid, for that
 * invoice's member. A refund of a payment that paid no invoice we know, or of a member we do not
 * know, is ignored; one that would give back more than the charge (with the refunds already
 * recorded) is refused and logged: the ledger never holds more refunded than charged.
 */
export async function applyRefund(
  deps: MoneyDeps,
  money: StripeMoney,
  refund: Stripe.Refund,
): Promise<MoneyOutcome> {
  if (refund.status !== 'succeeded') return 'ignored';
  const paid = await money.refundedInvoice(refund);
  if (!paid?.customerId) return 'ignored';
  const { store } = deps;
  const [member, charged] = await store
    .pipeline()
    .get<string>(customerOwnerKey(paid.customerId))
    .hget<string>(ledgerKeys.entries, paid.invoiceId)
    .exec<[string | null, string | null]>();
  const charge = parseJson<LedgerEntry>(charged);
  if (!member || !charge) return 'ignored';
  const entry: LedgerEntry = {
    id: refund.id,
    kind: 'refund',
    amount: fromMinorUnits(refund.amount),
    currency: refund.currency,
    at: refund.created * 1000,
    member,
    plan: charge.plan,
    promo: null,
    refundOf: paid.invoiceId,
  };
  const outcome = await recordMoney(store, entry, deps.now());
  if (outcome === 'exceeds-charge')
    console.error(
      `[billing] refund ${refund.id} (${entry.amount}) not recorded: with the refunds recorded, it exceeds charge ${paid.invoiceId}`,
    );
  return REFUND_OUTCOMES[outcome];
}
