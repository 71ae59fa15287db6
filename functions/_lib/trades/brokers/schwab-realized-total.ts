import type { StatedRealized } from '../executions.ts';
import { cleanSymbol } from './fields.ts';
import { nameSet, normName } from './header.ts';
import { Columns, type ParseOptions, type Row } from './table.ts';

const GAIN = ['Gain/Loss ($)', 'Total Gain/Loss ($)'];

/**
 * The `Total` row that ends a Schwab Realized Gain/Loss export (`"Total","",…,"$11,717.11",
 * "$10,700.41","$1,016.70",…`): the gain over every lot of the file, commissions inside (they are in
 * cost basis and proceeds). It is the file's own realised P&L, over every symbol (`symbol` ''), and
 * the import holds the lots it read to it: a lot left unread shows as the difference. Options are
 * in it too and are not imported, so with an option lot in the file the total says nothing about
 * the stocks read, and is not stated.
 */
export function schwabTotal(rows: readonly Row[], options: ParseOptions): StatedRealized | null {
  const at = headerAt(rows, options);
  const header = rows[at];
  if (at < 0 || !header) return null;
  const columns = new Columns(header.cells, options.decimalComma);
  const gain = columns.pick(GAIN);
  if (!gain) return null;
  let total: Row | null = null;
  for (const row of rows.slice(at + 1)) {
    const first = row.cells.find((cell) => cell !== '') ?? '';
    if (/^total$/i.test(first)) total = row;
    // An option lot: `AAPL 01/17/2025 150.00 C`.
    else if (/\s/.test(cleanSymbol(columns.get(row, 'Symbol')))) return null;
  }
  const amount = total ? columns.number(columns.get(total, gain)) : null;
  if (!total || !amount) return null;
  return {
    account: '',
    symbol: '',
    currency: 'USD',
    amount: amount.toFixed(),
    net: true,
    label: gain,
    line: total.line,
  };
}

/** The header line detection found, else the first line naming both dates of a lot. */
function headerAt(rows: readonly Row[], options: ParseOptions): number {
  if (options.headerLine !== undefined) {
    const at = rows.findIndex((row) => row.line === options.headerLine);
    if (at >= 0) return at;
  }
  return rows.findIndex((row) => {
    const names = nameSet(row.cells);
    return names.has(normName('Closed Date')) && names.has(normName('Symbol'));
  });
}
