import { readdirSync, readFileSync } from 'node:fs';
import { detect } from '../../functions/_lib/trades/brokers/index.ts';
import { readRows } from '../../functions/_lib/trades/brokers/table.ts';
import type { ParseResult } from '../../functions/_lib/trades/executions.ts';

/**
 * A folder's expected results: `expected.json`, and beside it one `NAME.expected.json` per later
 * fixture (its results under the fixture's file name), so adding a format never edits a shared file.
 */
export function expectedResults<T>(dir: URL): Record<string, T> {
  return Object.assign(
    JSON.parse(readFileSync(new URL('expected.json', dir), 'utf8')) as Record<string, T>,
    ...readdirSync(dir)
      .filter((name) => name.endsWith('.expected.json'))
      .map((name) => JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as Record<string, T>),
  ) as Record<string, T>;
}

/** A file read as the import reads it, before matching: detected, split into rows, parsed by its format. */
export function parseFile(text: string): { format: string; parsed: ParseResult } {
  const found = detect(text).found;
  if (!found) throw new Error('no format found');
  const parsed = found.format.parse(readRows(text, found.delimiter), {
    timeZone: 'America/New_York',
    decimalComma: found.decimalComma,
    headerLine: found.headerLine,
  });
  return { format: found.format.id, parsed };
}
