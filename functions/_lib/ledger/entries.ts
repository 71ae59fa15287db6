import type { Membership } from '../billing/membership.ts';
import type { LedgerEntry } from '../contract/operator.ts';

/** The ledger entry of the money a state carries (its latest charge), or null when it carries none. */
export function ledgerEntryOf(member: string, membership: Membership): LedgerEntry | null {
  const charge = membership.latestCharge;
  if (!charge) return null;
  return {
    id: charge.id,
    kind: charge.kind,
    amount: charge.amount,
    currency: charge.currency,
    at: charge.at,
    member,
    plan: membership.plan,
    promo: charge.promo,
    refundOf: null,
  };
}
