// oidc-provider's configuration, set to answer as an Auth0 tenant does: Auth0's endpoint paths, JWT access
// tokens for the API audience, refresh tokens without a consent screen, Auth0's lifetimes, and CORS for
// the app's own origins. Everything that needs a request lives in routes.ts instead.
import { type Configuration, errors } from 'oidc-provider';
import { LOCAL_PROVIDER_PREFIX } from '../../../functions/_lib/identity/local-sessions.ts';
import { type AccountStore, CLAIMS } from './accounts.ts';
import { grantFullScope, SCOPE } from './grants.ts';
import { sendHtml } from './http.ts';
import type { ProviderKeys } from './keys.ts';
import type { OidcProviderOptions } from './options.ts';
import { messagePage } from './pages.ts';
import { storeAdapter } from './store-adapter.ts';

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

export function oidcConfiguration(
  opts: OidcProviderOptions,
  keys: ProviderKeys,
  accounts: AccountStore,
): Configuration {
  const { store, audience, clients } = opts;
  const allowedOrigins = new Map(
    clients.map((c) => [c.clientId, new Set(c.redirectUris.map((uri) => new URL(uri).origin))]),
  );

  return {
    adapter: storeAdapter(store, LOCAL_PROVIDER_PREFIX, opts.refreshTokenReuseIntervalS),
    clients: clients.map((c) => ({
      client_id: c.clientId,
      application_type: 'web',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: c.redirectUris,
      id_token_signed_response_alg: 'RS256',
    })),
    jwks: keys.jwks,
    cookies: {
      keys: keys.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      // One path for the interaction cookie, so both /u/login and /u/signup receive it.
      short: { httpOnly: true, sameSite: 'lax', signed: true, path: '/u' },
    },
    routes: {
      authorization: '/authorize',
      token: '/oauth/token',
      userinfo: '/userinfo',
      jwks: '/.well-known/jwks.json',
      revocation: '/oauth/revoke',
      // Not Auth0's /v2/logout, which routes.ts answers: oidc-provider's own wants a confirmation POST.
      end_session: '/oidc/logout',
    },
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    claims: {
      openid: ['sub', CLAIMS.customerId],
      email: ['email', 'email_verified'],
      profile: ['name', 'nickname'],
    },
    extraParams: ['screen_hint'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== audience) throw new errors.InvalidTarget(`unknown audience ${resource}`);
          return {
            scope: SCOPE,
            audience,
            accessTokenTTL: HOUR,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    clientBasedCORS: (_ctx, origin, client) => allowedOrigins.get(client.clientId)?.has(origin) ?? false,
    findAccount: accounts.findAccount,
    extraTokenClaims: accounts.extraTokenClaims,
    loadExistingGrant: async (ctx) => {
      const { session, client, result } = ctx.oidc;
      // Typed optional, but oidc-provider asks only once it has both.
      if (!session?.accountId || !client) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      return grantFullScope(ctx.oidc.provider, audience, session.accountId, client.clientId, grantId);
    },
    interactions: {
      url: (_ctx, interaction) =>
        `/u/${interaction.params.screen_hint === 'signup' ? 'signup' : 'login'}?state=${interaction.uid}`,
    },
    ttl: {
      AccessToken: HOUR,
      AuthorizationCode: 60,
      IdToken: 10 * 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * DAY,
      Grant: 30 * DAY,
      RefreshToken: 30 * DAY,
    },
    renderError: (ctx, out) => {
      const detail = out.error_description ?? out.error ?? 'Something went wrong.';
      sendHtml(ctx, Math.max(ctx.status, 400), messagePage('Sign-in problem', detail));
    },
  };
}
