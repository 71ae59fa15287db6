// Auth0 never asks a first-party app's users for consent: signing in grants the whole scope, for the ID
// token and for the API. Both the sign-in pages and oidc-provider's grant lookup grant through here, so
// a returning session and a fresh sign-in end with the same grant.
import type Provider from 'oidc-provider';
import type { Grant } from 'oidc-provider';

export const SCOPE = 'openid profile email offline_access';

/** The grant `grantId` names if it is this account's for this client, else a new one: with the full scope. */
export async function grantFullScope(
  provider: Provider,
  audience: string,
  accountId: string,
  clientId: string,
  grantId?: string,
): Promise<Grant> {
  const existing = grantId ? await provider.Grant.find(grantId) : undefined;
  const grant =
    existing && existing.accountId === accountId && existing.clientId === clientId
      ? existing
      : new provider.Grant({ accountId, clientId });
  grant.addOIDCScope(SCOPE);
  grant.addResourceScope(audience, SCOPE);
  await grant.save();
  return grant;
}
