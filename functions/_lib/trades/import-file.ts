import { type ColumnMapping, findHeader, mappingProblem } from './brokers/column-mapping.ts';
import { customFormat } from './brokers/custom.ts';
import type { BrokerFormat } from './brokers/format.ts';
import { detectFormat } from './brokers/index.ts';
import { readRows } from './brokers/table.ts';
import { ImportError } from './errors.ts';
import type { BrokerId, Execution, Rejection } from './executions.ts';
import { amount, toDecimal, ZERO } from './money.ts';
import { type ClosedTrade, matchRoundTrips, type OpenPosition } from './round-trips.ts';
import { computeStats, type TradeStats } from './stats.ts';
import { assertTimeZone } from './zoned-time.ts';

export interface AnalyzeOptions {
  /** Zone of the file's wall-clock times; default America/New_York (US exchange time). */
  timeZone?: string | undefined;
  /** Trade date `YYYY-MM-DD` for exports without one (DAS Trades window). */
  date?: string | undefined;
  /** The member's columns for a file no supported format recognises (brokers/column-mapping.ts). */
  mapping?: ColumnMapping | undefined;
}

export interface CurrencyTotals {
  closed_trades: number;
  wins: number;
  losses: number;
  gross: string;
  fees: string;
  net: string;
}

export interface FileAnalysis {
  broker: BrokerId;
  executions: Execution[];
  rejected: Rejection[];
  closed_trades: ClosedTrade[];
  open_positions: OpenPosition[];
  /** Keyed by currency, like expected.json. */
  totals: Record<string, CurrencyTotals>;
  /** Keyed by currency. */
  stats: Record<string, TradeStats>;
}

const DEFAULT_ZONE = 'America/New_York';

/** Everything the journal learns from one broker file. Throws ImportError for an unusable file. */
export function analyzeFile(text: string, options: AnalyzeOptions = {}): FileAnalysis {
  const timeZone = options.timeZone ?? DEFAULT_ZONE;
  try {
    assertTimeZone(timeZone);
  } catch {
    throw new ImportError(0, `unknown time zone "${timeZone}"`);
  }
  if (options.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(options.date)) {
    throw new ImportError(0, `date "${options.date}" is not YYYY-MM-DD`);
  }
  if (text.trim() === '') throw new ImportError(1, 'the file is empty');
  // Recognise the format before reading it all, so a file that is not a broker CSV at all is called
  // unknown rather than broken somewhere far down.
  const format = options.mapping ? mappedFormat(text, options.mapping) : detectFormat(text);
  if (!format)
    throw new ImportError(
      1,
      'unknown file format: no supported broker header in the first lines (map its columns to read it)',
    );
  const rows = readRows(text);
  const { executions, rejected } = format.parse(rows, { timeZone, date: options.date });
  const unique = distinctFingerprints(executions);
  const { closed_trades, open_positions } = matchRoundTrips(unique);
  const currencies = [...new Set(closed_trades.map((trade) => trade.currency))].sort();
  const totals: Record<string, CurrencyTotals> = {};
  const stats: Record<string, TradeStats> = {};
  for (const currency of currencies) {
    const trades = closed_trades.filter((trade) => trade.currency === currency);
    stats[currency] = computeStats(trades);
    totals[currency] = currencyTotals(trades);
  }
  return { broker: format.id, executions: unique, rejected, closed_trades, open_positions, totals, stats };
}

/** The format a member's mapping describes, once the file's header is known to have its columns. */
function mappedFormat(text: string, mapping: ColumnMapping): BrokerFormat {
  const header = findHeader(text);
  if (!header) throw new ImportError(1, 'no header row with column names in the first lines');
  const problem = mappingProblem(mapping, header.cells);
  if (problem) throw new ImportError(header.line, `column mapping: ${problem}`);
  return customFormat(mapping);
}

function currencyTotals(trades: readonly ClosedTrade[]): CurrencyTotals {
  let gross = ZERO;
  let fees = ZERO;
  let wins = 0;
  let losses = 0;
  for (const trade of trades) {
    gross = gross.plus(trade.gross);
    fees = fees.plus(trade.fees);
    const net = toDecimal(trade.net);
    if (net.gt(0)) wins++;
    if (net.lt(0)) losses++;
  }
  return {
    closed_trades: trades.length,
    wins,
    losses,
    gross: amount(gross),
    fees: amount(fees),
    net: amount(gross.minus(fees)),
  };
}

/**
 * Two identical rows in one file (same order, second, quantity and price, no exec id) are two real
 * fills: the second gets `#2` so an idempotent import keeps both.
 */
function distinctFingerprints(executions: readonly Execution[]): Execution[] {
  const seen = new Map<string, number>();
  return executions.map((execution) => {
    const count = (seen.get(execution.fingerprint) ?? 0) + 1;
    seen.set(execution.fingerprint, count);
    return count === 1 ? execution : { ...execution, fingerprint: `${execution.fingerprint}#${count}` };
  });
}
