import type { ScriptStep } from '../script-steps.ts';
import { CHURN_RECENT_MAX, type ChurnReason } from './churn.ts';
import { opsKeys } from './keys.ts';

/**
 * Why a member left, as a step of the membership write: `count_churn_reason()` counts the reason
 * and keeps the member's words in the latest list, in the write that turns autopay off (so once per
 * member who did). No reason: it does nothing.
 */
export function churnStep(input: { sub: string; at: number; reason: ChurnReason | null }): ScriptStep {
  const { reason } = input;
  return {
    name: 'churn',
    keys: { counts: opsKeys.churnReasons, recent: opsKeys.churnRecent },
    args: {
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
  redis.call('HINCRBY', K.churn.counts, a.code, 1)
  redis.call('LPUSH', K.churn.recent, a.entry)
  redis.call('LTRIM', K.churn.recent, 0, tonumber(a.cap) - 1)
end`,
  };
}
