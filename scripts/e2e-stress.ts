import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run test:e2e:stress`: the browser journeys with every page's CPU slowed 4× (Chromium's own
 * throttling, see tests/e2e/support/test.ts), no retries. Passing here is the proof that the
 * journeys wait on states, not on time. Extra arguments go to Playwright (a spec, `-g`, `--workers`).
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const rate = process.env.E2E_CPU_THROTTLE ?? '4';
console.log(`Browser journeys with the CPU slowed ${rate}× on every page, no retries`);
const started = performance.now();
const run = spawnSync(
  path.join(root, 'node_modules/.bin/playwright'),
  ['test', '--retries=0', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, E2E_CPU_THROTTLE: rate } },
);
console.log(`Wall time: ${((performance.now() - started) / 1000).toFixed(0)} s at ${rate}× CPU slowdown`);
process.exit(run.status ?? 1);
