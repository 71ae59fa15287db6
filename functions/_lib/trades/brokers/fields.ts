import { type Decimal, ZERO } from '../money.ts';
import type { Fields } from './header.ts';
import { type Columns, type Row, RowError } from './table.ts';

/** Readers for one cell of a row; a bad cell throws RowError, which turns the row into a rejection. */

/** A field that must be a number; the message names the column for the rejection. */
export function numberField(columns: Columns, row: Row, name: string): Decimal {
  const raw = columns.get(row, name);
  const value = columns.number(raw);
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

/**
 * A non-zero share count as an exact decimal string, sign dropped (the side says the direction):
 * fractional shares (`2.5`, `0.013457`) are kept as printed.
 */
export function shareCount(columns: Columns, row: Row, name: string): string {
  const raw = columns.get(row, name);
  // Plain digits, as almost every row prints them: no decimal needed.
  if (/^[1-9]\d{0,14}$/.test(raw) && !columns.decimalComma) return raw;
  return quantity(numberField(columns, row, name), `${name} "${raw}"`);
}

/** A quantity read elsewhere (a signed cell, a description) as the journal keeps it: exact, positive. */
export function quantity(value: Decimal, what: string): string {
  const qty = value.abs();
  if (qty.eq(0) || qty.gte(1e15)) throw new RowError(`${what} is not a number of shares`);
  return qty.toFixed();
}

/** A positive price kept exactly. */
export function priceField(columns: Columns, row: Row, name: string): string {
  const value = numberField(columns, row, name);
  if (value.lte(0)) throw new RowError(`${name} "${columns.get(row, name)}" is not a positive price`);
  return value.toFixed();
}

/** A symbol as the journal stores it: upper case, without a market prefix (`US.AITX`) or `$`. */
export function symbolField(columns: Columns, row: Row, name: string): string {
  const symbol = cleanSymbol(columns.get(row, name));
  if (symbol === '') throw new RowError(`${name} is empty`);
  return symbol;
}

/** A ticker as platforms print it, upper-cased, without a market prefix (`US.`, `HK.`…) or a `$`. */
export function cleanSymbol(text: string): string {
  const raw = text.trim().toUpperCase();
  return /^[A-Z0-9]+$/.test(raw) ? raw : raw.replace(/^(?:US|HK|SH|SZ|SG|CA)\./, '').replace(/^\$/, '');
}

/**
 * A format's fields resolved against one header: each field reads the first of its spellings the
 * header has, and messages name that column as the file spells it.
 */
export class FieldColumns<F extends Fields = Fields> {
  readonly columns: Columns;
  private readonly names = new Map<string, string>();
  private readonly sums = new Map<readonly string[], string[]>();

  constructor(columns: Columns, fields: F) {
    this.columns = columns;
    for (const [field, aliases] of Object.entries(fields)) {
      const name = columns.pick(aliases);
      if (name !== null) this.names.set(field, name);
    }
  }

  /** The header's column for a field, or null when the file does not have it. */
  name(field: keyof F & string): string | null {
    return this.names.get(field) ?? null;
  }

  has(field: keyof F & string): boolean {
    return this.names.has(field);
  }

  get(row: Row, field: keyof F & string): string {
    const name = this.names.get(field);
    return name === undefined ? '' : this.columns.get(row, name);
  }

  private need(field: keyof F & string): string {
    const name = this.names.get(field);
    if (name === undefined) throw new RowError(`the file has no ${field} column`);
    return name;
  }

  number(row: Row, field: keyof F & string): Decimal {
    return numberField(this.columns, row, this.need(field));
  }

  /** An optional number: null when the column is missing or the cell empty. */
  maybeNumber(row: Row, field: keyof F & string): Decimal | null {
    const raw = this.get(row, field);
    return raw === '' ? null : this.number(row, field);
  }

  shares(row: Row, field: keyof F & string): string {
    return shareCount(this.columns, row, this.need(field));
  }

  price(row: Row, field: keyof F & string): string {
    return priceField(this.columns, row, this.need(field));
  }

  symbol(row: Row, field: keyof F & string): string {
    return symbolField(this.columns, row, this.need(field));
  }

  /** What a label means through the format's own table (`B`, `SS`…), upper-cased; else a rejection. */
  label<T>(row: Row, field: keyof F & string, labels: Readonly<Record<string, T>>): T {
    const label = this.get(row, field).toUpperCase();
    const meaning = labels[label];
    if (meaning === undefined)
      throw new RowError(
        `${this.name(field) ?? field} "${label}" is not one of ${Object.keys(labels).join(', ')}`,
      );
    return meaning;
  }

  /** These fields' cells added up (fee columns; a missing column is zero). */
  sum(row: Row, fields: readonly (keyof F & string)[]): Decimal {
    let present = this.sums.get(fields);
    if (!present) {
      present = fields.flatMap((field) => this.names.get(field) ?? []);
      this.sums.set(fields, present);
    }
    return feeSum(this.columns, row, present);
  }
}
