import type { ScriptStep } from '../script-steps.ts';
import { CHURN_RECENT_MAX, type ChurnReason } from './churn.ts';
import { opsKeys } from './keys.ts';

/**
 * Why a member left, as a step of the membership write: `count_churn_reason()` counts the reason
 * and keeps the member's words in the latest list, once per turn-off: `once` names it (the
 * subscription and the state autopay was turned off from), remembered 400 days. It does not depend
 * on the state stored when the write runs: a provider's webhook for the same change may have stored
 * it first, and the member's reason still counts, once. No reason: it does nothing.
 */
const ONCE_TTL_S = 400 * 24 * 60 * 60;

export function churnStep(input: {
  sub: string;
  at: number;
  reason: ChurnReason | null;
  /** What the turn-off is: the subscription id and the asOf of the state it was turned off from. */
  once: string;
}): ScriptStep {
  const { reason } = input;
  return {
    name: 'churn',
    keys: { counts: opsKeys.churnReasons, recent: opsKeys.churnRecent, once: opsKeys.churnOnce(input.once) },
    args: {
      ttl: String(ONCE_TTL_S),
      code: reason?.code ?? '',
      entry: reason
        ? JSON.stringify({
            at: input.at,
            sub: input.sub,
            code: reason.code,
            text: reason.text?.trim() || null,
          })
        : '',
      cap: String(CHURN_RECENT_MAX),
    },
    lua: `
local function count_churn_reason()
  local a = A.churn
  if a.code == '' then return end
  if not redis.call('SET', K.churn.once, '1', 'NX', 'EX', a.ttl) then return end
  redis.call('HINCRBY', K.churn.counts, a.code, 1)
  redis.call('LPUSH', K.churn.recent, a.entry)
  redis.call('LTRIM', K.churn.recent, 0, tonumber(a.cap) - 1)
end`,
  };
}
