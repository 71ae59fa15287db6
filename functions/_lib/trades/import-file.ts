/*
 * Where a broker file is recognised, once: here, in the process that holds the file. For the import
 * that is the member's browser (the import worker reads files of 50 MB without sending them); for
 * `trades:parse` the command. `readFile` detects the format and reads the file with that detection:
 * the import worker gets an unknown file's detection back (to offer the column mapping) instead of
 * looking again, and nothing downstream detects anything. The server never receives the file: it
 * takes the parsed executions, and enforces what it stores — each execution against the import
 * schema, its broker against the format registry, its fingerprint worked out from its fields
 * (trade-store/import.ts).
 */
import { type ColumnMapping, mappingProblem } from './brokers/column-mapping.ts';
import { customFormat } from './brokers/custom.ts';
import type { BrokerFormat } from './brokers/format.ts';
import { looksLikeXml, notFlexReport } from './brokers/ibkr-xml.ts';
import { closestFormats, type Detection, type DetectResult, detect } from './brokers/index.ts';
import { classify, instrumentSummary, notStock } from './brokers/instruments.ts';
import { findHeader } from './brokers/mapping-guess.ts';
import { type AmountGap, amountGap, gapRejection, gapSummary } from './brokers/reconcile.ts';
import { readRows } from './brokers/table.ts';
import { unreadInText } from './brokers/unread.ts';
import { ImportError } from './errors.ts';
import type {
  BrokerId,
  CorporateAction,
  Execution,
  Instrument,
  ParseResult,
  Rejection,
  StatedFigures,
  Warning,
} from './executions.ts';
import { amount, groupDigits, toDecimal, ZERO } from './money.ts';
import {
  type ActionOutcome,
  answerKey,
  type ClosedTrade,
  type FlatSellAnswer,
  type MatchResult,
  matchRoundTrips,
  type OpenedBefore,
  type OpenPosition,
  type PositionKey,
  type Unresolved,
} from './round-trips.ts';
import { checkWarnings, type StatementCheck, statementChecks } from './statement-checks.ts';
import { computeStats, type TradeStats } from './stats.ts';
import { assertTimeZone } from './zoned-time.ts';

export interface AnalyzeOptions {
  /** Zone of the file's wall-clock times; default America/New_York (US exchange time). */
  timeZone?: string | undefined;
  /** Trade date `YYYY-MM-DD` for exports without one (DAS Trades window). */
  date?: string | undefined;
  /** The member's columns for a file no supported format recognises (brokers/column-mapping.ts). */
  mapping?: ColumnMapping | undefined;
  /**
   * What plain sells with nothing held were: one answer for the whole file (`trades:parse
   * --sells-from-flat`), or the member's answers by account and symbol (`answerKey`). Unanswered ones
   * are listed in `unresolved` and counted nowhere.
   */
  sellsFromFlat?: FlatSellAnswer | Readonly<Record<string, FlatSellAnswer>> | undefined;
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
  /** Every data row not imported, with its line and why (cancelled, not a trade, unreadable…). */
  rejected: Rejection[];
  /** What else the member should know: footers passed over, joined files, a statement's P&L mismatch. */
  warnings: Warning[];
  closed_trades: ClosedTrade[];
  open_positions: OpenPosition[];
  /**
   * Closes of positions opened before the file (a history that starts mid-position): apart from
   * closed trades, out of totals and statistics, each also said in the warnings with its line.
   */
  opened_before: OpenedBefore[];
  /**
   * Plain sells with nothing held that nothing in the file explains, one per account and symbol (with
   * every later fill of it held back): the member answers "a short sale" or "shares held before".
   */
  unresolved: Unresolved[];
  /** Questions the file answered itself: its stated end position fits one answer only. */
  settled: SettledSell[];
  /** Plain sells with nothing held that an answer (the member's or the file's) explained, by fingerprint. */
  answered: Record<string, FlatSellAnswer>;
  /** What the file states about its own totals and positions, when it does. */
  stated?: StatedFigures;
  /** The reading compared with the file's own figures (statement-checks.ts): shown at the top of the preview. */
  checks: StatementCheck[];
  /** Splits and symbol changes the file reports, applied between its fills (corporate-actions.ts). */
  actions: CorporateAction[];
  /** What each did to the position it met: `applied` (before → after), `nothing held`, `waiting`, `not applied`. */
  action_outcomes: ActionOutcome[];
  /** Keyed by currency, like expected.json. */
  totals: Record<string, CurrencyTotals>;
  /** Keyed by currency. */
  stats: Record<string, TradeStats>;
}

