import { makeExecution } from '../executions.ts';
import { anyDateTime } from './any-date.ts';
import { dateOrderOf, eitherDateOrder } from './date-order.ts';
import { cleanSymbol } from './fields.ts';
import { type BrokerFormat, tableFormat } from './format.ts';
import { BUY, SELL, SHORT } from './sides.ts';
import { NotATrade, RowError } from './table.ts';

/** The charge columns, negative in the file; made once (column lookups are cached per list). */
const CHARGES = ['commFeeTax', 'vat'] as const;

const SIDES = { BUY, SELL, B: BUY, S: SELL, 'SELL SHORT': SHORT, 'SHORT SELL': SHORT } as const;

/**
 * Webull's international statements (Webull Securities outside the US: monthly statement or trade
 * history, the `TRADE RECORDS` table): `Symbol & Name` (`SNDL SUNDIAL GROWERS INC`, the ticker first),
 * `Trade Date` day first (`20/07/2026`), `Time` with the account's offset (`21:35:12,GMT+08`),
 * `Traded Price`, and the charges in `Comm/Fee/Tax` and `VAT` (negative: both count as fees).
 */
const table = tableFormat({
  id: 'webull-intl',
  label: 'Webull (international statement)',
  info: {
    broker: 'Webull (outside the US)',
    export: 'Statement / trade history, TRADE RECORDS table (CSV)',
    where: 'Webull app → Account → Statements (monthly or daily) → CSV, or Trade History → Export',
    lacks: 'order and execution ids; one row per trade',
  },
  schema: {
    fields: {
      symbol: ['Symbol & Name', 'Symbol'],
      date: ['Trade Date'],
      time: ['Time'],
      settlement: ['Settlement Date'],
      side: ['Buy/Sell'],
      quantity: ['Quantity'],
      price: ['Traded Price'],
      gross: ['Gross Amount'],
      net: ['Net Amount'],
      commFeeTax: ['Comm/Fee/Tax'],
      vat: ['VAT', 'GST'],
      currency: ['Currency'],
      exchange: ['Exchange'],
      status: ['Status'],
    },
    required: ['symbol', 'date', 'side', 'quantity', 'price'],
    distinctive: ['Symbol & Name', 'Traded Price', 'VAT', 'Comm/Fee/Tax'],
  },
  // Gross Amount = quantity × price, fees apart.
  amount: { field: 'gross', fees: 'gross' },
  read(row, c, options) {
    const status = c.get(row, 'status');
    if (/cancel|reject|fail/i.test(status)) throw new NotATrade(`${status} trade, nothing filled`);
    const side = c.label(row, 'side', SIDES);
    const charges = c.sum(row, CHARGES);
    return makeExecution({
      broker: 'webull-intl',
      account: '',
      currency: c.get(row, 'currency').toUpperCase() || 'USD',
      ...anyDateTime(
        c.get(row, 'date'),
        c.get(row, 'time') || null,
        dateOrderOf(options, 'DMY'),
        options.timeZone,
      ),
      symbol: tickerOf(c.get(row, 'symbol')),
      ...side,
      qty: c.shares(row, 'quantity'),
      price: c.price(row, 'price'),
      fees: (charges.lt(0) ? charges.neg() : charges).toFixed(),
      orderId: null,
      execId: null,
      line: row.line,
    });
  },
});

export const webullIntl: BrokerFormat<'webull-intl'> = eitherDateOrder(table, 'DMY');

/** `Symbol & Name` starts with the ticker (`SNDL SUNDIAL GROWERS INC`); a plain `Symbol` is the ticker. */
function tickerOf(cell: string): string {
  const ticker = cleanSymbol(cell.trim().split(/\s+/)[0] ?? '');
  if (ticker === '') throw new RowError('Symbol & Name is empty');
  return ticker;
}
