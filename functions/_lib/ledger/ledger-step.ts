import { toCents } from '../billing/prices.ts';
import type { LedgerEntry } from '../contract/operator.ts';
import { dayOf } from '../operator/metrics-change.ts';
import type { ScriptStep } from '../script-steps.ts';
import type { CashField } from './cash.ts';
import { ledgerKeys } from './keys.ts';

/**
 * The ledger as a step of a script that moves money (the membership write, a refund):
 * `record_money()` records the entry once, by its provider id (HSETNX), and only then adds it to its
 * day's totals; it answers the entry's JSON when it was new, nil when it was seen already (a
 * duplicate event, a replayed operation) or there is none. So a charge is counted once however
 * often the state that carries it is written.
 */
const FIELDS: Record<LedgerEntry['kind'], { amount: CashField; count: CashField }> = {
  charge: { amount: 'collected', count: 'charges' },
  proration: { amount: 'collected', count: 'charges' },
  refund: { amount: 'refunded', count: 'refunds' },
  failed: { amount: 'failed', count: 'failures' },
};

export function ledgerStep(entry: LedgerEntry | null, at: number): ScriptStep {
  const fields = entry ? FIELDS[entry.kind] : null;
  return {
    name: 'ledger',
    keys: { entries: ledgerKeys.entries, day: ledgerKeys.day(dayOf(entry?.at ?? at)) },
    args: {
      id: entry?.id ?? '',
      entry: entry ? JSON.stringify(entry) : '',
      cents: entry ? String(toCents(entry.amount)) : '0',
      amount_field: fields?.amount ?? '',
      count_field: fields?.count ?? '',
    },
    lua: `
local function record_money()
  local k, a = K.ledger, A.ledger
  if a.id == '' then return nil end
  if redis.call('HSETNX', k.entries, a.id, a.entry) == 0 then return nil end
  redis.call('HINCRBY', k.day, a.amount_field, a.cents)
  redis.call('HINCRBY', k.day, a.count_field, 1)
  return a.entry
end`,
  };
}
