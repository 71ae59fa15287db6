import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BROKER_FORMATS, detectBroker } from '../../functions/_lib/trades/brokers/index.ts';
import { analyzeFile } from '../../functions/_lib/trades/import-file.ts';

// tests/fixtures/brokers/README.md is written by hand (sources, quirks, per-trade detail); what it
// shares with the registry and the fixtures is checked here: every file listed, every format with a
// fixture, the counts in its first lines, and each file's closed trades, gross, fees and net as the
// importer reads them.
const DIR = new URL('../fixtures/brokers/', import.meta.url);
const README = readFileSync(new URL('README.md', DIR), 'utf8');
const FILES = readdirSync(DIR).filter((name) => /\.(?:csv|xml)$/.test(name));
const expected = JSON.parse(readFileSync(new URL('expected.json', DIR), 'utf8')) as Record<
  string,
  { same_as?: string; date_given?: string }
>;

/** The rows of the README's tables whose first cell is a fixture file: file → cells. */
function tableRows(): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const line of README.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const file = cells[1] ?? '';
    if (line.startsWith('| ') && /\.(?:csv|xml)$/.test(file)) rows.set(file, cells.slice(2, -1));
  }
  return rows;
}

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const TENS = ['', '', 'twenty', 'thirty', 'forty'];
/** `Thirty-two` → 32 (the README's counts are words). */
function numberOf(word: string): number {
  const [tens = '', ones = ''] = word.toLowerCase().split('-');
  const t = TENS.indexOf(tens);
  return t > 0 ? t * 10 + Math.max(0, WORDS.indexOf(ones)) : WORDS.indexOf(tens);
}

function dateFor(file: string): string | undefined {
  const base = expected[file]?.same_as ?? file;
  if (base === 'das.csv' || base === 'das-hidden-columns.csv') return '2026-03-16';
  return expected[file]?.date_given ?? expected[base]?.date_given;
}

/** `3 (2/1)` or `USD 1 (1/0), CAD 1 (1/0)` → currency ('' when the row names none) → closed trades. */
function perCurrency(cell: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of cell.split(',')) {
    const match = /^\s*(?:([A-Z]{3}) )?(.+?)\s*$/.exec(part);
    if (match) out.set(match[1] ?? '', (match[2] ?? '').replaceAll('−', '-'));
  }
  return out;
}

describe('tests/fixtures/brokers/README.md', () => {
  const rows = tableRows();

  it('lists every fixture file, and lists no file that is not there', () => {
    expect([...rows.keys()].sort()).toEqual([...FILES].sort());
  });

  it('has a fixture for every format of the registry', () => {
    const read = new Set(FILES.map((file) => detectBroker(readFileSync(new URL(file, DIR), 'utf8'))));
    expect(BROKER_FORMATS.map((format) => format.id).filter((id) => !read.has(id))).toEqual([]);
  });

  it('counts in its first lines the exports and dirty copies it lists', () => {
    const intro = /^([A-Z][a-z-]+) \*\*synthetic\*\* exports[\s\S]*?, ([a-z-]+) dirty copies/m.exec(README);
    const copies = FILES.filter((file) => expected[file]?.same_as).length;
    expect(intro, 'the first paragraph names both counts').not.toBeNull();
    expect(numberOf(intro?.[1] ?? '')).toBe(FILES.length - copies);
    expect(numberOf(intro?.[2] ?? '')).toBe(copies);
  });

  it.each(FILES.filter((file) => !expected[file]?.same_as))(
    '%s: closed trades, gross, fees and net as the importer reads them',
    (file) => {
      const [, closed = '', gross = '', fees = '', net = ''] = rows.get(file) ?? [];
      const analysis = analyzeFile(readFileSync(new URL(file, DIR), 'utf8'), { date: dateFor(file) });
      const currencies = Object.keys(analysis.totals);
      const named = (cell: string) =>
        [...perCurrency(cell)]
          .map(([currency, value]) => [currency || currencies[0] || '', value])
          .sort(([a = ''], [b = '']) => a.localeCompare(b));
      expect(named(closed)).toEqual(
        currencies.map((c) => [
          c,
          `${analysis.totals[c]?.closed_trades} (${analysis.totals[c]?.wins}/${analysis.totals[c]?.losses})`,
        ]),
      );
      expect(named(gross)).toEqual(currencies.map((c) => [c, analysis.totals[c]?.gross]));
      expect(named(fees)).toEqual(currencies.map((c) => [c, analysis.totals[c]?.fees]));
      expect(named(net)).toEqual(currencies.map((c) => [c, analysis.totals[c]?.net]));
    },
  );
});