const DEFAULT_ZONE = 'America/New_York';
const MISMATCH = toDecimal('0.01');

/** One reading of a broker file: what it holds, or no known format (its detection, for the mapping offer). */
export type FileReading =
  | { status: 'read'; analysis: FileAnalysis; format: BrokerFormat }
  | { status: 'unknown'; detection: DetectResult };

/** Everything the journal learns from one broker file. Throws ImportError for an unusable file. */
export function analyzeFile(text: string, options: AnalyzeOptions = {}): FileAnalysis {
  const reading = readFile(text, options);
  if (reading.status === 'unknown') throw unknownFormat(text, reading.detection);
  return reading.analysis;
}

/**
 * The file's format, found once (or the member's mapping), and the file read with it; an unknown
 * format comes back as its detection rather than an error. Throws ImportError for an unusable file.
 */
export function readFile(text: string, options: AnalyzeOptions = {}): FileReading {
  const timeZone = options.timeZone ?? DEFAULT_ZONE;
  try {
    assertTimeZone(timeZone);
  } catch {
    throw new ImportError(0, `unknown time zone "${timeZone}"`);
  }
  if (options.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(options.date)) {
    throw new ImportError(0, `date "${options.date}" is not YYYY-MM-DD`);
  }
  assertText(text);
  // Recognise the format before reading it all, so a file that is not a broker CSV at all is called
  // unknown rather than broken somewhere far down.
  let found: Detection;
  if (options.mapping) found = mappedFormat(text, options.mapping);
  else {
    const detection = detect(text);
    if (!detection.found) return { status: 'unknown', detection };
    found = detection.found;
  }
  return {
    status: 'read',
    analysis: readDetected(text, found, timeZone, options.date, options.sellsFromFlat),
    format: found.format,
  };
}

/** An unresolved sell the file's own end-of-period position answers. */
export interface SettledSell extends PositionKey {
  answer: FlatSellAnswer;
  /** Line of the stated position (0 when a complete position list leaves the symbol out: flat). */
  line: number;
}

