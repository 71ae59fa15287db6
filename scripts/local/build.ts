import { type SpawnOptions, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SOURCES = [
  'site',
  'member-app',
  'content',
  'functions/_lib/contract',
  // The article loader and renderer (pages and the functions' bundle come from it).
  'functions/_lib/articles',
  // The course loader and the functions' course bundle.
  'functions/_lib/courses',
  'astro.config.mjs',
  'package-lock.json',
];
const STAMP = 'dist/.build-stamp';
/** Written by the build beside dist/ (the article functions import it): missing means build again. */
const OUTPUTS = ['functions/_lib/articles/articles.gen.json', 'functions/_lib/courses/courses.gen.json'];

/** Builds the site unless dist/ is newer than every source file (keeps restarts instant). */
export function buildIfStale(root: string, { force = false } = {}): 'built' | 'fresh' {
  const stamp = path.join(root, STAMP);
  const outputsThere = OUTPUTS.every((file) => existsSync(path.join(root, file)));
  if (!force && outputsThere && existsSync(stamp) && newestMtime(root, SOURCES) <= statSync(stamp).mtimeMs) {
    return 'fresh';
  }
  const result = spawnSync(...astroBuild(root));
  if (result.status !== 0) throw new Error(BUILD_FAILED);
  writeFileSync(stamp, new Date().toISOString());
  return 'built';
}

/**
 * `astro build` in a child process while this one keeps serving (the content editor's saves): the
 * event loop stays free, and the stamp is written as buildIfStale's is. `signal` stops it.
 */
export function buildSite(root: string, signal?: AbortSignal): Promise<void> {
  const [command, args, options] = astroBuild(root);
  return new Promise((resolve, reject) => {
    // A stoppable build runs in a process group of its own, and stopping ends the whole group: the
    // bundler's own processes (esbuild) would otherwise go on reading a folder the caller removes
    // next, and print errors about it after the build was stopped.
    const child = spawn(command, args, { ...options, detached: signal !== undefined });
    const stop = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // the group has already exited
      }
    };
    if (signal?.aborted) stop();
    else signal?.addEventListener('abort', stop, { once: true });
    child.once('error', (error) => {
      if (!signal?.aborted) reject(error);
    });
    // The build is over only when it exits (a caller may delete the folder next).
    child.once('exit', (code) => {
      signal?.removeEventListener('abort', stop);
      if (signal?.aborted) return reject(signal.reason);
      if (code !== 0) return reject(new Error(BUILD_FAILED));
      writeFileSync(path.join(root, STAMP), new Date().toISOString());
      resolve();
    });
  });
}

const BUILD_FAILED = 'The site build failed (see the output above).';

const astroBuild = (root: string) =>
  [
    path.join(root, 'node_modules/.bin/astro'),
    ['build'],
    {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    },
  ] satisfies [string, string[], SpawnOptions];

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
