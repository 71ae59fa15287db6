import { Auth0Provider, type IdToken, useAuth0 } from '@auth0/auth0-react';
import { useRouter } from '@tanstack/react-router';
import { use, useEffect } from 'react';
import { appConfig } from '../app-config.ts';
import { canReadMembers } from '../console/token-permissions.ts';
import { provideAuthRuntime, type AuthRuntime as Runtime } from './auth-service.ts';
import { revokeRefreshTokens } from './revoke-refresh.ts';
import {
  clearSession,
  isSignedIn,
  type SessionUser,
  saveSession,
  storedAccessToken,
  tokenExpiry,
} from './session.ts';

/**
 * The sign-in SDK, loaded on demand (see auth-service.ts): Auth0 in production, the local
 * provider by default. Which one is read at run time from /api/appconfig, so one build serves
 * every environment.
 */
// offline_access: a refresh token, so members stay signed in past the access token's lifetime.
const SCOPE = 'openid profile email offline_access';

export default function AuthRuntime() {
  // The same promise on every render (appConfig caches it), as use() needs.
  const { auth } = use(appConfig());
  return (
    <Auth0Provider
      domain={auth.domain}
      clientId={auth.clientId}
      authorizationParams={{
        redirect_uri: `${window.location.origin}/callback`,
        audience: auth.audience,
        scope: SCOPE,
      }}
      useRefreshTokens
      cacheLocation="localstorage"
      // The SDK checks for a session on load only while its marker cookie lives (default 1 day).
      sessionCheckExpiryDays={30}
      // The Bridge finishes the sign-in (session saved, then to /); the SDK must not touch the URL.
      onRedirectCallback={() => {}}
    >
      <Bridge domain={auth.domain} clientId={auth.clientId} />
    </Auth0Provider>
  );
}

// Provider answers that mean the session is over, as opposed to a network failure worth retrying.
const REFUSALS = new Set([
  'login_required',
  'consent_required',
  'interaction_required',
  'invalid_grant',
  'missing_refresh_token',
  'unauthorized_client',
]);
const refused = (error: unknown) =>
  typeof error === 'object' && error !== null && REFUSALS.has(String((error as { error?: unknown }).error));

function toUser(claims: IdToken | undefined): SessionUser {
  const { __raw: _raw, ...rest } = claims ?? { __raw: '' };
  return { ...rest, sub: String(rest.sub ?? '') };
}

/** Renewals in the order they started, and the newest whose token is stored (see renewToken). */
let renewalsStarted = 0;
let newestStored = 0;

function Bridge({ domain, clientId }: { domain: string; clientId: string }) {
  const {
    isLoading,
    isAuthenticated,
    error,
    getAccessTokenSilently,
    getIdTokenClaims,
    loginWithRedirect,
    logout,
  } = useAuth0();
  const router = useRouter();

  useEffect(() => {
    if (isLoading) return;
    const endSession = () =>
      logout({ logoutParams: { returnTo: window.location.origin } }).finally(() => clearSession());
    const runtime: Runtime = {
      async renewToken({ force = false } = {}) {
        const order = ++renewalsStarted;
        try {
          const result = await getAccessTokenSilently({
            detailedResponse: true,
            cacheMode: force ? 'off' : 'on',
          });
          if (!result) throw new Error('No token from the sign-in provider');
          const user = toUser(await getIdTokenClaims());
          // A renewal that started later has stored its token already: this answer may be older
          // (the page load's mirror reads the SDK's cache, which a forced renewal then replaced),
          // and writing it back would put a refused token in use again.
          const stored = storedAccessToken();
          if (order < newestStored && stored) return stored;
          newestStored = order;
          saveSession({
            accessToken: result.access_token,
            idToken: result.id_token,
            expiresAt: tokenExpiry(result.access_token) ?? Date.now() + result.expires_in * 1000,
            user,
          });
          return result.access_token;
        } catch (failure) {
          if (refused(failure)) {
            clearSession();
            await logout({ openUrl: false });
          }
          throw failure;
        }
      },
      login: (screen) =>
        loginWithRedirect({ authorizationParams: screen === 'signup' ? { screen_hint: 'signup' } : {} }),
      logout: async () => {
        clearSession();
        await revokeRefreshTokens(domain, clientId);
        await endSession();
      },
      clearCache: () => logout({ openUrl: false }),
    };
    provideAuthRuntime(runtime);

    const params = new URLSearchParams(window.location.search);
    const fromProvider =
      window.location.pathname === '/callback' &&
      params.has('state') &&
      (params.has('code') || params.has('error'));
    if (error && fromProvider) {
      // docs/product.md §4: a sign-in that cannot be completed logs the user out.
      void runtime.logout();
    } else if (isAuthenticated) {
      // Mirrors the SDK's tokens into the session keys, then leaves /callback for the dashboard, or
      // for an operator the console (they need not be members: the dashboard would send them to
      // /payment). The token is only read for where to go; the server judges every call.
      runtime.renewToken().then(
        (token) => {
          if (fromProvider)
            void router.navigate({ to: canReadMembers(token) ? '/console' : '/', replace: true });
        },
        () => {
          if (fromProvider) window.location.replace('/');
        },
      );
    } else if (isSignedIn()) {
      // A stored token the SDK knows nothing of (cleared cache, other tab signed out): signed out.
      clearSession();
    }
  }, [
    isLoading,
    isAuthenticated,
    error,
    getAccessTokenSilently,
    getIdTokenClaims,
    loginWithRedirect,
    logout,
    router,
    domain,
    clientId,
  ]);

  return null;
}
