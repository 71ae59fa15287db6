import Papa from 'papaparse';
import { ImportError } from '../errors.ts';
import type { CorporateAction, Execution, NotStock, ParseResult } from '../executions.ts';
import { type Decimal, parseBrokerNumber } from '../money.ts';
import { normName } from './header.ts';

/** One CSV record with the 1-based line it starts on. */
export interface Row {
  line: number;
  cells: string[];
}

/** The records of a file and how its numbers are written. */
export interface Table {
  rows: Row[];
  delimiter: string;
  /** `;`-separated exports from European Excel write `0,0042` for 0.0042. */
  decimalComma: boolean;
}

/** Delimiters an export may use: Excel in European locales saves `;`, pasted grids are tab-separated. */
export const DELIMITERS = [',', ';', '\t', '|'] as const;

/** Statements put preambles first (E*TRADE six lines, IBKR whole sections): headers are looked for this far. */
export const DETECT_LINES = 200;

/** The first `count` lines of the text, without splitting a 50 MB file into a million lines first. */
export function headLines(text: string, count: number): string {
  let at = 0;
  for (let n = 0; n < count; n++) {
    const next = text.indexOf('\n', at);
    if (next < 0) return text;
    at = next + 1;
  }
  return text.slice(0, at);
}

/**
 * A file's bytes as text: UTF-16 when it starts with a UTF-16 byte-order mark (Moomoo's localized
 * exports, Excel's "Unicode text"), else UTF-8 (invalid bytes become U+FFFD rather than failing).
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return new TextDecoder('utf-8').decode(bytes);
}

/**
 * The first `count` lines read with each delimiter they hold (the comma always): where headers are
 * looked for. A quote left open by the cut loses only the lines from it on.
 */
export function headTables(text: string, count: number): { delimiter: string; rows: Row[] }[] {
  const head = headLines(withoutBom(text), count);
  return DELIMITERS.filter((delimiter) => delimiter === ',' || head.includes(delimiter)).map((delimiter) => ({
    delimiter,
    rows: headRows(head, delimiter),
  }));
}

function headRows(head: string, delimiter: string): Row[] {
  try {
    return readRows(head, delimiter);
  } catch {
    const rows: Row[] = [];
    head.split(/\r?\n/).forEach((line, i) => {
      try {
        for (const row of readRows(line, delimiter)) rows.push({ ...row, line: i + 1 });
      } catch {
        // the line the open quote starts on, or one after it
      }
    });
    return rows;
  }
}

