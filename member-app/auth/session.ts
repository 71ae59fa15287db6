/**
 * The signed-in session as the browser keeps it (docs/product.md §3 local storage keys, §4 Authentication):
 * `accessToken`, `id_token`, `expires_at` (ms) and `user` (the ID token's claims).
 *
 * - Signed in, for routing and for the static pages, means an access token is stored.
 * - The token is used as is while now < expires_at; after that the sign-in SDK renews it
 *   (auth-service.ts) or, when it cannot, the session is cleared.
 *
 * No imports and no work at load: the static pages' inline check reads the same keys, and
 * this module must stay a few hundred bytes in the member app's first chunk.
 */
export const SESSION_KEYS = {
  accessToken: 'accessToken',
  idToken: 'id_token',
  expiresAt: 'expires_at',
  user: 'user',
} as const;

/** The attribute on <html> that the layout's CSS shows signed-in or signed-out items by. */
export const SIGNED_IN_ATTRIBUTE = 'data-signed-in';

/**
 * A marker cookie beside the stored token, holding nothing but "1": netlify.toml serves a request
 * for / that carries it the member app (the dashboard) instead of the landing page, so neither
 * page needs a script to swap itself for the other. Never sent for identity: the API reads tokens.
 */
export const SESSION_COOKIE = 'otc_session';
export const SESSION_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60; // the refresh token's lifetime

function setSessionCookie(on: boolean): void {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one synchronous write, read by the inline check and the CDN
  document.cookie = `${SESSION_COOKIE}=${on ? '1' : ''}; path=/; max-age=${on ? SESSION_COOKIE_MAX_AGE_S : 0}; samesite=lax${secure}`;
}

/** Claims of the ID token the app reads: who, and the payment customer (docs/product.md §3 User profile). */
export interface SessionUser {
  sub: string;
  email?: string;
  [claim: string]: unknown;
}

export const CUSTOMER_ID_CLAIM = 'https://otcedge.app/customer_id';

export interface NewSession {
  accessToken: string;
  idToken: string;
  /** When the access token stops being accepted, in ms since the epoch. */
  expiresAt: number;
  user: SessionUser;
}

// A token that expires within this margin is renewed first rather than sent and refused.
const EXPIRY_MARGIN_MS = 30_000;

const listeners = new Set<() => void>();

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage disabled (privacy mode): signed out
  }
}

/** The stored access token, whether or not it is still valid: presence decides signed-in state. */
export function storedAccessToken(): string | null {
  return read(SESSION_KEYS.accessToken);
}

export function isSignedIn(): boolean {
  return storedAccessToken() !== null;
}

/**
 * Who the API answers for: the member's subject, or null for a visitor. A renewed token keeps it;
 * only signing in, out or as someone else changes it (what cached answers depend on).
 */
export function sessionIdentity(): string | null {
  return isSignedIn() ? (sessionUser()?.sub ?? '') : null;
}

/** The access token while it is valid (now < expires_at, with a margin); otherwise null. */
export function validAccessToken(now = Date.now()): string | null {
  const token = storedAccessToken();
  const expiresAt = Number(read(SESSION_KEYS.expiresAt));
  return token && Number.isFinite(expiresAt) && now < expiresAt - EXPIRY_MARGIN_MS ? token : null;
}

export function sessionUser(): SessionUser | null {
  const raw = read(SESSION_KEYS.user);
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as SessionUser;
    return typeof user?.sub === 'string' ? user : null;
  } catch {
    return null;
  }
}

/** The payment customer id from the profile, sent as custID with API calls (docs/product.md §7). */
export function customerId(): string | undefined {
  const id = sessionUser()?.[CUSTOMER_ID_CLAIM];
  return typeof id === 'string' && id !== '' ? id : undefined;
}

export function saveSession(session: NewSession): void {
  localStorage.setItem(SESSION_KEYS.accessToken, session.accessToken);
  localStorage.setItem(SESSION_KEYS.idToken, session.idToken);
  localStorage.setItem(SESSION_KEYS.expiresAt, String(session.expiresAt));
  localStorage.setItem(SESSION_KEYS.user, JSON.stringify(session.user));
  setSessionCookie(true);
  changed();
}

/** docs/product.md §4 Logout: stored tokens and user are cleared. */
export function clearSession(): void {
  try {
    for (const key of Object.values(SESSION_KEYS)) localStorage.removeItem(key);
  } catch {
    // storage disabled: nothing was stored
  }
  setSessionCookie(false);
  changed();
}

/** For useSyncExternalStore: fires on changes in this tab and in other tabs. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function onStorage(event: StorageEvent): void {
  if (event.key === null || event.key === SESSION_KEYS.accessToken) changed();
}

function changed(): void {
  document.documentElement.toggleAttribute(SIGNED_IN_ATTRIBUTE, isSignedIn());
  for (const listener of listeners) listener();
}

/** Expiry of a JWT access token from its `exp` claim (ms), or null when it carries none. */
export function tokenExpiry(accessToken: string): number | null {
  try {
    const payload = accessToken.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}
