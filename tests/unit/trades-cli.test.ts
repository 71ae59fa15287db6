import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function cli(...args: string[]) {
  const run = spawnSync(process.execPath, ['scripts/trades-parse.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('scripts/trades-parse.ts', () => {
  it('prints the analysis of a DAS file given its date', () => {
    const { code, stdout } = cli(
      'tests/fixtures/brokers/das.csv',
      '--date',
      '2026-03-16',
      '--tz',
      'America/New_York',
    );
    expect(code).toBe(0);
    const analysis = JSON.parse(stdout);
    expect(analysis.broker).toBe('das');
    expect(analysis.totals.USD.net).toBe('833.2300');
  });

  it('fails with the reason and a non-zero exit', () => {
    const missingDate = cli('tests/fixtures/brokers/das.csv');
    expect(missingDate.code).toBe(1);
    expect(missingDate.stderr).toMatch(/--date/);
    expect(cli('tests/fixtures/brokers/README.md').stderr).toMatch(/unknown file format/);
    expect(cli('no-such-file.csv').code).toBe(1);
    expect(cli().code).toBe(2);
    expect(cli('a.csv', '--bogus').code).toBe(2);
  });
});
