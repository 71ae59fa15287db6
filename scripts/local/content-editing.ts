import { type FSWatcher, watch } from 'node:fs';
import path from 'node:path';
import { buildSite } from './build.ts';
import { type ContentBackend, startContentBackend } from './content-backend.ts';
import { EDITABLE_FOLDERS } from './editor-calls.ts';

export interface ContentEditing {
  /** decap-server, for the local server to answer /admin/api/v1 with. */
  backend: ContentBackend;
  stop(): Promise<void>;
}

/** One save writes a file or two (an entry and its image): build once for them. */
const SETTLE_MS = 300;

/**
 * The content editor on this machine (`npm start`): decap-server writing the files of `root`, and a
 * rebuild of the site after every save, so the edited page shows the change on reload. One build at
 * a time; saves during a build start one more when it ends. A refused build leaves the previous site
 * served and says why.
 */
export async function startContentEditing(
  root: string,
  log: (message: string) => void = console.log,
): Promise<ContentEditing> {
  const backend = await startContentBackend(root);
  let building: Promise<void> | null = null;
  // Stopping ends a build under way too: it must not write into a folder being removed.
  const stopping = new AbortController();
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const rebuild = async (): Promise<void> => {
    if (building) {
      again = true;
      return;
    }
    const started = Date.now();
    log('Content changed: rebuilding the site…');
    building = buildSite(root, stopping.signal).then(
      () =>
        log(
          `Site rebuilt in ${Math.round((Date.now() - started) / 1000)} s: reload the page to see the change.`,
        ),
      (error: unknown) => {
        if (stopping.signal.aborted) return;
        log(`The build refused the change: ${error instanceof Error ? error.message : error}`);
      },
    );
    await building;
    building = null;
    if (again && !stopping.signal.aborted) {
      again = false;
      await rebuild();
    }
  };
  // What the editor writes: content/ and uploaded article images.
  const watchers: FSWatcher[] = EDITABLE_FOLDERS.map((dir) =>
    watch(path.join(root, dir), { recursive: true }, () => {
      clearTimeout(timer);
      timer = setTimeout(() => void rebuild(), SETTLE_MS);
    }),
  );

  return {
    backend,
    stop: async () => {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
      stopping.abort();
      await building;
    },
  };
}
