import type { Cash } from '../contract/operator.ts';

/**
 * Money collected, as the console shows it: a day's totals from `ledger:day:{day}` (integer cents
 * and counts), and sums over days. Cents are integers, so sums are exact; decimals are made once,
 * at the end.
 */
export const CASH_FIELDS = ['collected', 'refunded', 'failed', 'charges', 'refunds', 'failures'] as const;
export type CashField = (typeof CASH_FIELDS)[number];

/** A day's (or a period's) money in integer cents and counts. */
export type CashCents = Record<CashField, number>;

export const zeroCash = (): CashCents => ({
  collected: 0,
  refunded: 0,
  failed: 0,
  charges: 0,
  refunds: 0,
  failures: 0,
});

/** A day's cents and counts from its raw HGETALL pairs (missing fields are 0). */
export function cashCents(entries: ReadonlyArray<readonly [string, string]>): CashCents {
  const cash = zeroCash();
  for (const [field, value] of entries)
    if ((CASH_FIELDS as readonly string[]).includes(field)) cash[field as CashField] = Number(value) || 0;
  return cash;
}

/**
 * Lua reading many days at once (KEYS: `ledger:day:{day}` keys): each day's CASH_FIELDS as integers,
 * in that order, a missing day or field 0, as one flat list. One command however many days, and
 * integers cross the wire as numbers: a year of days costs about what one HGETALL does.
 */
export const CASH_DAYS_LUA = `local fields = {${CASH_FIELDS.map((f) => `'${f}'`).join(', ')}}
local out = {}
for _, key in ipairs(KEYS) do
  local values = redis.call('HMGET', key, unpack(fields))
  for j = 1, #fields do out[#out + 1] = tonumber(values[j]) or 0 end
end
return out`;

/** The days of a CASH_DAYS_LUA reply, in the order of its keys (`count` of them; unreadable → 0). */
export function cashDaysOf(reply: unknown, count: number): CashCents[] {
  const flat = Array.isArray(reply) ? reply : [];
  return Array.from({ length: count }, (_, day) => {
    const cash = zeroCash();
    for (const [i, field] of CASH_FIELDS.entries())
      cash[field] = Number(flat[day * CASH_FIELDS.length + i]) || 0;
    return cash;
  });
}

export function addCash(a: CashCents, b: CashCents): CashCents {
  const sum = zeroCash();
  for (const field of CASH_FIELDS) sum[field] = a[field] + b[field];
  return sum;
}

/** Integer cents as an exact decimal string, negatives included: -1050 → "-10.50". */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** As the contract's Cash: decimals from cents, net = collected − refunded. */
export function cashOf(cents: CashCents): Cash {
  return {
    collected: centsText(cents.collected),
    refunded: centsText(cents.refunded),
    failed: centsText(cents.failed),
    net: centsText(cents.collected - cents.refunded),
    charges: cents.charges,
    refunds: cents.refunds,
    failures: cents.failures,
  };
}
