import type { LedgerEntry } from '../contract/operator.ts';
import { type RecordOutcome, recordMoney } from '../ledger/record.ts';
import type { Store } from '../store.ts';
import { type LocalCharge, localCustomer, localKeys } from './local-billing.ts';
import { fromCents, toCents } from './prices.ts';

/**
 * A refund made in local billing: the stand-in for a refund an operator makes in Stripe's dashboard
 * (the product's own policy stays no refunds for members: nothing in the app offers one). As
 * Stripe would, it gives back part or all of a charge, never more than is left of it, and the
 * ledger records it as the webhook would (ledger/record.ts), once, with its audit entry.
 * `npm run billing:refund` runs it against the running product's store.
 */
export class RefundRefusedError extends Error {
  override name = 'RefundRefusedError';
}

// KEYS: the charges hash. ARGV: charge id, cents. Adds the cents to the charge's refunded total
// unless that would pass its amount. → the charge's JSON after, or an error code.
const TAKE = `
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return 'unknown' end
local charge = cjson.decode(raw)
if charge.kind ~= 'charge' and charge.kind ~= 'proration' then return 'not-a-charge' end
local whole, part = string.match(tostring(charge.amount), '^(%d+)%.?(%d*)$')
local cents = tonumber(whole) * 100 + tonumber(string.sub(part .. '00', 1, 2))
local refunded = tonumber(charge.refundedCents or 0)
if refunded + tonumber(ARGV[2]) > cents then return 'exceeds:' .. tostring(cents - refunded) end
charge.refundedCents = refunded + tonumber(ARGV[2])
local after = cjson.encode(charge)
redis.call('HSET', KEYS[1], ARGV[1], after)
return after`;

export interface LocalRefund {
  id: string;
  chargeId: string;
  amount: string;
  outcome: RecordOutcome;
}

/** Refunds `amount` (all that is left when omitted) of a local charge. */
export async function refundLocalCharge(
  store: Store,
  chargeId: string,
  amount: string | null,
  now: number,
): Promise<LocalRefund> {
  const raw = await store.hget<string>(localKeys.charges, chargeId);
  if (!raw) throw new RefundRefusedError(`No charge '${chargeId}' in local billing.`);
  const charge = JSON.parse(raw) as LocalCharge;
  const left = toCents(charge.amount) - (charge.refundedCents ?? 0);
  let cents: number;
  try {
    cents = amount === null ? left : toCents(amount);
  } catch {
    throw new RefundRefusedError(`Not an amount: '${amount}' (write it as 10 or 10.50).`);
  }
  if (cents <= 0) throw new RefundRefusedError('A refund must be more than $0.00.');
  const taken = String(await store.eval(TAKE, [localKeys.charges], [chargeId, String(cents)]));
  if (taken === 'not-a-charge')
    throw new RefundRefusedError(`'${chargeId}' is a failed charge: nothing was paid.`);
  if (taken.startsWith('exceeds:'))
    throw new RefundRefusedError(
      `A refund of $${fromCents(cents)} is more than is left of the $${charge.amount} charge ($${fromCents(Number(taken.slice(8)))}).`,
    );
  if (taken === 'unknown') throw new RefundRefusedError(`No charge '${chargeId}' in local billing.`);
  const owner = (await localCustomer(store, charge.customerId)).sub;
  const id = `re_local_${chargeId}_${(charge.refundedCents ?? 0) + cents}`;
  const entry: LedgerEntry = {
    id,
    kind: 'refund',
    amount: fromCents(cents),
    currency: charge.currency,
    at: now,
    member: typeof owner === 'string' ? owner : '',
    plan: null,
    promo: null,
    refundOf: chargeId,
  };
  return { id, chargeId, amount: entry.amount, outcome: await recordMoney(store, entry, now) };
}
