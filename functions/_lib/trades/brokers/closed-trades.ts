import type { Execution } from '../executions.ts';
import { type Decimal, toDecimal } from '../money.ts';
import type { FieldColumns } from './fields.ts';
import { type BrokerFormat, type TableFormatSpec, tableFormat } from './format.ts';
import type { Fields } from './header.ts';
import type { ParseOptions, Row } from './table.ts';

/**
 * Exports of closed trades rather than fills (Schwab Realized Gain/Loss lots, Tradervue's trade list)
 * enter the journal as the fills that make such a trade: one opening fill for the whole entry value and
 * one closing fill for the whole exit value, each with intent open/close. The matcher then builds the
 * round trip as for any broker, and its cost, gross and average prices are the file's to the cent.
 */

/** One fill of a closed trade: its size and exact price. */
export interface Part {
  /** Exact decimal shares. */
  qty: string;
  price: string;
}

/** Decimals of the per-share price of a split value (see valueParts). */
const SPLIT_DECIMALS = 10;

/**
 * Fills whose prices times sizes add up to exactly `value` for `qty` shares: one at value / qty when
 * that price is a terminating decimal (`512.40 / 120 = 4.27`), else two, since 100.00 / 3 has no exact
 * price: qty − 1 shares at the quotient cut to 10 decimals and one share at what is left
 * (2 × 33.3333333333 + 33.3333333334 = 100.00). The average price is value / qty either way.
 */
export function valueParts(value: Decimal, qty: string): Part[] {
  const shares = toDecimal(qty);
  const price = value.div(shares);
  // Fewer than two shares cannot be split into qty − 1 and 1: the quotient, to 20 decimals, is as near.
  if (price.times(shares).eq(value) || shares.lte(1)) return [{ qty, price: price.toFixed() }];
  const cut = price.round(SPLIT_DECIMALS, 0);
  const rest = value.minus(cut.times(shares.minus(1)));
  return [
    { qty: shares.minus(1).toFixed(), price: cut.toFixed() },
    { qty: '1', price: rest.toFixed() },
  ];
}

/** What a reader may ask of the whole file. */
export interface FileContext {
  /** How many times this key has been asked for in the file so far, this time included (1, 2…). */
  repeat(key: string): number;
}

export interface ClosedTradeSpec<F extends Fields, Id extends string>
  extends Omit<TableFormatSpec<F, Id>, 'read'> {
  /** A row's fills (opening and closing), or throws RowError / NotATrade like any table reader. */
  read(row: Row, columns: FieldColumns<F>, options: ParseOptions, file: FileContext): Execution[];
}

/**
 * A one-table export of closed trades: like tableFormat, but one row gives several fills. The table
 * reader takes one Execution a row, so the first is returned there and the others are added after
 * the table is read (the matcher orders fills by time, not by file position).
 */
export function closedTradeFormat<F extends Fields, Id extends string>(
  spec: ClosedTradeSpec<F, Id>,
): BrokerFormat<Id> {
  let more: Execution[] = [];
  let seen = new Map<string, number>();
  const file: FileContext = {
    repeat(key) {
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      return n;
    },
  };
  const base = tableFormat<F, Id>({
    ...spec,
    read(row, columns, options) {
      const [first = null, ...rest] = spec.read(row, columns, options, file);
      more.push(...rest);
      return first;
    },
  });
  return {
    ...base,
    parse(rows, options) {
      more = [];
      seen = new Map();
      try {
        const result = base.parse(rows, options);
        result.executions.push(...more);
        return result;
      } finally {
        more = [];
        seen = new Map();
      }
    },
  };
}
