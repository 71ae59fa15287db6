import { showConsoleLink } from '../console/console-link.ts';

/**
 * What start-up (startup.ts) does that the first screen does not wait for, in a chunk of its own:
 * the app's first load is at its budget (docs/benchmarks.md), and this one import already carried the
 * Console link. Background workers an earlier version of the site left are removed (docs/product.md
 * §4 start-up), and the bar's Console link is shown for an operator's token.
 */
export function afterStart(signedIn: boolean): void {
  unregisterOldWorkers();
  if (signedIn) showConsoleLink();
}

let workersChecked = false;

function unregisterOldWorkers(): void {
  if (workersChecked || !('serviceWorker' in navigator)) return;
  workersChecked = true;
  navigator.serviceWorker
    .getRegistrations()
    .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister())))
    .catch((error: unknown) => console.warn('Could not unregister old workers', error));
}
