// What the local identity provider (scripts/local/oidc) keeps of a member's sign-ins, and how they end:
// its store adapter indexes each grant and session under the account, so a password or email change
// can end them all, as the Auth0 Management API does for a tenant.
import type { Store } from '../store.ts';

/** The prefix of the local provider's keys (its sessions, grants and tokens). */
export const LOCAL_PROVIDER_PREFIX = 'oidc:';

export const localSessionKeys = {
  /** Set of the provider keys (Grant and Session models) that belong to the account. */
  account: (sub: string) => `${LOCAL_PROVIDER_PREFIX}account:${sub}`,
  /** Set of the token keys issued under a grant (the adapter's own index, for revokeByGrantId). */
  grantTokens: (grantId: string) => `${LOCAL_PROVIDER_PREFIX}grant:${grantId}`,
} as const;

// KEYS: the account's index. ARGV: the prefix of grant models, of grant token indexes.
// Every grant of the account goes with its tokens (refresh tokens above all), every session with it.
// One script: nothing of a half-ended sign-in is left behind. The keys it deletes are named by the
// index, as the provider's own revokeByGrantId does; the store is a single instance.
const END_ALL = `local ended = 0
for _, key in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if string.sub(key, 1, #ARGV[1]) == ARGV[1] then
    local tokens = ARGV[2] .. string.sub(key, #ARGV[1] + 1)
    for _, token in ipairs(redis.call('SMEMBERS', tokens)) do redis.call('DEL', token) end
    redis.call('DEL', tokens)
  end
  ended = ended + redis.call('DEL', key)
end
redis.call('DEL', KEYS[1])
return ended`;

/** Ends every sign-in of the account: its grants with their refresh tokens, and its sessions. */
export async function endAllSignIns(store: Store, sub: string): Promise<number> {
  const ended = await store.eval(
    END_ALL,
    [localSessionKeys.account(sub)],
    [`${LOCAL_PROVIDER_PREFIX}Grant:`, `${LOCAL_PROVIDER_PREFIX}grant:`],
  );
  return Number(ended);
}
