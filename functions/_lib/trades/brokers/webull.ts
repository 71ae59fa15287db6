import { makeExecution } from '../executions.ts';
import { ZERO } from '../money.ts';
import { anyDateTime } from './any-date.ts';
import { dateOrderOf, eitherDateOrder } from './date-order.ts';
import { type BrokerFormat, tableFormat } from './format.ts';
import { BUY, COVER, SELL, SHORT } from './sides.ts';
import { type Columns, NotATrade, RowError } from './table.ts';

const SIDES = { BUY, SELL, SHORT, 'SELL SHORT': SHORT, 'SHORT SELL': SHORT } as const;

/** Fee columns some Webull order exports add (signs vary by export: each counts as a charge). */
const FEES = ['commission', 'fee', 'platformFee', 'gst'] as const;
/** One list per fee column, made once: each is added up on its own (its sign dropped). */
const FEE_COLUMNS = FEES.map((field) => [field]);

/**
 * Webull order exports, one row per order, its filled quantity at its average price (which may have 5
 * decimals). Three layouts of it:
 * - Orders Records: `Name,Symbol,Side,Status,Filled,Total Qty,Price,Avg Price,…,Placed Time,Filled Time`;
 * - the same without `Avg Price`: the price is `Price`, printed with an `@` (`@0.0248`);
 * - the `B/S` layout: `Symbol,B/S,Side Type,Qty,Filled Qty,Filled Avg Price,Filled Time,Status`, whose
 *   `Side Type` may say `Short` (a sell opens a short, a buy covers one) and whose prices may carry
 *   `USD $`; fee columns (`Commission`, `Fee`, `Platform Fee`, `GST`) when it has them.
 * Times are `MM/DD/YYYY HH:MM:SS EDT` or carry an offset (`2026/07/20 08:03:06,GMT-04`); the app
 * outside the US prints the day first (`20/07/2026`), which the file's own dates show. With a
 * `Status` column only `Filled` rows count.
 */
const table = tableFormat({
  id: 'webull',
  label: 'Webull',
  info: {
    broker: 'Webull',
    export: 'Orders Records (with or without Avg Price, or the B/S + Side Type layout)',
    where: 'Webull desktop → Orders → Order History → Export (or Account → Orders Records)',
    lacks:
      'fees (unless the B/S layout has fee columns), single executions (one row per order at its average price)',
  },
  schema: {
    fields: {
      symbol: ['Symbol'],
      side: ['Side', 'B/S'],
      sideType: ['Side Type'],
      status: ['Status'],
      filled: ['Filled', 'Filled Qty'],
      total: ['Total Qty', 'Qty'],
      avgPrice: ['Avg Price', 'Filled Avg Price'],
      price: ['Price'],
      time: ['Filled Time'],
      placed: ['Placed Time'],
      commission: ['Commission'],
      fee: ['Fee'],
      platformFee: ['Platform Fee'],
      gst: ['GST'],
    },
    required: ['symbol', 'side', 'filled', 'time'],
    distinctive: ['Filled Time', 'Avg Price', 'Total Qty', 'Placed Time', 'Filled Avg Price', 'Side Type'],
  },
  read(row, c, options) {
    if (c.has('status')) {
      const status = c.get(row, 'status');
      if (status.toLowerCase() !== 'filled')
        throw new NotATrade(`${status || 'unfilled'} order, nothing filled`);
    }
    const label = c.label(row, 'side', SIDES);
    const short = /\bshort\b/i.test(c.get(row, 'sideType'));
    const side = short ? (label.side === 'buy' ? COVER : SHORT) : label;
    const priceField = c.get(row, 'avgPrice') !== '' ? 'avgPrice' : 'price';
    if (!c.has(priceField)) throw new RowError('the file has no Avg Price or Price column');
    const fees = FEE_COLUMNS.reduce((sum, fields) => sum.plus(c.sum(row, fields).abs()), ZERO);
    return makeExecution({
      broker: 'webull',
      account: '',
      currency: 'USD',
      ...anyDateTime(c.get(row, 'time'), null, dateOrderOf(options, 'MDY'), options.timeZone),
      symbol: c.symbol(row, 'symbol'),
      ...side,
      qty: c.shares(row, 'filled'),
      price: webullPrice(c.columns, c.get(row, priceField), c.name(priceField) ?? priceField),
      fees: fees.toFixed(),
      orderId: null,
      execId: null,
      line: row.line,
    });
  },
});

export const webull: BrokerFormat<'webull'> = eitherDateOrder(table, 'MDY');

/** A Webull price cell: `0.00435`, `@0.0248` (the order's price column), `USD $12.50`. */
function webullPrice(columns: Columns, raw: string, column: string): string {
  const value = columns.number(raw.replace(/^@\s*/, '').replace(/^USD\s*(?=\$)/i, ''));
  if (value === null || value.lte(0)) throw new RowError(`${column} "${raw}" is not a positive price`);
  return value.toFixed();
}
