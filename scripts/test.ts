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

type Command = [command: string, args: string[]];
const steps: Array<{ name: string; commands: Command[] }> = [
  // `astro sync` writes the generated types (content collections, astro:* modules) tsc needs on a fresh clone.
  {
    name: 'types',
    commands: [
      [bin('astro'), ['sync']],
      [bin('tsc'), ['--noEmit', '-p', '.']],
    ],
  },
  { name: 'lint', commands: [[bin('biome'), ['ci', '.']]] },
  { name: 'unit + functions (vitest)', commands: [[bin('vitest'), ['run']]] },
  { name: 'e2e (playwright)', commands: [[bin('playwright'), ['test']]] },
];

const [major] = process.versions.node.split('.').map(Number);
if ((major ?? 0) < 22) {
  console.error(
    `Node ${process.versions.node} is too old: run the tests through npm (npm test), which uses Node 22.`,
  );
  process.exit(1);
}

const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium is not installed at ${chromium}. Install it with: sudo apt-get install -y chromium`,
  );
  process.exit(1);
}

const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
const results: Array<{ name: string; ok: boolean; seconds: number }> = [];
for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const started = performance.now();
  const ok = step.commands.every(
    ([command, args]) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env }).status === 0,
  );
  results.push({ name: step.name, ok, seconds: (performance.now() - started) / 1000 });
}

console.log('\nSummary');
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'}  ${r.name}  (${r.seconds.toFixed(1)} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`checks: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
