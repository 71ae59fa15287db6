import { useCallback, useEffect, useState } from 'react';
import { ApiError, callApi } from '../api/client.ts';
import type { ProgressData } from './progress-data.ts';

export type ProgressState =
  | { status: 'loading' }
  | { status: 'ready'; data: ProgressData }
  | { status: 'signed-out' }
  | { status: 'failed' };

/**
 * The member's progress over every course, read once per course page and again after each change
 * there (a certificate issued, renamed or withdrawn). The pages are pre-built and each load is a
 * new script, so there is no cache to share: the member app reads the same call through
 * `progressQuery` (progress-data.ts). Not TanStack Query here: the course pages' script would
 * import pieces of the member app's first-load chunks and the bundler would split them
 * (docs/benchmarks.md). While a reload runs, the last answer stays on screen.
 */
export function useProgress(): { state: ProgressState; reload: () => Promise<void> } {
  const [state, setState] = useState<ProgressState>({ status: 'loading' });
  const reload = useCallback(
    () =>
      callApi('courses/progress', {}).then(
        (data) => setState({ status: 'ready', data }),
        (error: unknown) => {
          // 403 { redirect: true }: the API client is already taking a non-member to /payment.
          if (error instanceof ApiError && error.status === 403) return;
          setState({ status: error instanceof ApiError && error.status === 401 ? 'signed-out' : 'failed' });
        },
      ),
    [],
  );
  useEffect(() => {
    void reload();
  }, [reload]);
  return { state, reload };
}
