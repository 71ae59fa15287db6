import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startContentEditing } from './content-editing.ts';
import { freePort } from './redis.ts';
import { startServer } from './server.ts';

/** Not copied: dependencies (linked instead), history, local data and test output. */
const SKIPPED = new Set([
  'node_modules',
  '.git',
  '.data',
  '.astro',
  '.netlify',
  'test-results',
  'playwright-report',
]);

/**
 * A throw-away copy of the project served as `npm start` serves it, with the content editor's backend
 * writing the copy's files and rebuilding the copy's site: the e2e test edits through /admin/ and the
 * working tree's content/ never changes. The copy's node_modules links each package of the real one,
 * so the copy's build keeps its caches (node_modules/.astro, .vite) to itself.
 */
export async function startEditorSandbox(): Promise<{ url: string; root: string; stop(): Promise<void> }> {
  const source = fileURLToPath(new URL('../..', import.meta.url));
  const root = mkdtempSync(path.join(tmpdir(), 'otc-editor-'));
  for (const entry of readdirSync(source)) {
    if (!SKIPPED.has(entry)) cpSync(path.join(source, entry), path.join(root, entry), { recursive: true });
  }
  mkdirSync(path.join(root, 'node_modules'));
  for (const entry of readdirSync(path.join(source, 'node_modules'))) {
    if (entry.startsWith('.') && entry !== '.bin') continue;
    symlinkSync(path.join(source, 'node_modules', entry), path.join(root, 'node_modules', entry));
  }
  const editing = await startContentEditing(root, () => {});
  const server = await startServer({ root, port: await freePort(), contentBackend: editing.backend });
  return {
    url: server.url,
    root,
    stop: async () => {
      await server.close();
      await editing.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
