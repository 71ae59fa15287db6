import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectBroker } from '../../functions/_lib/trades/brokers/index.ts';
import { analyzeFile } from '../../functions/_lib/trades/import-file.ts';
import { importError } from '../support/trades.ts';

const das = readFileSync(new URL('../fixtures/brokers/das.csv', import.meta.url), 'utf8');
const tradezero = readFileSync(new URL('../fixtures/brokers/tradezero.csv', import.meta.url), 'utf8');

describe('import errors and rejections', () => {
  it('detects by a header row as well as by text', () => {
    expect(
      detectBroker(['Name', 'Symbol', 'Side', 'Status', 'Filled', 'Total Qty', 'Avg Price', 'Filled Time']),
    ).toBe('webull');
    expect(detectBroker('a,b,c\n1,2,3\n')).toBeNull();
  });

  it('names line 1 for an unknown format', () => {
    const error = importError(() => analyzeFile('foo,bar\n1,2\n'));
    expect(error.line).toBe(1);
    expect(error.message).toMatch(/unknown file format/);
  });

  it('names the line of a broken quote', () => {
    const broken = `${tradezero.trimEnd()}\nTZP20931,"03/17/2026,03/18/2026,USD,2,B,AITX,1,0.0061,09:35:02\n`;
    const error = importError(() => analyzeFile(broken));
    expect(error.message).toMatch(/^line 11: broken CSV/);
  });

  it('asks for the date of a DAS export', () => {
    expect(importError(() => analyzeFile(das)).message).toMatch(/--date/);
  });

  it('rejects an unknown zone and a malformed date', () => {
    expect(
      importError(() => analyzeFile(das, { date: '2026-03-16', timeZone: 'Mars/Olympus' })).message,
    ).toMatch(/time zone/);
    expect(importError(() => analyzeFile(das, { date: '16.03.2026' })).message).toMatch(/YYYY-MM-DD/);
  });

  it('rejects a bad row with its line and keeps the rest', () => {
    const lines = tradezero.trimEnd().split('\n');
    lines[2] = (lines[2] ?? '').replace('0.0062', '0.00x2');
    lines[3] = (lines[3] ?? '').replace(',S,AITX', ',X,AITX');
    const result = analyzeFile(lines.join('\n'));
    expect(result.rejected).toEqual([
      { line: 3, reason: 'Price "0.00x2" is not a number' },
      { line: 4, reason: 'Side "X" is not one of B, S, SS, BC' },
    ]);
    expect(result.executions).toHaveLength(7);
  });
});
