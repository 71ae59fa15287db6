/**
 * The one way the product writes CSV: today the member app's trade exports (the scripts print JSON
 * and plain-text tables); a new export goes through `toCsv` too. Every cell goes through `textCell`
 * or `numberCell`, so a cell an imported broker file or a member typed can never become a live
 * formula in Excel, LibreOffice or Google Sheets (CSV injection; OWASP's rule):
 * - text that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'`, which
 *   spreadsheets read as "this is text" (`=HYPERLINK(…)` shows as the characters, never a link);
 * - a cell holding `,`, `"`, CR or LF is wrapped in double quotes, its `"` doubled (RFC 4180).
 *
 * Numbers are the exception, on purpose: prefixing `-750.36` with `'` would turn a loss into text a
 * spreadsheet cannot sum. A column the code fills with numbers (amounts, shares, seconds) is declared
 * 'number', and its cells are written as they are only when they ARE plain decimals; anything else
 * in such a column (it should not happen) is neutralised like text. So the declaration can never let
 * a formula through, and every column of free text (symbols, tags, accounts, notes, names, emails)
 * is 'text'.
 */

export type CsvValue = string | number | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  kind: 'text' | 'number';
  value: (row: Row) => CsvValue;
}

/** A column of free text: every cell neutralised. */
export function textColumn<Row>(header: string, value: (row: Row) => CsvValue): CsvColumn<Row> {
  return { header, kind: 'text', value };
}

/** A column the code fills with numbers: written as numbers, as long as they are plain decimals. */
export function numberColumn<Row>(header: string, value: (row: Row) => CsvValue): CsvColumn<Row> {
  return { header, kind: 'number', value };
}

/** Characters a spreadsheet reads as the start of a formula (OWASP, CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal: optional minus, digits, optional fraction. No exponent, no spaces, no `+`. */
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/** A free-text cell: neutralised when it could start a formula, then quoted when it must be. */
export function textCell(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : String(value);
  return quoted(FORMULA_START.test(text) ? `'${text}` : text);
}

/** A number the code produced: as is when a plain decimal (read as a number), else neutralised text. */
export function numberCell(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : String(value);
  return text === '' || PLAIN_DECIMAL.test(text) ? text : textCell(text);
}

/** A header line and one line per row, CRLF-ended (RFC 4180; what Excel writes). */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [
    columns.map((column) => textCell(column.header)),
    ...rows.map((row) =>
      columns.map((column) =>
        column.kind === 'number' ? numberCell(column.value(row)) : textCell(column.value(row)),
      ),
    ),
  ];
  return `${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`;
}

function quoted(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
