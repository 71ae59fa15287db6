import type { BrokerId } from '../executions.ts';
import { das } from './das.ts';
import { dasExecutions, dasOrders } from './das-logs.ts';
import { etrade, etradeLegacy } from './etrade.ts';
import { fidelity } from './fidelity.ts';
import { firstrade } from './firstrade.ts';
import type { BrokerFormat } from './format.ts';
import { nameSet } from './header.ts';
import { ibkr } from './ibkr.ts';
import { ibkrStatement } from './ibkr-statement.ts';
import { lightspeed } from './lightspeed.ts';
import { moomoo } from './moomoo.ts';
import { questrade } from './questrade.ts';
import { robinhood } from './robinhood.ts';
import { schwab } from './schwab.ts';
import { DETECT_LINES, headTables, type Row, usesDecimalComma } from './table.ts';
import { tastytrade } from './tastytrade.ts';
import { thinkorswim } from './thinkorswim.ts';
import { tradervue } from './tradervue.ts';
import { tradestation } from './tradestation.ts';
import { tradezero } from './tradezero.ts';
import { vanguard } from './vanguard.ts';
import { webull } from './webull.ts';

/** Every supported export. When two fit one header, the higher score (the more specific) wins. */
export const BROKER_FORMATS: readonly BrokerFormat[] = [
  das,
  dasOrders,
  dasExecutions,
  tradezero,
  webull,
  ibkr,
  ibkrStatement,
  thinkorswim,
  lightspeed,
  schwab,
  fidelity,
  etrade,
  etradeLegacy,
  robinhood,
  firstrade,
  tastytrade,
  questrade,
  moomoo,
  vanguard,
  tradestation,
  tradervue,
];

/** What detection found: the format, where its header is, and how the file is delimited. */
export interface Detection {
  format: BrokerFormat;
  headerLine: number;
  delimiter: string;
  decimalComma: boolean;
}

/** The closest header when no format fits: for the message and the mapping screen. */
export interface NearMiss {
  format: BrokerFormat;
  line: number;
  missing: string[];
}

export interface DetectResult {
  found: Detection | null;
  nearest: NearMiss | null;
  delimiter: string;
}

/**
 * Which export this is, from its header record (cells) or from the file's first lines (text);
 * null when no known header is there.
 */
export function detectBroker(input: string | readonly string[]): BrokerId | null {
  if (typeof input === 'string') return detectFormat(input)?.id ?? null;
  return best([{ line: 1, cells: input.map((c) => c.trim()) }]).found?.format.id ?? null;
}

/** The format whose header is among the first lines, or null. */
export function detectFormat(text: string): BrokerFormat | null {
  return detect(text).found?.format ?? null;
}

/**
 * Tries each delimiter on the first DETECT_LINES lines and keeps the best fitting header: in any
 * order, with extra or missing optional columns; ties go to the earliest line.
 */
export function detect(text: string): DetectResult {
  let result: DetectResult = { found: null, nearest: null, delimiter: ',' };
  let bestScore = -1;
  let nearestShare = 0;
  for (const { delimiter, rows } of headTables(text, DETECT_LINES)) {
    const { found, nearest, score, share } = scored(rows);
    if (found && score > bestScore) {
      bestScore = score;
      result = {
        found: { ...found, delimiter, decimalComma: usesDecimalComma(rows, delimiter) },
        nearest: null,
        delimiter,
      };
    } else if (!result.found && nearest && share > nearestShare) {
      nearestShare = share;
      result = { found: null, nearest, delimiter };
    }
  }
  return result;
}

function best(rows: readonly Row[]): DetectResult {
  const { found, nearest } = scored(rows);
  return { found: found ? { ...found, delimiter: ',', decimalComma: false } : null, nearest, delimiter: ',' };
}

/** Every column name a one-table format knows, to pass over records that are no header at a glance. */
const KNOWN_NAMES = new Set(BROKER_FORMATS.flatMap((format) => [...(format.columnNames ?? [])]));
const MARKED = BROKER_FORMATS.filter((format) => !format.columnNames);

function knownNames(names: ReadonlySet<string>): number {
  let n = 0;
  for (const name of names) if (KNOWN_NAMES.has(name)) n++;
  return n;
}

function scored(rows: readonly Row[]): {
  found: { format: BrokerFormat; headerLine: number } | null;
  nearest: NearMiss | null;
  score: number;
  share: number;
} {
  let found: { format: BrokerFormat; headerLine: number } | null = null;
  let score = -1;
  let nearest: NearMiss | null = null;
  let share = 0;
  let nearScore = 0;
  for (const row of rows) {
    if (row.cells.every((cell) => cell === '')) continue;
    const names = nameSet(row.cells);
    for (const format of knownNames(names) >= 2 ? BROKER_FORMATS : MARKED) {
      const fit = format.fit(row.cells, names);
      if (fit.complete) {
        if (fit.score > score) {
          score = fit.score;
          found = { format, headerLine: row.line };
        }
      } else if (fit.found >= 2) {
        // Most of a header: say which required columns are missing rather than "unknown".
        const part = fit.found / (fit.found + fit.missing.length);
        if (part > share || (part === share && fit.score > nearScore)) {
          share = part;
          nearScore = fit.score;
          nearest = { format, line: row.line, missing: fit.missing };
        }
      }
    }
  }
  return { found, nearest: share >= 0.5 ? nearest : null, score, share };
}