/** The file read as the format detection found (or the mapping describes). */
function readDetected(
  text: string,
  found: Detection,
  timeZone: string,
  date: string | undefined,
  sellsFromFlat: AnalyzeOptions['sellsFromFlat'],
): FileAnalysis {
  const { format } = found;
  const parseOptions = {
    timeZone,
    date,
    decimalComma: found.decimalComma,
    headerLine: found.headerLine,
  };
  // An XML report (Flex Query) is read from its text: it has no CSV rows.
  const rows = format.readText ? [] : readRows(text, found.delimiter);
  const parsed = format.readText ? format.readText(text, parseOptions) : format.parse(rows, parseOptions);
  const { executions, rejected, warnings } = screen(parsed);
  rejected.sort((a, b) => a.line - b.line);
  warnings.push(...unreadInText(format, text, found.delimiter, found.headerLine));
  if (executions.length === 0) throw rejected.length > 0 ? nothingRead(rejected) : noRows(found);
  const unique = distinctFingerprints(executions);
  const actions = parsed.actions ?? [];
  const { match, settled } = matchFile(unique, sellsFromFlat, parsed.stated, actions);
  const { closed_trades, open_positions, opened_before, unresolved } = match;
  // A symbol still waiting for the member's answer has no reading to compare yet: its question is shown.
  const waiting = new Set(unresolved.map((question) => question.symbol));
  const checks = statementChecks(parsed.stated, match).filter((check) => !waiting.has(check.symbol));
  warnings.push(
    ...checkWarnings(checks),
    ...statementMismatches(closed_trades),
    ...opened_before.map(openedBeforeWarning),
    ...unresolved.map(unresolvedWarning),
    ...settled.map(settledWarning),
    ...(match.actions ?? []).flatMap(actionWarning),
  );
  warnings.sort((a, b) => a.line - b.line);
  const currencies = [...new Set(closed_trades.map((trade) => trade.currency))].sort();
  const totals: Record<string, CurrencyTotals> = {};
  const stats: Record<string, TradeStats> = {};
  for (const currency of currencies) {
    const trades = closed_trades.filter((trade) => trade.currency === currency);
    stats[currency] = computeStats(trades);
    totals[currency] = currencyTotals(trades);
  }
  return {
    broker: format.id,
    executions: unique,
    rejected,
    warnings,
    closed_trades,
    open_positions,
    opened_before,
    unresolved,
    settled,
    answered: match.answered ?? {},
    checks,
    actions,
    action_outcomes: match.actions ?? [],
    ...(parsed.stated ? { stated: parsed.stated } : {}),
    totals,
    stats,
  };
}

/**
 * Every executed row classified and checked against its own money before anything is matched: a row
 * that trades something else than stock, or whose amount contradicts its quantity × price, is listed
 * as not imported (with both figures), and the run's warnings count them.
 */
function screen(parsed: ParseResult): ParseResult {
  const rejected = [...parsed.rejected];
  const executions: Execution[] = [];
  const gaps: AmountGap[] = [];
  // A file trades few symbols many times: each class and symbol is classified once.
  const seen = new Map<string, Instrument>();
  for (const execution of parsed.executions) {
    const id = `${execution.assetClass ?? ''}\u0000${execution.symbol}`;
    let instrument = seen.get(id);
    if (instrument === undefined) {
      instrument = classify(execution.assetClass, execution.symbol);
      seen.set(id, instrument);
    }
    if (instrument !== 'stock') {
      const reason = notStock(instrument, execution.symbol).message;
      rejected.push({ line: execution.line, reason, instrument });
      continue;
    }
    const gap = amountGap(execution);
    if (gap) {
      gaps.push(gap);
      rejected.push(gapRejection(execution, gap));
      continue;
    }
    executions.push(execution);
  }
  return {
    executions,
    rejected,
    warnings: [...parsed.warnings, ...instrumentSummary(rejected), ...gapSummary(gaps)],
  };
}

/** The member's answers (or the file-wide one) as the matcher asks for them. */
function answers(
  given: AnalyzeOptions['sellsFromFlat'],
  settled: ReadonlyMap<string, FlatSellAnswer> = new Map(),
): (key: PositionKey) => FlatSellAnswer | undefined {
  return (key) => {
    const id = answerKey(key);
    if (typeof given === 'string') return given;
    return given?.[id] ?? settled.get(id);
  };
}

/**
 * The file matched with the member's answers; then, for each question left, the file's own stated end
 * position (a statement's *Equities* or *Open Positions*) tried against both answers: when exactly one
 * leaves the position the file states, the file has answered it.
 */
