import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm test`: every check CI runs, in order — types, lint, unit + function tests (Vitest,
 * real Redis), then browser journeys (Playwright, Debian Chromium, the product started by its setup).
 * All steps run even after a failure so one run shows everything; the exit code is non-zero on any failure.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

const steps: Array<{ name: string; command: string; args: string[] }> = [
  { name: 'types', command: bin('tsc'), args: ['--noEmit', '-p', '.'] },
  { name: 'lint', command: bin('biome'), args: ['ci', '.'] },
  { name: 'unit + functions (vitest)', command: bin('vitest'), args: ['run'] },
  { name: 'e2e (playwright)', command: bin('playwright'), args: ['test'] },
];

const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium is not installed at ${chromium}. Install it with: sudo apt-get install -y chromium`,
  );
  process.exit(1);
}

const results: Array<{ name: string; ok: boolean; seconds: number }> = [];
for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const started = performance.now();
  const run = spawnSync(step.command, step.args, { cwd: root, stdio: 'inherit', env: process.env });
  results.push({ name: step.name, ok: run.status === 0, seconds: (performance.now() - started) / 1000 });
}

console.log('\nSummary');
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'}  ${r.name}  (${r.seconds.toFixed(1)} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`checks: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