/** Strips what editors put before the first byte of data: a UTF-8 byte-order mark. */
export function withoutBom(text: string): string {
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/**
 * Splits CSV text into records with papaparse (string input: no Node or DOM API, so it also runs in a
 * Web Worker). Line numbers are counted from the text so messages point at the line a member sees.
 * The delimiter is the one detection chose (a guess by papaparse would be fooled by a preamble).
 * A malformed quote is fatal for the whole file.
 */
export function readRows(text: string, delimiter = ','): Row[] {
  const parsed = Papa.parse<string[]>(withoutBom(text), { delimiter, skipEmptyLines: false });
  const fatal = parsed.errors.find((error) => error.type === 'Quotes');
  const lines = lineStarts(parsed.data);
  if (fatal) {
    const row = fatal.row ?? 0;
    throw new ImportError(lines[row] ?? row + 1, `broken CSV (${fatal.message})`);
  }
  return parsed.data.map((cells, index) => ({
    line: lines[index] ?? index + 1,
    cells: cells.map(cleanCell),
  }));
}

/** Trimmed, with the `--` and `None` some exports print for an empty cell read as empty. */
function cleanCell(cell: string): string {
  const trimmed = cell.trim();
  return trimmed === '--' || trimmed === 'None' ? '' : trimmed;
}

/** The first line of each record: a quoted field may span lines, so count the newlines inside records. */
function lineStarts(records: readonly string[][]): number[] {
  const starts: number[] = [];
  let line = 1;
  for (const record of records) {
    starts.push(line);
    let breaks = 1;
    for (const cell of record) {
      if (cell.includes('\n')) breaks += cell.split('\n').length - 1;
    }
    line += breaks;
  }
  return starts;
}

/** Decimal commas: numbers like `0,0042` with no `1,234.56`-style thousands anywhere in the sample. */
export function usesDecimalComma(rows: readonly Row[], delimiter: string): boolean {
  if (delimiter === ',') return false;
  let comma = 0;
  for (const row of rows) {
    for (const cell of row.cells) {
      if (/^-?\$?\d{1,3}(,\d{3})+\.\d+$/.test(cell)) return false;
      if (/^[-(]?\$?\d*,\d+\)?$/.test(cell) && !/^\d{1,3},\d{3}$/.test(cell)) comma++;
    }
  }
  return comma > 0;
}

export function isBlank(row: Row): boolean {
  return row.cells.every((cell) => cell === '');
}

/** Cells that hold something. */
export function filled(row: Row): number {
  let n = 0;
  for (const cell of row.cells) if (cell !== '') n++;
  return n;
}

/** Column access by header name (case, spaces and `_` ignored), so extra or reordered columns do not matter. */
export class Columns {
  private readonly index = new Map<string, number>();
  private readonly exact = new Map<string, number>();
  readonly decimalComma: boolean;

  constructor(header: readonly string[], decimalComma = false) {
    this.decimalComma = decimalComma;
    header.forEach((name, i) => {
      const key = normName(name);
      if (key !== '' && !this.index.has(key)) this.index.set(key, i);
      // The exact spelling too, so the common lookup needs no normalising.
      if (!this.exact.has(name.trim())) this.exact.set(name.trim(), i);
    });
  }

  /** A column the file does not have reads as empty: leaner exports simply lack some fee columns. */
  get(row: Row, name: string): string {
    const i = this.exact.get(name) ?? this.index.get(normName(name));
    return i === undefined ? '' : (row.cells[i] ?? '');
  }

  /** True when the header has this column. */
  has(name: string): boolean {
    return this.exact.has(name) || this.index.has(normName(name));
  }

  /** The first of these names the header has (aliases of one field), or null. */
  pick(names: readonly string[]): string | null {
    return names.find((name) => this.has(name)) ?? null;
  }

  number(raw: string): Decimal | null {
    return parseBrokerNumber(this.decimalComma ? raw.replaceAll('.', '').replace(',', '.') : raw);
  }
}

/** A row-level problem: the row becomes a rejection, the rest of the file is still read. */
export class RowError extends Error {}

/** A row read on purpose as no trade (cancelled, a dividend…): listed with its reason, never imported. */
export class NotATrade extends RowError {}

/** A row that trades something else than stock (an option, a future…): listed and counted apart. */
export class NotStockRow extends NotATrade {
  readonly instrument: NotStock;

  constructor(instrument: NotStock, message: string) {
    super(message);
    this.instrument = instrument;
  }
}

/** A row that reports a split or a symbol change: listed in `result.actions`, neither kept nor rejected. */
export class CorporateActionRow extends RowError {
  readonly actions: CorporateAction[];

  constructor(actions: CorporateAction[]) {
    super('a corporate action');
    this.actions = actions;
  }
}

/** What every parser is given: the zone of the file's wall-clock times and, for DAS, the trade date. */
export interface ParseOptions {
  timeZone: string;
  date?: string | undefined;
  /** Numbers written `0,0042` (see usesDecimalComma). */
  decimalComma?: boolean | undefined;
  /** Line of the header detection found, when the format has one. */
  headerLine?: number | undefined;
}

/**
 * Reads one data row into the result: a returned Execution is kept, a RowError (NotATrade included)
 * becomes a rejection naming the line and why it was not imported.
 */
export function readRow(result: ParseResult, row: Row, read: (row: Row) => Execution | null): void {
  try {
    const execution = read(row);
    if (execution) result.executions.push(execution);
  } catch (error) {
    if (!(error instanceof RowError)) throw error;
    if (error instanceof CorporateActionRow) {
      result.actions = [...(result.actions ?? []), ...error.actions];
      return;
    }
    result.rejected.push({
      line: row.line,
      reason: error.message,
      ...(error instanceof NotStockRow ? { instrument: error.instrument } : {}),
    });
  }
}

/** readRow over the non-blank data rows. */
export function collect(
  rows: readonly Row[],
  read: (row: Row) => Execution | null,
  result: ParseResult = { executions: [], rejected: [], warnings: [] },
): ParseResult {
  for (const row of rows) if (!isBlank(row)) readRow(result, row, read);
  return result;
}
