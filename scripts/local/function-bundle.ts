import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';

/**
 * Bundles one function the way Netlify deploys it (node_bundler = "esbuild": one ESM file with
 * its dependencies), leaving out the packages netlify.toml lists in `external_node_modules`
 * (Netlify ships those in node_modules beside the bundle). Used by the bench (cold start) and by
 * a test that loads every bundle, so a function that could not load on Netlify fails here first.
 */
export function bundleFunction(root: string, file: string, outfile: string): void {
  buildSync({
    entryPoints: [path.join(root, 'functions', file)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    outfile,
    external: externalModules(root),
    logLevel: 'error',
  });
}

function externalModules(root: string): string[] {
  const toml = readFileSync(path.join(root, 'netlify.toml'), 'utf8');
  const list = /^\s*external_node_modules\s*=\s*\[([^\]]*)\]/m.exec(toml)?.[1] ?? '';
  return [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1] as string);
}
