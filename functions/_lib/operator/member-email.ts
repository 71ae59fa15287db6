/**
 * The member's email in the operator's index (`ops:member:{sub}` `email`): where the console finds
 * the member and where member emails go (docs/mail.md "Who gets them"). Set by the first payment and
 * moved by every email change, with the console's email → sub lookup (`ops:email`) moved with it.
 */
import type { Store } from '../store.ts';
import { opsKeys } from './keys.ts';

/** Lua, for the scripts that set it: the address (lower case) replaces the old one in both places. */
export const MEMBER_EMAIL_LUA = `
local function set_member_email(member_key, email_key, sub, email)
  local old = redis.call('HGET', member_key, 'email')
  if old and old ~= email and redis.call('HGET', email_key, old) == sub then redis.call('HDEL', email_key, old) end
  redis.call('HSET', member_key, 'email', email)
  redis.call('HSET', email_key, email, sub)
end`;

// Only a member already indexed (one who paid): the first payment indexes the account's email then.
const MOVE_EMAIL = `${MEMBER_EMAIL_LUA}
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
set_member_email(KEYS[1], KEYS[2], ARGV[1], ARGV[2])
return 1`;

/**
 * After the account's email changed (`email` normalized as account/rules.ts does): the index follows,
 * in one script. True when the member is indexed.
 */
export async function moveMemberEmail(store: Store, sub: string, email: string): Promise<boolean> {
  return Number(await store.eval(MOVE_EMAIL, [opsKeys.member(sub), opsKeys.email], [sub, email])) === 1;
}
