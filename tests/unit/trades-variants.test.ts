import { readdirSync, readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { normName } from '../../functions/_lib/trades/brokers/header.ts';
import { detect } from '../../functions/_lib/trades/brokers/index.ts';
import { analyzeFile } from '../../functions/_lib/trades/import-file.ts';

/**
 * Every fixture read again after the changes members' files really go through: columns in another
 * order, a preamble with a byte-order mark and CRLF, semicolons instead of commas. The results must
 * not move. Multi-section statements keep their section layout, so only their dirt is varied.
 */
const DIR = new URL('../fixtures/brokers/', import.meta.url);
type Expected = Record<
  string,
  {
    totals: unknown;
    open_positions: unknown[];
    closed_trades: unknown[];
    date_given?: string;
    same_as?: string;
  }
>;
/** expected.json and the `NAME.expected.json` of each later fixture, as the fixtures test reads them. */
const expected = Object.assign(
  JSON.parse(readFileSync(new URL('expected.json', DIR), 'utf8')) as Expected,
  ...readdirSync(DIR)
    .filter((name) => name.endsWith('.expected.json'))
    .map((name) => JSON.parse(readFileSync(new URL(name, DIR), 'utf8')) as Expected),
) as Expected;
const SECTIONED = new Set([
  'thinkorswim.csv',
  'ibkr-statement.csv',
  'thinkorswim-papermoney.csv',
  'ibkr-statement-positions.csv',
  'ibkr-history.csv',
]);

function records(text: string): string[][] {
  return Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false }).data;
}

function write(rows: readonly (readonly string[])[], delimiter: string, end = '\n'): string {
  return Papa.unparse(rows as string[][], { delimiter, newline: end, quotes: false });
}

const variants: Record<string, (text: string) => string> = {
  'columns reversed': (text) =>
    write(
      records(text).map((row) => [...row].reverse()),
      ',',
    ),
  'preamble, BOM and CRLF': (text) =>
    `\uFEFFTrade history export\r\nAccount: X1234\r\n\r\n${text.replace(/\r?\n/g, '\r\n')}`,
  semicolons: (text) => write(records(text), ';'),
  'tabs, blank lines between rows': (text) =>
    write(records(text), '\t').replace(/\n(?=[^\n])/g, (_m, at: number) => (at % 3 === 0 ? '\n\n' : '\n')),
};

function date(file: string): string | undefined {
  const want = expected[file];
  if (file === 'das.csv' || want?.same_as === 'das.csv') return '2026-03-16';
  return want?.date_given;
}

/**
 * The columns the file's format does not read, hidden (as members hide them in a platform's window):
 * only the header's names the format knows are kept, with their cells.
 */
function hideUnread(text: string): string {
  const found = detect(text).found;
  const known = found?.format.columnNames;
  if (!found || !known) return text;
  const rows = records(text);
  // The record on the header's line (no multi-line cell comes before a header in the fixtures).
  const header = found.headerLine - 1;
  const keep = (rows[header] ?? []).flatMap((cell, i) => (known.has(normName(cell)) ? [i] : []));
  return write(
    rows.map((row, r) => (r < header ? row : keep.map((i) => row[i] ?? ''))),
    ',',
  );
}
variants['unread columns hidden'] = hideUnread;
// Excel's re-save: 03/17/2026 → 3/17/26, 09:35:02 → 9:35:02, ISO 2026-03-26 → 3/26/2026.
variants['dates re-saved by Excel'] = (text) =>
  text
    .replace(/\b0?(\d{1,2})\/0?(\d{1,2})\/20(\d\d)\b/g, '$1/$2/$3')
    .replace(/(^|[,\s"])0(\d):(\d\d):(\d\d)\b/gm, '$1$2:$3:$4')
    .replace(
      /(^|,)(20\d\d)-(\d\d)-(\d\d)(?=,)/gm,
      (_m, lead: string, y: string, mo: string, d: string) => `${lead}${Number(mo)}/${Number(d)}/${y}`,
    );

// CSV only: an XML report (ibkr-xml.xml) has no columns or delimiter to vary.
const files = Object.keys(expected).filter(
  (file) => file.endsWith('.csv') && !file.startsWith('dirt-semicolon'),
);

describe.each(Object.entries(variants))('every fixture, %s', (name, vary) => {
  it.each(files.filter((file) => !SECTIONED.has(file) || name.startsWith('preamble')))('%s', (file) => {
    const text = readFileSync(new URL(file, DIR), 'utf8');
    const want = expected[file];
    const given = date(file);
    const result = analyzeFile(vary(text), given ? { date: given } : {});
    expect(result.totals).toEqual(want?.totals);
    expect(result.open_positions).toHaveLength(want?.open_positions.length ?? 0);
    expect(result.closed_trades).toHaveLength(want?.closed_trades.length ?? 0);
  });
});
