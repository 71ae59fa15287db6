/**
 * The member's email in the operator's index (`ops:member:{sub}` `email`): where the console finds
 * the member and where member emails go (docs/mail.md "Who gets them"). Set by the first payment and
 * moved by every email change, with the email → sub lookup (`ops:email`) and the search's terms of
 * the address (`ops:search`: the old address's go, the new one's come) moved with it.
 */
import type { Store } from '../store.ts';
import { opsKeys } from './keys.ts';
import { SEARCH_INDEX_LUA, searchIndexKeys, searchUpdateJson } from './search-index.ts';
import { emailTerms } from './search-terms.ts';

/**
 * Lua, for the scripts that set it: the address (lower case) replaces the old one in the hash and
 * the lookup, and `search` (JSON `{ email: [terms], … }`: emailSearchUpdate, or with more sources
 * the same write knows) replaces those search terms.
 */
export const MEMBER_EMAIL_LUA = `${SEARCH_INDEX_LUA}
local function set_member_email(member_key, email_key, sub, email, search_key, terms_key, search)
  local old = redis.call('HGET', member_key, 'email')
  if old and old ~= email and redis.call('HGET', email_key, old) == sub then redis.call('HDEL', email_key, old) end
  redis.call('HSET', member_key, 'email', email)
  redis.call('HSET', email_key, email, sub)
  search_update(search_key, terms_key, sub, search, false)
end`;

/** The `search` argument of set_member_email for `email` (lower case). */
export const emailSearchUpdate = (email: string): string => searchUpdateJson({ email: emailTerms(email) });

// Only a member already indexed (one who paid): the first payment indexes the account's email then.
const MOVE_EMAIL = `${MEMBER_EMAIL_LUA}
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
set_member_email(KEYS[1], KEYS[2], ARGV[1], ARGV[2], KEYS[3], KEYS[4], ARGV[3])
return 1`;

/**
 * After the account's email changed (`email` normalized as account/rules.ts does): the index follows,
 * in one script. True when the member is indexed.
 */
export async function moveMemberEmail(store: Store, sub: string, email: string): Promise<boolean> {
  const written = await store.eval(
    MOVE_EMAIL,
    [opsKeys.member(sub), opsKeys.email, ...searchIndexKeys()],
    [sub, email, emailSearchUpdate(email)],
  );
  return Number(written) === 1;
}
