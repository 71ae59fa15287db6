import { useSyncExternalStore } from 'react';
import { isSignedIn, SESSION_KEYS, type SessionUser, sessionUser, subscribeSession } from './session.ts';

/** Re-renders on sign-in and sign-out, in this tab or another. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeSession, isSignedIn);
}

// A snapshot must be stable between changes: the stored JSON string, parsed when it changes.
let lastRaw: string | null | undefined;
let lastUser: SessionUser | null = null;
function userSnapshot(): SessionUser | null {
  const raw = localStorage.getItem(SESSION_KEYS.user);
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastUser = sessionUser();
  }
  return lastUser;
}

/** The signed-in member's profile (ID token claims), or null. */
export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribeSession, userSnapshot);
}