function matchFile(
  executions: readonly Execution[],
  given: AnalyzeOptions['sellsFromFlat'],
  stated: StatedFigures | undefined,
  actions: readonly CorporateAction[],
): { match: MatchResult; settled: SettledSell[] } {
  const first = matchRoundTrips(executions, { actions, sellsFromFlat: answers(given) });
  const positions = stated?.positions;
  if (first.unresolved.length === 0 || !positions) return { match: first, settled: [] };
  const statedShares = (key: PositionKey) => {
    const found = positions.find(
      (p) => p.symbol === key.symbol && (p.account === '' || p.account === key.account),
    );
    if (found) return { shares: toDecimal(found.shares), line: found.line };
    return stated?.positionsComplete ? { shares: ZERO, line: 0 } : null;
  };
  const endShares = (match: MatchResult, key: PositionKey) => {
    const open = match.open_positions.find(
      (p) => p.symbol === key.symbol && p.account === key.account && p.currency === key.currency,
    );
    if (!open) return ZERO;
    return open.side === 'long' ? toDecimal(open.shares) : toDecimal(open.shares).neg();
  };
  const tries = (['short', 'held'] as const).map((answer) => ({
    answer,
    match: matchRoundTrips(executions, {
      actions,
      sellsFromFlat: answers(given, new Map(first.unresolved.map((u) => [answerKey(u), answer] as const))),
    }),
  }));
  const settled: SettledSell[] = [];
  for (const question of first.unresolved) {
    const target = statedShares(question);
    if (!target) continue;
    const fits = tries.filter(({ match }) => endShares(match, question).eq(target.shares));
    const [only] = fits;
    if (fits.length === 1 && only)
      settled.push({ ...pickKey(question), answer: only.answer, line: target.line });
  }
  if (settled.length === 0) return { match: first, settled };
  const settledAnswers = new Map(settled.map((s) => [answerKey(s), s.answer] as const));
  return {
    match: matchRoundTrips(executions, { actions, sellsFromFlat: answers(given, settledAnswers) }),
    settled,
  };
}

const pickKey = ({ symbol, account, currency }: PositionKey): PositionKey => ({ symbol, account, currency });

/** What the member is told of a plain sell with nothing held and nothing in the file to explain it. */
function unresolvedWarning(question: Unresolved): Warning {
  return {
    line: question.line,
    message: `a sale of ${groupDigits(question.shares)} ${question.symbol} with none held in this file: a short sale (covered later) or shares held before this file? Not counted in P&L or positions until answered (${question.fills.length} ${question.fills.length === 1 ? 'execution' : 'executions'} wait)`,
  };
}

/** What the member is told when the file's own end position answered the question. */
function settledWarning(settled: SettledSell): Warning {
  const what =
    settled.answer === 'short'
      ? 'its opening sells are short sales'
      : 'its opening sells are of shares held before this file';
  return {
    line: settled.line,
    message: `${settled.symbol}: ${what}, as the statement's own end-of-period position shows`,
  };
}

/** What the member is told of a split or symbol change that did nothing here, or could not be applied. */
function actionWarning(outcome: ActionOutcome): Warning[] {
  const { action } = outcome;
  const what =
    action.kind === 'rename' ? `${action.symbol} → ${action.toSymbol ?? ''}` : `${action.symbol} split`;
  const day = action.time.slice(0, 10);
  if (outcome.outcome === 'nothing held')
    return [
      {
        line: action.line,
        message: `${what} on ${day}: no ${action.symbol} held in this file then, so it changed nothing here (it is kept, and applies to shares bought in an earlier file)`,
      },
    ];
  if (outcome.outcome === 'not applied')
    return [{ line: action.line, message: `${what} on ${day} not applied: ${outcome.reason ?? ''}` }];
  return [];
}

/** A file whose table has no data row at all: refused, not read as an empty history. */
function noRows(found: Detection): ImportError {
  return new ImportError(
    found.headerLine,
    `no trade in this file: ${found.format.label} found, but it has no trade rows (an empty export, or a statement for a period without trades)`,
  );
}

/** What the member is told of a close whose opening is not in the file. */
function openedBeforeWarning(close: OpenedBefore): Warning {
  const what =
    close.side === 'long'
      ? `a sale of ${groupDigits(close.shares)} ${close.symbol} bought before this file`
      : `a cover of ${groupDigits(close.shares)} ${close.symbol} shorted before this file`;
  return {
    line: close.line,
    message: `${what}: not counted in P&L or statistics until its opening is known (import the earlier file)`,
  };
}

