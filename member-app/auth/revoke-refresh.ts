/**
 * Logging out ends the provider's session, but a refresh token outlives it (Auth0 and the local
 * provider alike): one copied off this device would still mint tokens for 30 days. So before the
 * SDK clears its cache, each refresh token it holds is revoked at the provider (RFC 7009, Auth0's
 * `/oauth/revoke`; a public client needs no secret). Best effort and bounded: logging out never
 * waits more than a few seconds on it.
 */
const CACHE_PREFIX = '@@auth0spajs@@::';
const WAIT_MS = 3000;

/** The refresh tokens the SDK keeps for this client (cacheLocation "localstorage"). */
export function cachedRefreshTokens(clientId: string, storage: Storage = localStorage): string[] {
  const tokens = new Set<string>();
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key?.startsWith(`${CACHE_PREFIX}${clientId}::`)) continue;
    try {
      const token = JSON.parse(storage.getItem(key) ?? '{}')?.body?.refresh_token;
      if (typeof token === 'string' && token !== '') tokens.add(token);
    } catch {
      // Not an entry of the SDK's: nothing to revoke.
    }
  }
  return [...tokens];
}

/** The provider's origin from the SDK's `domain` (a tenant host, or the local provider's URL). */
const providerOrigin = (domain: string) => (/^https?:\/\//.test(domain) ? domain : `https://${domain}`);

export async function revokeRefreshTokens(domain: string, clientId: string): Promise<void> {
  const url = new URL('/oauth/revoke', providerOrigin(domain)).href;
  const revocations = cachedRefreshTokens(clientId).map((token) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: clientId, token, token_type_hint: 'refresh_token' }),
      keepalive: true,
    }).catch(() => undefined),
  );
  await Promise.race([Promise.all(revocations), new Promise((resolve) => setTimeout(resolve, WAIT_MS))]);
}
