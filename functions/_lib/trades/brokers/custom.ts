import { ImportError } from '../errors.ts';
import { makeExecution } from '../executions.ts';
import { isOptionRow } from './activity.ts';
import { anyDateTime } from './any-date.ts';
import type { ColumnMapping } from './column-mapping.ts';
import { type FieldColumns, feeSum } from './fields.ts';
import { type BrokerFormat, tableFormat } from './format.ts';
import { normName } from './header.ts';
import { notStockClass } from './instruments.ts';
import { BUY, SELL, type SideLabel, sideWords } from './sides.ts';
import { type Row, RowError } from './table.ts';

type Mapped = Record<
  | 'date'
  | 'time'
  | 'symbol'
  | 'side'
  | 'quantity'
  | 'price'
  | 'amount'
  | 'account'
  | 'currency'
  | 'orderId'
  | 'execId',
  readonly string[]
>;

/**
 * The side of a row: the side column's word or sentence (`YOU BOUGHT …`, `Sold Short`, `BC`), else
 * the sign of the quantity, else of the amount (money out = a buy). Never a guess.
 */
function sideOf(row: Row, c: FieldColumns<Mapped>): SideLabel {
  if (c.has('side')) {
    const label = c.get(row, 'side');
    const side = sideWords(label);
    if (side) return side;
    if (label !== '') throw new RowError(`${c.name('side')} "${label}" is neither a buy nor a sell`);
  }
  const quantity = c.number(row, 'quantity');
  if (quantity.lt(0)) return SELL;
  const amount = c.maybeNumber(row, 'amount');
  if (amount && !amount.eq(0)) return amount.gt(0) ? SELL : BUY;
  if (quantity.eq(0)) throw new RowError(`${c.name('quantity')} is zero`);
  return BUY;
}

/**
 * A broker format read through a member's column mapping (id `custom`), by the same rules as the
 * known formats: preambles, footers and repeated headers, time order whatever the file's order,
 * a day's openings before its closings in date-only files.
 */
export function customFormat(mapping: ColumnMapping): BrokerFormat {
  const one = (name: string | null | undefined) => (name ? [name] : []);
  const fields: Mapped = {
    date: [mapping.date],
    time: one(mapping.time),
    symbol: [mapping.symbol],
    side: one(mapping.side),
    quantity: [mapping.quantity],
    price: [mapping.price],
    amount: one(mapping.amount),
    account: one(mapping.account),
    currency: one(mapping.currency),
    orderId: one(mapping.orderId),
    execId: one(mapping.execId),
  };
  const table = tableFormat({
    id: 'custom',
    label: 'Your column mapping',
    info: {
      broker: 'Any platform',
      export: 'your column mapping',
      where: 'the import dialog maps the columns',
      lacks: 'whatever the file lacks',
    },
    schema: { fields, required: ['date', 'symbol', 'quantity', 'price'] },
    // A mapped cash column is the row's own amount: each row is checked against it (fees in or out).
    amount: { field: 'amount' },
    read(row, c, options) {
      if (isOptionRow(row.cells)) throw notStockClass('option', c.get(row, 'symbol'));
      return makeExecution({
        broker: 'custom',
        account: c.get(row, 'account'),
        currency: c.get(row, 'currency').toUpperCase() || 'USD',
        ...anyDateTime(
          c.get(row, 'date'),
          c.has('time') ? c.get(row, 'time') : null,
          mapping.dateOrder,
          options.timeZone,
        ),
        symbol: c.symbol(row, 'symbol'),
        ...sideOf(row, c),
        qty: c.shares(row, 'quantity'),
        price: c.price(row, 'price'),
        fees: feeSum(c.columns, row, mapping.fees).toFixed(),
        orderId: c.get(row, 'orderId') || null,
        execId: c.get(row, 'execId') || null,
        line: row.line,
      });
    },
  });
  return {
    ...table,
    // The fee columns are read too (added up): the unread-column warning must not name them.
    columnNames: new Set([...(table.columnNames ?? []), ...mapping.fees.map(normName)]),
    parse(rows, options) {
      const result = table.parse(rows, options);
      // Without a side, a sign must say it: every row a buy means nothing did.
      if (!mapping.side && result.executions.length > 0 && result.executions.every((e) => e.side === 'buy'))
        throw new ImportError(
          options.headerLine ?? 1,
          'column mapping: no side can be read (no side column, no negative quantity or amount): choose the column that says buy or sell',
        );
      return result;
    },
  };
}
