import { randomUUID } from 'node:crypto';
import { LOCAL_PROVIDER_PREFIX, localSessionKeys } from '../../functions/_lib/identity/local-sessions.ts';
import type { Store } from '../../functions/_lib/store.ts';

/**
 * One sign-in as the local provider's store adapter keeps it (scripts/local/oidc/store-adapter.ts):
 * a session and a grant indexed under the account, a refresh token indexed under the grant. The
 * provider's own journey (a real refresh token refused after a change) is in oidc-provider.test.ts.
 */
export async function fakeSignIn(store: Store, sub: string): Promise<string[]> {
  const id = randomUUID();
  const keys = {
    session: `${LOCAL_PROVIDER_PREFIX}Session:${id}`,
    grant: `${LOCAL_PROVIDER_PREFIX}Grant:${id}`,
    refresh: `${LOCAL_PROVIDER_PREFIX}RefreshToken:${id}`,
  };
  await store
    .multi()
    .set(keys.session, JSON.stringify({ accountId: sub }))
    .set(keys.grant, JSON.stringify({ accountId: sub }))
    .set(keys.refresh, JSON.stringify({ accountId: sub, grantId: id }))
    .sadd(localSessionKeys.grantTokens(id), keys.refresh)
    .sadd(localSessionKeys.account(sub), keys.session, keys.grant)
    .exec();
  return [keys.session, keys.grant, keys.refresh, localSessionKeys.grantTokens(id)];
}
