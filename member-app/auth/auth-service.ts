import { isSignedIn, validAccessToken } from './session.ts';

/**
 * What the sign-in SDK does for the app, once loaded (AuthRuntime.tsx registers it).
 *
 * The SDK (@auth0/auth0-react with spa-js, about 65 KB gzip) is not in the app's first chunk:
 * a member with a valid stored token calls the API at once, and the SDK loads beside the first
 * render. It is awaited only to sign in or out, to finish a sign-in on /callback, and to renew
 * an expired token.
 */
export interface AuthRuntime {
  /**
   * A valid access token, renewed through the refresh token when needed; the session is saved.
   * When the provider refuses the renewal (session revoked or expired) the session is cleared
   * before it rejects; a network failure rejects and keeps it.
   */
  renewToken(options?: { force?: boolean }): Promise<string>;
  /** Off to the provider's login, or its sign-up screen. */
  login(screen: 'signin' | 'signup'): Promise<void>;
  /** Clears the session and the SDK's cache, ends the provider session, back to the site origin. */
  logout(): Promise<void>;
  /**
   * Clears the SDK's cache (its tokens, the ID token's claims) and cookies on this device, staying
   * on the page: the provider's session is left to logout().
   */
  clearCache(): Promise<void>;
}

const LOAD_TIMEOUT_MS = 20_000;

let runtime: AuthRuntime | undefined;
let failure: Error | undefined;
let requested = false;
let waiters: Array<{ resolve: (r: AuthRuntime) => void; reject: (e: Error) => void }> = [];
const listeners = new Set<() => void>();

/** Called by AuthRuntime.tsx when the SDK is ready (again after each state change). */
export function provideAuthRuntime(next: AuthRuntime): void {
  runtime = next;
  failure = undefined;
  for (const waiter of waiters) waiter.resolve(next);
  waiters = [];
}

/** Called when the SDK or its configuration cannot load: waiting callers get the error. */
export function failAuthRuntime(error: Error): void {
  failure = error;
  for (const waiter of waiters) waiter.reject(error);
  waiters = [];
}

/** Whether the SDK should be mounted: there is a session to keep fresh, or someone asked for it. */
export function authRuntimeWanted(): boolean {
  return requested || isSignedIn();
}

export function subscribeAuthRuntimeWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The SDK, loading it if it is not mounted yet. Rejects when it cannot load in time. */
export function authRuntime(): Promise<AuthRuntime> {
  if (runtime) return Promise.resolve(runtime);
  if (failure) return Promise.reject(failure);
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  return new Promise<AuthRuntime>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('Sign-in is not available right now. Check your connection and try again.')),
      LOAD_TIMEOUT_MS,
    );
    waiters.push({
      resolve: (r) => {
        clearTimeout(timer);
        resolve(r);
      },
      reject: (e) => {
        clearTimeout(timer);
        reject(e);
      },
    });
  });
}

/**
 * The bearer token for an API call: the stored one while valid, else a renewed one. Null when
 * signed out or when it cannot be renewed (the call then goes out as a visitor's).
 * After the API refused a token (401), `refused` names it: the stored token is used when another
 * call has renewed it since (the calls of a page load are refused together and answered one by
 * one), else a renewal is forced, shared by the calls refused meanwhile. One refusal costs at most
 * one renewal, not one per call that saw it.
 */
export async function accessTokenForApi(options: { refused?: string } = {}): Promise<string | null> {
  const token = validAccessToken();
  if (token && token !== options.refused) return token;
  if (!isSignedIn()) return null;
  // Calls that run together (start-up) and all need a new token share one renewal: one refresh
  // request, not one each.
  const force = options.refused !== undefined;
  const kind = force ? 'forced' : 'expired';
  let renewal = renewals.get(kind);
  if (!renewal) {
    renewal = authRuntime()
      .then((runtime) => runtime.renewToken({ force }))
      .catch(() => null)
      .finally(() => renewals.delete(kind));
    renewals.set(kind, renewal);
  }
  return renewal;
}

const renewals = new Map<'forced' | 'expired', Promise<string | null>>();
