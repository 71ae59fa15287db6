import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleFunction } from '../../scripts/local/function-bundle.ts';

// Every function, bundled as Netlify deploys it, loads in a plain Node process: a dependency that
// only works unbundled (e.g. a CommonJS package requiring Node built-ins) fails here, not in production.
const root = fileURLToPath(new URL('../../', import.meta.url));
// Inside node_modules, so the bundles' external packages resolve as on Netlify (from node_modules).
const cache = path.join(root, 'node_modules/.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(path.join(cache, 'function-bundles-'));
const files = readdirSync(path.join(root, 'functions')).filter((f) => f.endsWith('.ts'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('function bundles', () => {
  it('every function bundles and loads, exporting its handler and config', () => {
    const bundles = files.map((file) => {
      const out = path.join(dir, file.replace(/\.ts$/, '.mjs'));
      bundleFunction(root, file, out);
      return out;
    });
    // One process imports them all (externals resolve from the project's node_modules).
    const code = `for (const b of ${JSON.stringify(bundles)}) { const m = await import(b); if (typeof m.default !== 'function' || !(m.config?.path || m.config?.schedule)) throw new Error(b + ' exports no handler/config'); } console.log('ok');`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', code], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(output.trim()).toBe('ok');
  }, 120_000);
});
