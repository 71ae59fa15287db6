import { isSignedIn, subscribeSession } from '../auth/session.ts';
import { loadLibraryMeta, loadStartupLists } from '../videos/library-data.ts';

/**
 * SPEC §4 start-up: everything a visit needs, requested at once and in parallel (no waterfalls),
 * into the query cache that routes read from.
 * - with a token: the 100 latest videos and 100 of each playlist, playlists and tags;
 * - without: the 25 latest.
 * Journal notes and articles join these lists when their sections land (each adds its loader).
 * Not on the sign-in hand-off or the payment page, where the session is being made or paid for.
 */
const memberLoads: Array<() => Promise<unknown>> = [loadStartupLists, loadLibraryMeta];
const visitorLoads: Array<() => Promise<unknown>> = [loadStartupLists];
const SKIPPED = new Set(['callback', 'payment']);

let started = false;

export function startUp(pathname = window.location.pathname): void {
  unregisterOldWorkers();
  if (started || SKIPPED.has(pathname.split('/')[1] ?? '')) return;
  started = true;
  for (const load of isSignedIn() ? memberLoads : visitorLoads) {
    // Failures are stored or logged silently (SPEC §8); the route that needs the data retries.
    load().catch((error: unknown) => console.warn('Start-up load failed', error));
  }
}

let workersChecked = false;

/** SPEC §4 start-up: background (service) workers an earlier version of the site left are removed. */
function unregisterOldWorkers(): void {
  if (workersChecked || !('serviceWorker' in navigator)) return;
  workersChecked = true;
  navigator.serviceWorker
    .getRegistrations()
    .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister())))
    .catch((error: unknown) => console.warn('Could not unregister old workers', error));
}

// A new session (sign-in, sign-out) starts over with its own data.
if (typeof window !== 'undefined') {
  subscribeSession(() => {
    started = false;
  });
}
