import { type BrokerId, type Execution, makeExecution } from '../executions.ts';
import { anyDateTime, type DateOrder } from './any-date.ts';
import type { FieldColumns } from './fields.ts';
import { notStock } from './instruments.ts';
import { BUY, SELL, SELL_CLOSE, type SideLabel, sideWords } from './sides.ts';
import { NotATrade, type ParseOptions, type Row } from './table.ts';

/**
 * Account-history exports (Fidelity, E*TRADE, Robinhood, Vanguard, Questrade…): one row per cash
 * event, the side in a word or a sentence (`YOU SOLD SHORT SALE …`), quantities often signed, dates
 * without a time of day. Their parsers share these fields and this reading of a row.
 */
export type ActivityField =
  | 'date'
  | 'time'
  | 'action'
  | 'symbol'
  | 'description'
  | 'quantity'
  | 'price'
  | 'amount'
  | 'account'
  | 'currency';

/** An option contract named in a cell: `SPY 3/27/2026 Call $580.00`, `PUT  TSLA   02/28/25   370.000`, `-SPXW260618P7400`. */
const OPTION_WORD = /\b(?:CALL|PUT)\b/i;
const OPTION_TERMS = /\d{1,2}\/\d{1,2}\/\d{2,4}|\$\s?\d|\b[A-Z]{3} \d{1,2} \d{2}\b/i;
const OCC_SYMBOL = /^-?[A-Z]{1,6}\s*\d{6}[CP]\d/;

/** True when the row is an option trade: the journal imports stocks only. */
export function isOptionRow(cells: readonly string[]): boolean {
  return cells.some((cell) => (OPTION_WORD.test(cell) && OPTION_TERMS.test(cell)) || OCC_SYMBOL.test(cell));
}

/** The side a row's action names; with no action column, the sign of its quantity, then of its amount. */
export function activitySide(row: Row, c: FieldColumns): SideLabel {
  const action = c.get(row, 'action');
  if (c.has('action') && !/^\d+$/.test(action)) {
    const side = sideWords(action);
    if (!side) throw new NotATrade(`not a trade: ${action || 'no action'}`);
    return side;
  }
  // E*TRADE's older export prints `0` as the type of some trades: the signs tell.
  const signed = c.maybeNumber(row, 'quantity');
  if (signed && !signed.eq(0)) return signed.lt(0) ? SELL : BUY;
  const amount = c.maybeNumber(row, 'amount');
  if (amount && !amount.eq(0)) return amount.gt(0) ? SELL : BUY;
  throw new NotATrade('neither a side nor a signed quantity or amount: not a trade');
}

export interface ActivityOptions {
  broker: BrokerId;
  /** Fee columns, added up. */
  fees: readonly string[];
  /** Fees printed as negative cash (Questrade, Tastytrade): their size is the fee. */
  feesNegative?: boolean;
  dateOrder?: DateOrder;
  currency?: string;
  orderId?: string | null;
  /** The time of day when the row has it somewhere else than a date column (Firstrade's description). */
  when?: { time: string; epochMs: number };
  /**
   * The export names every short sale (`YOU SOLD SHORT SALE`, `Sold Short`), or the broker allows none:
   * a plain sale then closes shares held, never a question for the member.
   */
  shortsNamed?: boolean;
}

/** One history row as an execution; non-trades and options are listed as not imported. */
export function activityExecution(
  row: Row,
  c: FieldColumns,
  options: ParseOptions,
  spec: ActivityOptions,
): Execution {
  const symbol = c.get(row, 'symbol');
  const label = activitySide(row, c);
  const side = spec.shortsNamed && label.side === 'sell' && label.intent === null ? SELL_CLOSE : label;
  if (isOptionRow(row.cells)) throw notStock('option', symbol);
  if (symbol === '') throw new NotATrade(`not a stock trade (no symbol): ${c.get(row, 'action')}`.trim());
  const fees = c.sum(row, spec.fees);
  const when =
    spec.when ??
    anyDateTime(
      c.get(row, 'date'),
      c.has('time') ? c.get(row, 'time') : null,
      spec.dateOrder ?? 'MDY',
      options.timeZone,
    );
  return makeExecution({
    broker: spec.broker,
    account: c.get(row, 'account'),
    currency: c.get(row, 'currency').toUpperCase() || spec.currency || 'USD',
    // History dates print midnight (`12:00:00 AM`) when they mean "no time of day".
    ...(when.time.endsWith('T00:00:00')
      ? anyDateTime(when.time.slice(0, 10), null, 'MDY', options.timeZone)
      : when),
    symbol: c.symbol(row, 'symbol'),
    ...side,
    qty: c.shares(row, 'quantity'),
    price: c.price(row, 'price'),
    fees: (spec.feesNegative ? fees.abs() : fees).toFixed(),
    orderId: spec.orderId ?? null,
    execId: null,
    line: row.line,
    // The row's cash: checked against quantity × price ± fees by the shared reader.
    ...(c.get(row, 'amount') !== '' ? { amount: c.get(row, 'amount') } : {}),
  });
}
