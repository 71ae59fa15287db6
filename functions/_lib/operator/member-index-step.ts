import type { ScriptStep } from '../script-steps.ts';
import { opsKeys } from './keys.ts';
import { MEMBER_EMAIL_LUA } from './member-email.ts';
import { searchUpdateJson } from './search-index.ts';
import { customerTerms, emailTerms } from './search-terms.ts';

/**
 * The operator's member index, as a step of the membership write (billing/membership-write.ts):
 * `index_member()` puts the member in the console's list (first time only, with the time they
 * signed up), files the email and promo the write knows, the search's terms of the email and the
 * customer id (replacing the ones of an earlier address or customer), and `member_email()` answers
 * the address the member's emails go to.
 */
export function memberIndexStep(input: {
  sub: string;
  at: number;
  /** Lower case, or '' when the write does not know it. */
  email: string;
  /** The promo code paid with, or ''. */
  promo: string;
  /** The payment customer the membership is billed to ('' for none): the console finds it by it. */
  customerId: string;
}): ScriptStep {
  return {
    name: 'member_index',
    keys: {
      members: opsKeys.members,
      member: opsKeys.member(input.sub),
      email: opsKeys.email,
      search: opsKeys.search,
      search_terms: opsKeys.searchTerms,
    },
    args: {
      sub: input.sub,
      at: String(Math.floor(input.at)),
      email: input.email,
      promo: input.promo,
      // The search's terms of what the write knows: the customer always, the email when known.
      search: searchUpdateJson({
        customer: customerTerms(input.customerId),
        ...(input.email ? { email: emailTerms(input.email) } : {}),
      }),
    },
    lua: `${MEMBER_EMAIL_LUA}
local function index_member()
  local k, a = K.member_index, A.member_index
  redis.call('ZADD', k.members, 'NX', a.at, a.sub)
  redis.call('HSETNX', k.member, 'signedUpAt', tostring(redis.call('ZSCORE', k.members, a.sub)))
  if a.email ~= '' then set_member_email(k.member, k.email, a.sub, a.email, k.search, k.search_terms, a.search)
  else search_update(k.search, k.search_terms, a.sub, a.search, false) end
  if a.promo ~= '' then redis.call('HSET', k.member, 'promo', a.promo) end
end
local function member_email()
  return redis.call('HGET', K.member_index.member, 'email')
end`,
  };
}
