import type { LedgerEntry } from '../contract/operator.ts';
import { auditStep } from '../operator/audit.ts';
import { assembleScript, type ScriptStep } from '../script-steps.ts';
import type { Store } from '../store.ts';
import { ledgerKeys } from './keys.ts';
import { ledgerStep } from './ledger-step.ts';

/**
 * Money that moves without a change of membership state: a refund (made in Stripe's dashboard, or
 * local billing's stand-in for it), or a paid or failed invoice a webhook reports on its own. The
 * entry is recorded once by its id, with its audit entry (`billing.refund`, `billing.charge`,
 * `billing.failed-charge`), in one script. A refund must name a charge the ledger holds, and all the
 * refunds of a charge together can never exceed it: otherwise nothing is written.
 */
export type RecordOutcome = 'recorded' | 'duplicate' | 'unknown-charge' | 'exceeds-charge';

const OUTCOMES: Record<string, RecordOutcome> = {
  '1': 'recorded',
  '0': 'duplicate',
  '-1': 'unknown-charge',
  '-2': 'exceeds-charge',
};

const AUDIT_ACTIONS: Record<LedgerEntry['kind'], string> = {
  charge: 'billing.charge',
  proration: 'billing.charge',
  refund: 'billing.refund',
  failed: 'billing.failed-charge',
};

const MAIN = `
local k, a = K.refund, A.refund
if redis.call('HEXISTS', K.ledger.entries, A.ledger.id) == 1 then return 0 end
if a.of ~= '' then
  local charge = redis.call('HGET', K.ledger.entries, a.of)
  if not charge then return -1 end
  local ok, decoded = pcall(cjson.decode, charge)
  if not ok or (decoded.kind ~= 'charge' and decoded.kind ~= 'proration') then return -1 end
  if decoded.member ~= a.member then return -1 end
  local whole, part = string.match(tostring(decoded.amount), '^(%d+)%.?(%d*)$')
  if not whole then return -1 end
  local charged = tonumber(whole) * 100 + tonumber(string.sub(part .. '00', 1, 2))
  local refunded = tonumber(redis.call('HGET', k.refunded, a.of) or '0')
  if refunded + tonumber(A.ledger.cents) > charged then return -2 end
  redis.call('HINCRBY', k.refunded, a.of, A.ledger.cents)
end
local entry = record_money()
audit_change(false, false, entry)
return 1`;

/** Records one entry with its audit line (at: when it is recorded). */
export async function recordMoney(store: Store, entry: LedgerEntry, at: number): Promise<RecordOutcome> {
  const refund: ScriptStep = {
    name: 'refund',
    keys: { refunded: ledgerKeys.refunded },
    args: { of: entry.kind === 'refund' ? (entry.refundOf ?? '') : '', member: entry.member },
    lua: '',
  };
  const steps = [
    ledgerStep(entry, at),
    refund,
    auditStep({ at, actor: 'billing', action: AUDIT_ACTIONS[entry.kind], member: entry.member }),
  ];
  const write = assembleScript(steps, MAIN);
  return OUTCOMES[String(await store.eval(write.script, write.keys, write.args))] ?? 'duplicate';
}
