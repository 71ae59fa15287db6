import type { BrokerId } from '../executions.ts';
import { das } from './das.ts';
import { dasExecutions, dasOrders } from './das-logs.ts';
import { etrade, etradeLegacy } from './etrade.ts';
import { fidelity } from './fidelity.ts';
import { firstrade } from './firstrade.ts';
import type { BrokerFormat } from './format.ts';
import { type Fit, nameSet } from './header.ts';
import { ibkr } from './ibkr.ts';
import { ibkrHistory } from './ibkr-history.ts';
import { ibkrStatement } from './ibkr-statement.ts';
import { ibkrXml, isFlexXml, looksLikeXml } from './ibkr-xml.ts';
import { lightspeed } from './lightspeed.ts';
import { moomoo } from './moomoo.ts';
import { questrade } from './questrade.ts';
import { questradeFills } from './questrade-fills.ts';
import { robinhood } from './robinhood.ts';
import { schwab } from './schwab.ts';
import { schwabRealized } from './schwab-realized.ts';
import { DETECT_LINES, headTables, type Row, usesDecimalComma } from './table.ts';
import { tastytrade } from './tastytrade.ts';
import { thinkorswim } from './thinkorswim.ts';
import { tiger } from './tiger.ts';
import { tradervue } from './tradervue.ts';
import { tradervueTrades } from './tradervue-trades.ts';
import { tradestation } from './tradestation.ts';
import { tradezero } from './tradezero.ts';
import { vanguard } from './vanguard.ts';
import { webull } from './webull.ts';
import { webullIntl } from './webull-intl.ts';

/**
 * Every supported export, and where BrokerId comes from (`FormatId`). The order is the order of the
 * documented format table only: detection never depends on it (see `precedes`).
 */
export const BROKER_FORMATS = [
  das,
  dasOrders,
  dasExecutions,
  tradezero,
  webull,
  webullIntl,
  tiger,
  ibkr,
  ibkrStatement,
  ibkrHistory,
  ibkrXml,
  thinkorswim,
  lightspeed,
  schwab,
  schwabRealized,
  fidelity,
  etrade,
  etradeLegacy,
  robinhood,
  firstrade,
  tastytrade,
  questrade,
  questradeFills,
  moomoo,
  vanguard,
  tradestation,
  tradervueTrades,
  tradervue,
] as const satisfies readonly BrokerFormat<string>[];

/** The id of every format in the registry (`custom`, the member's mapping, is not one). */
export type FormatId = (typeof BROKER_FORMATS)[number]['id'];

/** The registry's ids, for checks at run time (the import's schema, the CLI). */
export const FORMAT_IDS: ReadonlySet<string> = new Set(BROKER_FORMATS.map((format) => format.id));

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
  /** The closest header when nothing fits (the first of `closest`). */
  nearest: NearMiss | null;
  /** The formats that came closest, by the share of their required columns the header has. */
  closest: NearMiss[];
  delimiter: string;
}

/** How many near misses a refusal names. */
const CLOSEST_NAMED = 3;

/**
 * How a complete fit ranks against another: first its coverage, the share of the header's names
 * the format reads (any field's spelling); then its score (fields found + 3 per distinctive name).
 * A marker-line format (a statement) covers its header by definition.
 */
export interface Rank {
  coverage: number;
  score: number;
}

export function rankOf(fit: Fit, names: ReadonlySet<string>): Rank {
  const coverage = fit.reads === undefined || names.size === 0 ? 1 : fit.reads / names.size;
  return { coverage, score: fit.score };
}

/** True when a ranks strictly above b (a tie keeps the one found first). */
export function outranks(a: Rank, b: Rank | null): boolean {
  if (!b) return true;
  if (a.coverage !== b.coverage) return a.coverage > b.coverage;
  return a.score > b.score;
}

/**
 * Which of two formats that read one header equally well (a full rank tie) wins: the one that
 * declares it `beats` the other; failing that the smaller id, so the answer never depends on where
 * a format sits in the registry. Every tie a known export meets is declared (a test says so).
 */
export function precedes(a: BrokerFormat<string>, b: BrokerFormat<string>): boolean {
  if (a.beats?.includes(b.id as BrokerId)) return true;
  if (b.beats?.includes(a.id as BrokerId)) return false;
  return a.id < b.id;
}

/** Set by `onUndeclaredTie`: told of a full tie that no `beats` settles (the precedence test listens). */
let undeclaredTie: ((a: BrokerId, b: BrokerId) => void) | null = null;

/** For tests: hear of every full tie settled by id alone (the registry should declare it). */
export function onUndeclaredTie(listener: ((a: BrokerId, b: BrokerId) => void) | null): void {
  undeclaredTie = listener;
}

/**
 * The closest formats as a refusal names them, by what each lacks:
 * `Webull orders (missing Filled Time) and Moomoo (missing Order Time, Filled@Avg Price)`.
 */
export function closestFormats(closest: readonly NearMiss[]): string {
  const named = closest.map((near) => `${near.format.label} (missing ${near.missing.join(', ')})`);
  return named.length <= 1 ? named.join('') : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
}

