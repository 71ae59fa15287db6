import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type FetchHandler = (request: Request, context: unknown) => Promise<Response> | Response;

export interface FunctionRoute {
  name: string;
  path: string;
  handler: FetchHandler;
}

/**
 * Loads every Netlify Function in `dir` once, the way a warm function instance keeps
 * its module scope, and routes by each function's `config.path` exactly as Netlify does.
 * (Netlify's own dev runtime starts a worker per invocation, ~300 ms each: too slow
 * to serve the member app or to measure the functions.)
 */
export async function loadFunctions(dir: string): Promise<FunctionRoute[]> {
  const files = (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && /\.(ts|mts|js|mjs)$/.test(entry.name) && !entry.name.startsWith('_'))
    .map((entry) => entry.name);
  const routes: FunctionRoute[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as {
      default?: FetchHandler;
      config?: { path?: string | string[] };
    };
    const name = file.replace(/\.[^.]+$/, '');
    if (typeof mod.default !== 'function') throw new Error(`functions/${file} has no default export`);
    const paths = [mod.config?.path ?? `/.netlify/functions/${name}`].flat();
    for (const p of paths) routes.push({ name, path: p, handler: mod.default });
  }
  return routes;
}

export function matchFunction(routes: FunctionRoute[], pathname: string): FunctionRoute | undefined {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routes.find((route) => route.path === trimmed);
}
