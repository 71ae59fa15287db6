import type { ApiResponse } from './contract/index.ts';
import type { Deps } from './deps.ts';

const STORE_TIMEOUT_MS = 2_000;

export async function checkHealth({ store }: Pick<Deps, 'store'>): Promise<ApiResponse<'health'>> {
  const storeOk = await Promise.race([
    store.ping().then(
      (reply) => reply === 'PONG',
      () => false,
    ),
    new Promise<false>((resolve) => setTimeout(resolve, STORE_TIMEOUT_MS, false).unref()),
  ]);
  return storeOk ? { status: 'ok', store: 'ok' } : { status: 'degraded', store: 'unreachable' };
}
