import { type Decimal, parseBrokerNumber, ZERO } from '../money.ts';
import { type Columns, type Row, RowError } from './table.ts';

/** Readers for one cell of a row; a bad cell throws RowError, which turns the row into a rejection. */

/** A field that must be a number; the message names the column for the rejection. */
export function numberField(columns: Columns, row: Row, name: string): Decimal {
  const raw = columns.get(row, name);
  const value = parseBrokerNumber(raw);
  if (value === null) throw new RowError(`${name} "${raw}" is not a number`);
  return value;
}

/** Fee columns added up; an empty cell is zero. */
export function feeSum(columns: Columns, row: Row, names: readonly string[]): Decimal {
  let total = ZERO;
  for (const name of names) {
    const raw = columns.get(row, name);
    // Most fee cells are empty or 0; skipping them spares a decimal parse per cell on big files.
    if (raw !== '' && raw !== '0') total = total.plus(numberField(columns, row, name));
  }
  return total;
}

/** A whole, non-zero share count (sign dropped; the side says the direction). */
export function shareCount(columns: Columns, row: Row, name: string): number {
  const value = numberField(columns, row, name).abs();
  const qty = Number(value.toFixed());
  if (!Number.isSafeInteger(qty) || qty <= 0)
    throw new RowError(`${name} "${columns.get(row, name)}" is not a whole number of shares`);
  return qty;
}

/** A positive price kept exactly. */
export function priceField(columns: Columns, row: Row, name: string): string {
  const value = numberField(columns, row, name);
  if (value.lte(0)) throw new RowError(`${name} "${columns.get(row, name)}" is not a positive price`);
  return value.toFixed();
}

/** A symbol as the journal stores it. */
export function symbolField(columns: Columns, row: Row, name: string): string {
  const symbol = columns.get(row, name).toUpperCase();
  if (symbol === '') throw new RowError(`${name} is empty`);
  return symbol;
}

/** Side and open/close intent from a broker's side label, through the parser's own table of labels. */
export function sideFrom<T>(
  labels: Readonly<Record<string, T>>,
  columns: Columns,
  row: Row,
  name: string,
): T {
  const label = columns.get(row, name).toUpperCase();
  const side = labels[label];
  if (side === undefined)
    throw new RowError(`${name} "${label}" is not one of ${Object.keys(labels).join(', ')}`);
  return side;
}
