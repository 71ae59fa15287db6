import { loadConfig } from './config.ts';
import { createStore, type Store } from './store.ts';

/** What domain functions receive: ports only, so tests can hand in their own. */
export interface Deps {
  store: Store;
  now: () => number;
}

let cached: Deps | undefined;

/** Built once per function instance (module scope survives warm invocations). */
export function getDeps(): Deps {
  if (!cached) {
    const config = loadConfig();
    cached = { store: createStore(config.store), now: Date.now };
  }
  return cached;
}
