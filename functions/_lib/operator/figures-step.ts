import type { Membership } from '../billing/membership.ts';
import type { ScriptStep } from '../script-steps.ts';
import { DAY_COUNTS_TTL_S, dayCountArgs } from './figures.ts';
import { opsKeys } from './keys.ts';
import { dayOf } from './metrics-change.ts';

/**
 * The day's figures as a step of the membership write: `count_day()` adds what writing `after` over
 * `before` means to the day of `at` (figures.ts classifies it), so a change is counted exactly when
 * it is stored. The caller runs it only when the stored state is still `before`.
 */
export function figuresStep(before: Membership | null, after: Membership, at: number): ScriptStep {
  return {
    name: 'figures',
    keys: { day: opsKeys.day(dayOf(at)) },
    args: { ttl: String(DAY_COUNTS_TTL_S), counts: dayCountArgs(before, after, at) },
    lua: `
local function count_day()
  local counts = A.figures.counts
  for i = 1, #counts, 2 do redis.call('HINCRBY', K.figures.day, counts[i], counts[i + 1]) end
  if #counts > 0 then redis.call('EXPIRE', K.figures.day, A.figures.ttl) end
end`,
  };
}
