import { ImportError } from '../errors.ts';
import type { BrokerId, ParseResult } from '../executions.ts';
import { Columns, type ParseOptions, type Row } from './table.ts';

/** One broker export: how to recognise its header and how to read its rows. */
export interface BrokerFormat {
  id: BrokerId;
  label: string;
  /** True for the header record of this export (cells trimmed). */
  isHeader(cells: readonly string[]): boolean;
  parse(rows: readonly Row[], options: ParseOptions): ParseResult;
}

/** True when every name is one of the cells (case-insensitive): detection by header, never by file name. */
export function hasColumns(cells: readonly string[], names: readonly string[]): boolean {
  const set = new Set(cells.map((cell) => cell.trim().toLowerCase()));
  return names.every((name) => set.has(name.toLowerCase()));
}

/** Where the header is and the data rows after it. */
export function splitAtHeader(
  rows: readonly Row[],
  format: Pick<BrokerFormat, 'isHeader' | 'label'>,
): { columns: Columns; headerLine: number; data: Row[] } {
  const at = rows.findIndex((row) => format.isHeader(row.cells));
  const header = rows[at];
  if (at < 0 || !header) throw new ImportError(1, `no ${format.label} header found`);
  return { columns: new Columns(header.cells), headerLine: header.line, data: rows.slice(at + 1) };
}
