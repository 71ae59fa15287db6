import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    // Every report under stats.<CURRENCY>, with the key names the README documents.
    const usd = analysis.stats.USD;
    for (const key of [
      'by_symbol',
      'by_tag',
      'by_side',
      'by_hold_time',
      'by_size',
      'by_price',
      'by_hour',
      'time_unknown',
      'by_weekday',
      'by_day',
      'equity_curve',
      'max_drawdown',
      'max_drawdown_start',
      'max_drawdown_end',
      'fees_pct_of_gross',
      'r_multiples',
    ]) {
      expect(usd, key).toHaveProperty(key);
    }
    expect(usd.by_side.long).toEqual({
      trades: 2,
      wins: 1,
      losses: 1,
      gross: '750.0000',
      fees: '1.4700',
      net: '748.5300',
    });
    expect(usd.max_drawdown).toBe('450.6200');
  });

  it('reads a file of another format through a column mapping', () => {
    const dir = mkdtempSync(join(tmpdir(), 'trades-cli-'));
    const csv = join(dir, 'export.csv');
    const map = join(dir, 'mapping.json');
    writeFileSync(
      csv,
      'When,Ticker,Action,Shares,Px,Comm\n2026-07-01 09:45,abcd,BUY,3000000,0.0001,1\n2026-07-01 10:15,ABCD,SELL,3000000,0.0002,1\n',
    );
    writeFileSync(
      map,
      JSON.stringify({
        date: 'When',
        symbol: 'Ticker',
        side: 'Action',
        quantity: 'Shares',
        price: 'Px',
        fees: ['Comm'],
      }),
    );
    const { code, stdout } = cli(csv, '--map', map);
    expect(code).toBe(0);
    const analysis = JSON.parse(stdout);
    expect(analysis.broker).toBe('custom');
    expect(analysis.closed_trades[0]).toMatchObject({ symbol: 'ABCD', gross: '300.0000', net: '298.0000' });
    writeFileSync(map, '{"date": 1}');
    expect(cli(csv, '--map', map)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/not a column mapping/),
    });
  });

  it('lists the formats it reads, one a line', () => {
    const { code, stdout } = cli('--formats');
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(14);
    expect(lines.map((line) => line.split('\t')[0])).toEqual(
      expect.arrayContaining(['das', 'ibkr-statement', 'fidelity', 'robinhood', 'questrade', 'tradervue']),
    );
  });

  it('lists them as the Markdown table of docs/broker-formats.md, a row a format', () => {
    const { code, stdout } = cli('--formats', '--markdown');
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe(
      '| Broker | Export (`--formats` id) | Where to download it | What the file lacks |',
    );
    expect(lines.slice(2)).toHaveLength(cli('--formats').stdout.trim().split('\n').length);
    expect(lines).toContainEqual(expect.stringMatching(/^\| Tiger Brokers \| .*\(`tiger`\) \|/));
  });

  it('prints the rows it did not import, with their lines and reasons', () => {
    const { code, stdout } = cli('tests/fixtures/brokers/fidelity.csv');
    expect(code).toBe(0);
    const analysis = JSON.parse(stdout);
    expect(analysis.rejected).toEqual([
      { line: 6, reason: expect.stringMatching(/^not a trade: DIVIDEND RECEIVED/) },
      { line: 10, reason: expect.stringMatching(/^not a trade: DIRECT DEBIT/) },
    ]);
    expect(analysis.warnings[0].message).toMatch(/footer/);
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

  it('fails when every row of the file is rejected, naming the first ones', () => {
    // Every row rejected (an unreadable average price): the run printed an empty analysis and exited 0.
    const dir = mkdtempSync(join(tmpdir(), 'trades-cli-'));
    const file = join(dir, 'webull-unreadable.csv');
    const row = (side: string, time: string) =>
      `TESORO ENTERPRISES INC,TSNP,${side},Filled,300000,300000,@0.0248,n/a,DAY,${time} EDT,${time} EDT`;
    writeFileSync(
      file,
      [
        'Name,Symbol,Side,Status,Filled,Total Qty,Price,Avg Price,Time-in-Force,Placed Time,Filled Time',
        row('Buy', '03/18/2026 14:58:10'),
        row('Sell', '03/18/2026 15:20:00'),
      ].join('\n'),
    );
    const { code, stdout, stderr } = cli(file);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `${file}: no trade could be read from this file: all 2 rows were rejected (line 2: Avg Price "n/a" is not a positive price; line 3: Avg Price "n/a" is not a positive price)\n`,
    );
  });
});

describe('orderedJson (the CLI printing)', () => {
  it('is JSON.stringify with two spaces, digit keys in text order', async () => {
    const { orderedJson } = await import('../../scripts/local/ordered-json.ts');
    const value = { b: [1, 'x', null, { c: true }], a: {}, e: [], skip: undefined, n: -0.5 };
    expect(orderedJson(value)).toBe(JSON.stringify(value, null, 2));
    // toJSON, as JSON.stringify calls it: a Date, and an object standing for another, nested.
    const nested = { at: { when: new Date(0), big: { toJSON: () => ({ units: '42', scale: 2 }) } } };
    expect(orderedJson(nested)).toBe(JSON.stringify(nested, null, 2));
    const hours = JSON.parse('{"10": 1, "09": 2, "16": 3, "00": 4}');
    expect(Object.keys(hours)).toEqual(['10', '16', '09', '00']);
    expect(orderedJson({ by_hour: hours })).toBe(
      '{\n  "by_hour": {\n    "00": 4,\n    "09": 2,\n    "10": 1,\n    "16": 3\n  }\n}',
    );
  });

  it('prints a report keyed by hour from the morning on', () => {
    const { stdout } = cli('tests/fixtures/brokers/tradezero.csv');
    const byHour = stdout.slice(stdout.indexOf('"by_hour"'));
    expect(byHour.indexOf('"09"')).toBeLessThan(byHour.indexOf('"10"'));
    expect(byHour.indexOf('"10"')).toBeLessThan(byHour.indexOf('"13"'));
  });

  it('lists a sale with nothing held apart, and answers it for the whole file with --sells-from-flat', () => {
    const dir = mkdtempSync(join(tmpdir(), 'trades-cli-'));
    const file = join(dir, 'opens-with-a-sale.csv');
    writeFileSync(
      file,
      'Date,Time,Symbol,Quantity,Price,Side\n07/01/2026,10:00:00,WXYZ,2000,4.168,S\n07/01/2026,10:30:00,WXYZ,2000,4.00,B\n',
    );
    const asked = JSON.parse(cli(file).stdout);
    expect(asked.closed_trades).toEqual([]);
    expect(asked.unresolved).toMatchObject([{ symbol: 'WXYZ', shares: '2000', line: 2 }]);
    const short = cli(file, '--sells-from-flat', 'short');
    expect(short.code).toBe(0);
    // Short 2,000 at 4.168, covered at 4.00: 336.00.
    expect(JSON.parse(short.stdout).closed_trades).toMatchObject([{ side: 'short', gross: '336.0000' }]);
    const held = JSON.parse(cli(file, '--sells-from-flat', 'held').stdout);
    expect(held.opened_before).toMatchObject([{ side: 'long', shares: '2000' }]);
    const bad = cli(file, '--sells-from-flat', 'maybe');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--sells-from-flat takes short or held, not "maybe"');
  });
});
