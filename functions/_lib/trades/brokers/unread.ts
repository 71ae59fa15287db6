import type { Warning } from '../executions.ts';
import type { BrokerFormat } from './format.ts';
import { normName } from './header.ts';
import { headTables } from './table.ts';

/**
 * Columns whose loss changes a trade's numbers: fees (commission, comm, fee(s), tax, SEC fee, TAF,
 * ECN…) and times of day (time, exec time, execution time…). When the chosen format does not read
 * one that the header has, the import says so instead of dropping it silently.
 */
const FEE_WORD =
  /(?:^|[^a-z])(?:comm|commissions?|fees?|tax|taxes|sec|taf|ecn|nscc|clearing|routing)(?:[^a-z]|$)/;
const FEE_PART = /fee|commission/;
const TIME_NAMES = new Set([
  'time',
  'exectime',
  'executiontime',
  'executedtime',
  'tradetime',
  'filltime',
  'filledtime',
  'timeofday',
  'transactiontime',
]);

/** True for a header name that holds fees or a time of day. */
export function feeOrTimeLike(cell: string): boolean {
  const key = normName(cell);
  if (key === '') return false;
  return TIME_NAMES.has(key) || FEE_PART.test(key) || FEE_WORD.test(cell.toLowerCase());
}

/**
 * The fee and time columns of a header that the format does not read, as one warning on the header's
 * line; none for a format recognised by a marker line (it reads its sections by their own rules).
 */
export function unreadColumns(format: BrokerFormat, header: readonly string[], line: number): Warning[] {
  const reads = format.columnNames;
  if (!reads) return [];
  const unread = [...new Set(header.map((cell) => cell.trim()))].filter(
    (cell) => feeOrTimeLike(cell) && !reads.has(normName(cell)),
  );
  if (unread.length === 0) return [];
  const what = unread.length === 1 ? `column ${unread[0]}` : `columns ${unread.join(', ')}`;
  return [
    {
      line,
      message: `${what} not read (${format.label} does not take ${unread.length === 1 ? 'it' : 'them'}): fees or times there are not imported`,
    },
  ];
}

/** The same, for the header at `headerLine` of a delimited file's text. */
export function unreadInText(
  format: BrokerFormat,
  text: string,
  delimiter: string,
  headerLine: number | undefined,
): Warning[] {
  if (!format.columnNames || headerLine === undefined) return [];
  const table = headTables(text, headerLine).find((head) => head.delimiter === delimiter);
  const header = table?.rows.find((row) => row.line === headerLine);
  return header ? unreadColumns(format, header.cells, headerLine) : [];
}
