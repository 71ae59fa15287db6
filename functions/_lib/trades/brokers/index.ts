import type { BrokerId } from '../executions.ts';
import { das } from './das.ts';
import type { BrokerFormat } from './format.ts';
import { ibkr } from './ibkr.ts';
import { lightspeed } from './lightspeed.ts';
import { schwab } from './schwab.ts';
import { readRows } from './table.ts';
import { thinkorswim } from './thinkorswim.ts';
import { tradezero } from './tradezero.ts';
import { webull } from './webull.ts';

/** Every supported export. Order matters only if two headers ever matched the same record. */
export const BROKER_FORMATS: readonly BrokerFormat[] = [
  das,
  tradezero,
  webull,
  ibkr,
  thinkorswim,
  lightspeed,
  schwab,
];

/** How many leading records detection looks at (Schwab's older export has a title line first). */
const DETECT_RECORDS = 5;

/**
 * Which export this is, from its header record (cells) or from the file's first lines (text);
 * null when no known header is there.
 */
export function detectBroker(input: string | readonly string[]): BrokerId | null {
  return detectFormat(input)?.id ?? null;
}

/** The format whose header is among the first records, or null. */
export function detectFormat(input: string | readonly string[]): BrokerFormat | null {
  return typeof input === 'string'
    ? formatOfRecords(firstRecords(input))
    : formatOfRecords([input.map((c) => c.trim())]);
}

function formatOfRecords(records: readonly (readonly string[])[]): BrokerFormat | null {
  for (const cells of records.slice(0, DETECT_RECORDS)) {
    const format = BROKER_FORMATS.find((candidate) => candidate.isHeader(cells));
    if (format) return format;
  }
  return null;
}

function firstRecords(text: string): string[][] {
  const head = text.split(/\r?\n/).slice(0, DETECT_RECORDS).join('\n');
  try {
    return readRows(head).map((row) => row.cells);
  } catch {
    return []; // a quote left open by the cut: not a header we know
  }
}