/**
 * Which export this is, from its header record (cells) or from the file's first lines (text);
 * null when no known header is there.
 */
export function detectBroker(
  input: string | readonly string[],
  formats: readonly BrokerFormat[] = BROKER_FORMATS,
): BrokerId | null {
  if (typeof input === 'string') return detect(input, formats).found?.format.id ?? null;
  return best([{ line: 1, cells: input.map((c) => c.trim()) }], formats).found?.format.id ?? null;
}

/** The format whose header is among the first lines, or null. */
export function detectFormat(text: string): BrokerFormat | null {
  return detect(text).found?.format ?? null;
}

/**
 * Tries each delimiter on the first DETECT_LINES lines and keeps the best fitting header: in any
 * order, with extra or missing optional columns; ties go to the earliest line. `formats` is the
 * registry, in any order (a test reads every fixture through it shuffled).
 */
export function detect(text: string, formats: readonly BrokerFormat[] = BROKER_FORMATS): DetectResult {
  // An XML file has no header line: it is a Flex Query report or no known format at all.
  if (looksLikeXml(text)) {
    const found = isFlexXml(text)
      ? { format: ibkrXml, headerLine: 1, delimiter: ',', decimalComma: false }
      : null;
    return { found, nearest: null, closest: [], delimiter: ',' };
  }
  let result: DetectResult = { found: null, nearest: null, closest: [], delimiter: ',' };
  let bestRank: Rank | null = null;
  let nearestShare = 0;
  for (const { delimiter, rows } of headTables(text, DETECT_LINES)) {
    const { found, closest, rank, share } = scored(rows, formats);
    if (found && rank && outranks(rank, bestRank)) {
      bestRank = rank;
      result = {
        found: { ...found, delimiter, decimalComma: usesDecimalComma(rows, delimiter) },
        nearest: null,
        closest: [],
        delimiter,
      };
    } else if (!result.found && closest.length > 0 && share > nearestShare) {
      nearestShare = share;
      result = { found: null, nearest: closest[0] ?? null, closest, delimiter };
    }
  }
  return result;
}

function best(rows: readonly Row[], formats: readonly BrokerFormat[]): DetectResult {
  const { found, closest } = scored(rows, formats);
  return {
    found: found ? { ...found, delimiter: ',', decimalComma: false } : null,
    nearest: closest[0] ?? null,
    closest,
    delimiter: ',',
  };
}

/** Every column name a one-table format knows, to pass over records that are no header at a glance. */
const KNOWN_NAMES = new Set(BROKER_FORMATS.flatMap((format) => [...(format.columnNames ?? [])]));

function knownNames(names: ReadonlySet<string>): number {
  let n = 0;
  for (const name of names) if (KNOWN_NAMES.has(name)) n++;
  return n;
}

/** `precedes`, and the test told when no `beats` settled it. */
function wins(a: BrokerFormat, b: BrokerFormat): boolean {
  if (!a.beats?.includes(b.id) && !b.beats?.includes(a.id)) undeclaredTie?.(a.id, b.id);
  return precedes(a, b);
}

function scored(
  rows: readonly Row[],
  formats: readonly BrokerFormat[],
): {
  found: { format: BrokerFormat; headerLine: number } | null;
  closest: NearMiss[];
  rank: Rank | null;
  share: number;
} {
  let found: { format: BrokerFormat; headerLine: number } | null = null;
  let rank: Rank | null = null;
  const near = new Map<BrokerFormat, NearMiss & { share: number; score: number }>();
  const marked = formats.filter((format) => !format.columnNames);
  for (const row of rows) {
    if (row.cells.every((cell) => cell === '')) continue;
    const names = nameSet(row.cells);
    let here: { format: BrokerFormat; rank: Rank } | null = null;
    for (const format of knownNames(names) >= 2 ? formats : marked) {
      const fit = format.fit(row.cells, names);
      if (fit.complete) {
        const its = rankOf(fit, names);
        if (!here || outranks(its, here.rank) || (!outranks(here.rank, its) && wins(format, here.format)))
          here = { format, rank: its };
      } else if (fit.found >= 2) {
        // Most of a header: say which required columns are missing rather than "unknown".
        const share = fit.found / (fit.found + fit.missing.length);
        const before = near.get(format);
        if (
          share >= 0.5 &&
          (!before || share > before.share || (share === before.share && fit.score > before.score))
        )
          near.set(format, { format, line: row.line, missing: fit.missing, share, score: fit.score });
      }
    }
    // The best of this record; an equal rank on a later record keeps the earlier header.
    if (here && outranks(here.rank, rank)) {
      rank = here.rank;
      found = { format: here.format, headerLine: row.line };
    }
  }
  // Closest first: the larger share of required columns, then fewer missing, then the higher score.
  const closest = [...near.values()]
    .sort(
      (a, b) =>
        b.share - a.share ||
        a.missing.length - b.missing.length ||
        b.score - a.score ||
        (a.format.id < b.format.id ? -1 : 1),
    )
    .slice(0, CLOSEST_NAMED);
  return {
    found,
    closest: closest.map(({ format, line, missing }) => ({ format, line, missing })),
    rank,
    share: closest[0]?.share ?? 0,
  };
}