/** Rejected lines a refusal names: enough to see the pattern, few enough to read. */
const REJECTIONS_NAMED = 3;

/**
 * A file whose every data row was rejected holds no trade: refused as a whole (the command exits
 * non-zero, the import dialog says why), naming its first rejected lines, rather than read as empty.
 */
export function nothingRead(rejected: readonly Rejection[]): ImportError {
  const named = rejected
    .slice(0, REJECTIONS_NAMED)
    .map((row) => `line ${row.line}: ${row.reason}`)
    .join('; ');
  const more = rejected.length > REJECTIONS_NAMED ? `; and ${rejected.length - REJECTIONS_NAMED} more` : '';
  const rows = rejected.length === 1 ? 'its 1 row was' : `all ${rejected.length} rows were`;
  return new ImportError(0, `no trade could be read from this file: ${rows} rejected (${named}${more})`);
}

/** An empty or binary file is refused before anything is looked for in it. */
export function assertText(text: string): void {
  if (text.trim() === '') throw new ImportError(1, 'the file is empty');
  const nul = text.indexOf('\u0000');
  if (nul >= 0) {
    const line = text.slice(0, nul).split('\n').length;
    throw new ImportError(line, 'this is not a text file (binary data): export the report as CSV');
  }
}

/**
 * The error for a file no format fits, naming the columns looked for: the closest formats (at most
 * three, whose header has at least half their required columns) and what each one lacks.
 */
function unknownFormat(text: string, { nearest, closest }: DetectResult): ImportError {
  if (looksLikeXml(text)) return notFlexReport(text);
  if (nearest) {
    const are = closest.length === 1 ? 'is' : 'are';
    return new ImportError(
      nearest.line,
      `unknown file format: no supported header; closest ${are} ${closestFormats(closest)} (map its columns to read it)`,
    );
  }
  return new ImportError(
    1,
    'unknown file format: no supported broker header in the first lines: a header needs date (or date and time), symbol, side (or signed quantity), quantity and price columns (map its columns to read it)',
  );
}

/** The format a member's mapping describes, once the file's header is known to have its columns. */
function mappedFormat(text: string, mapping: ColumnMapping): Detection & { format: BrokerFormat } {
  const header = findHeader(text);
  if (!header) throw new ImportError(1, 'no header row with column names in the first lines');
  const problem = mappingProblem(mapping, header.cells);
  if (problem) throw new ImportError(header.line, `column mapping: ${problem}`);
  return {
    format: customFormat(mapping),
    headerLine: header.line,
    delimiter: header.delimiter,
    decimalComma: header.decimalComma,
  };
}

/** A statement's own realised P&L that does not add up to the trade's net: said, not hidden. */
function statementMismatches(trades: readonly ClosedTrade[]): Warning[] {
  return trades.flatMap((trade) =>
    // IBKR prints its P&L rounded to the cent; more than that is a real difference.
    trade.reported && toDecimal(trade.reported.net).minus(trade.net).abs().gt(MISMATCH)
      ? [
          {
            line: trade.reported.line,
            message: `${trade.symbol} trade closed ${trade.exit}: the statement's Realized P/L adds up to ${trade.reported.net}, the fills to ${trade.net}`,
          },
        ]
      : [],
  );
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
 * fills: the second is occurrence 2 (and its fingerprint in the file ends `#2`), so an idempotent
 * import keeps both. The occurrence is sent to the server as it is made here.
 */
function distinctFingerprints(executions: readonly Execution[]): Execution[] {
  const seen = new Map<string, number>();
  return executions.map((execution) => {
    const occurrence = (seen.get(execution.fingerprint) ?? 0) + 1;
    seen.set(execution.fingerprint, occurrence);
    return occurrence === 1
      ? execution
      : { ...execution, occurrence, fingerprint: `${execution.fingerprint}#${occurrence}` };
  });
}
