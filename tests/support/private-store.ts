import { createStore, type Store } from '../../functions/_lib/store.ts';
import { startTestStore, type TestStore } from './store.ts';

/**
 * A store of the test file's own (its own redis-server behind the bridge): for tests that drain the
 * mail queue or walk the operator's member index, which are global to a store, so other files'
 * members and emails stay out of what they count.
 */
export async function startPrivateStore(): Promise<{ store: Store; stop: () => Promise<void> }> {
  const test: TestStore = await startTestStore();
  return { store: createStore({ url: test.url, token: test.token }), stop: test.stop };
}
