import Papa from 'papaparse';
import { ImportError } from '../errors.ts';
import type { Execution, ParseResult } from '../executions.ts';

/** One CSV record with the 1-based line it starts on. */
export interface Row {
  line: number;
  cells: string[];
}

/**
 * Splits CSV text into records with papaparse (string input: no Node or DOM API, so it also runs in a
 * Web Worker). Line numbers are counted from the text so messages point at the line a member sees.
 * Every supported export is comma-separated, so the delimiter is fixed rather than guessed.
 * A malformed quote is fatal for the whole file.
 */
export function readRows(text: string): Row[] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const parsed = Papa.parse<string[]>(body, { delimiter: ',', skipEmptyLines: false });
  const fatal = parsed.errors.find((error) => error.type === 'Quotes');
  const lines = lineStarts(parsed.data);
  if (fatal) {
    const row = fatal.row ?? 0;
    throw new ImportError(lines[row] ?? row + 1, `broken CSV (${fatal.message})`);
  }
  return parsed.data.map((cells, index) => ({
    line: lines[index] ?? index + 1,
    cells: cells.map((c) => c.trim()),
  }));
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

export function isBlank(row: Row): boolean {
  return row.cells.every((cell) => cell === '');
}

/** Column access by header name, so extra or reordered columns do not break a parser. */
export class Columns {
  private readonly index = new Map<string, number>();
  private readonly exact = new Map<string, number>();

  constructor(header: readonly string[]) {
    header.forEach((name, i) => {
      const key = name.trim().toLowerCase();
      if (key !== '' && !this.index.has(key)) this.index.set(key, i);
      // The exact spelling too, so the common lookup needs no lower-casing.
      if (!this.exact.has(name.trim())) this.exact.set(name.trim(), i);
    });
  }

  /** A column the file does not have reads as empty: leaner exports simply lack some fee columns. */
  get(row: Row, name: string): string {
    const i = this.exact.get(name) ?? this.index.get(name.toLowerCase());
    return i === undefined ? '' : (row.cells[i] ?? '');
  }
}

/** A row-level problem: the row becomes a rejection, the rest of the file is still read. */
export class RowError extends Error {}

/** What every parser is given: the zone of the file's wall-clock times and, for DAS, the trade date. */
export interface ParseOptions {
  timeZone: string;
  date?: string | undefined;
}

/**
 * Runs `read` over the data rows: a returned Execution is kept, null is a row skipped on purpose
 * (cancelled, not a trade), a RowError becomes a rejection naming the line.
 */
export function collect(rows: readonly Row[], read: (row: Row) => Execution | null): ParseResult {
  const result: ParseResult = { executions: [], rejected: [] };
  for (const row of rows) {
    if (isBlank(row)) continue;
    try {
      const execution = read(row);
      if (execution) result.executions.push(execution);
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      result.rejected.push({ line: row.line, reason: error.message });
    }
  }
  return result;
}
