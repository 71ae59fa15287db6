import { commissionUnits, formatUnits } from '../affiliates/commission.ts';
import type { ReferredPayment } from '../billing/local-referrals.ts';

/**
 * Affiliate commissions owed, from the referred payments local billing records
 * (`billing:local:referred-payments`: each referred membership's first payment). Exact, in the
 * commission's ten-thousandths (30 % of 64.99 is 19.497), summed before formatting: nothing is
 * rounded here, the payout rounds. With Stripe, Rewardful computes and pays commissions on every
 * invoice and its dashboard is the figure; we record no payouts, so "owed" is what the records earn
 * in the range, not net of what was paid.
 */
export interface CommissionsOwed {
  percent: number;
  payments: number;
  /** What the referred members paid. */
  paid: string;
  commission: string;
  byReferral: Array<{ referral: string; payments: number; paid: string; commission: string }>;
}

/** Commissions on the payments made in [from, to) (ms; all when omitted), by referral, largest first. */
export function commissionsOwed(
  payments: Iterable<ReferredPayment>,
  percent: number,
  range: { from?: number; to?: number } = {},
): CommissionsOwed {
  const byReferral = new Map<string, { payments: number; paid: number; commission: number }>();
  const sum = { payments: 0, paid: 0, commission: 0 };
  for (const payment of payments) {
    if (range.from !== undefined && payment.paidAt < range.from) continue;
    if (range.to !== undefined && payment.paidAt >= range.to) continue;
    const paid = commissionUnits(payment.amount, 100);
    const commission = commissionUnits(payment.amount, percent);
    const row = byReferral.get(payment.referral) ?? { payments: 0, paid: 0, commission: 0 };
    for (const total of [row, sum]) {
      total.payments += 1;
      total.paid += paid;
      total.commission += commission;
    }
    byReferral.set(payment.referral, row);
  }
  return {
    percent,
    payments: sum.payments,
    paid: formatUnits(sum.paid),
    commission: formatUnits(sum.commission),
    byReferral: [...byReferral]
      .sort(([ra, a], [rb, b]) => b.commission - a.commission || (ra < rb ? -1 : 1))
      .map(([referral, row]) => ({
        referral,
        payments: row.payments,
        paid: formatUnits(row.paid),
        commission: formatUnits(row.commission),
      })),
  };
}
