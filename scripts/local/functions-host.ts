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
 * Loads every Netlify Function in `dir` but the scheduled ones once, the way a warm function instance keeps
 * its module scope, and routes by each function's `config.path` as Netlify does (exact segments and `:name` ones).
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
      config?: { path?: string | string[]; schedule?: string };
    };
    const name = file.replace(/\.[^.]+$/, '');
    if (typeof mod.default !== 'function') throw new Error(`functions/${file} has no default export`);
    // A scheduled function is not a page: a published Netlify deploy runs it on its schedule only,
    // never for a request, and so does the local host (the scheduler and `npm run jobs:run` call
    // its handler directly, scheduler.ts). Locally it would answer anyone its figures.
    if (mod.config?.schedule) continue;
    const paths = [mod.config?.path ?? `/.netlify/functions/${name}`].flat();
    for (const p of paths) routes.push({ name, path: p, handler: mod.default });
  }
  return routes;
}

/**
 * The function serving `pathname`, as Netlify routes `config.path`: segments match exactly, except
 * a `:name` segment, which matches any one non-empty segment and is handed to the function as
 * `context.params.name` (Netlify's v2 Context). An exact path wins over one with parameters.
 */
export function matchFunction(routes: FunctionRoute[], pathname: string): FunctionRoute | undefined {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const exact = routes.find((route) => route.path === trimmed);
  if (exact) return exact;
  for (const route of routes) {
    if (!route.path.includes('/:')) continue;
    const params = matchPath(route.path, trimmed);
    if (!params) continue;
    const handler: FetchHandler = (request, context) =>
      route.handler(request, { ...(context as object | undefined), params });
    return { ...route, handler };
  }
  return undefined;
}

/**
 * The parameters `pathname` gives `pattern` ("/certificates/:id" and "/certificates/abc" give
 * { id: "abc" }), or null when it does not match. Values stay as they are in the URL (percent-encoded),
 * as URLPattern gives them.
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = pathname.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    const value = got[i] ?? '';
    if (segment.startsWith(':') && segment.length > 1) {
      if (value === '') return null;
      params[segment.slice(1)] = value;
    } else if (segment !== value) return null;
  }
  return params;
}
