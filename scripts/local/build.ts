import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SOURCES = [
  'site',
  'member-app',
  'content',
  'functions/_lib/contract',
  // The article loader and renderer (pages and the functions' bundle come from it).
  'functions/_lib/articles',
  'astro.config.mjs',
  'package-lock.json',
];
const STAMP = 'dist/.build-stamp';
/** Written by the build beside dist/ (the article functions import it): missing means build again. */
const OUTPUTS = ['functions/_lib/articles/articles.gen.json'];

/** Builds the site unless dist/ is newer than every source file (keeps restarts instant). */
export function buildIfStale(root: string, { force = false } = {}): 'built' | 'fresh' {
  const stamp = path.join(root, STAMP);
  const outputsThere = OUTPUTS.every((file) => existsSync(path.join(root, file)));
  if (!force && outputsThere && existsSync(stamp) && newestMtime(root, SOURCES) <= statSync(stamp).mtimeMs) {
    return 'fresh';
  }
  const result = spawnSync(path.join(root, 'node_modules/.bin/astro'), ['build'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error('The site build failed (see the output above).');
  writeFileSync(stamp, new Date().toISOString());
  return 'built';
}

function newestMtime(root: string, entries: string[]): number {
  let newest = 0;
  const visit = (file: string) => {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const child of readdirSync(file)) if (child !== 'node_modules') visit(path.join(file, child));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const entry of entries) visit(path.join(root, entry));
  return newest;
}
