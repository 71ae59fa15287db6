import { makeExecution } from '../executions.ts';
import { anyDateTime } from './any-date.ts';
import { type BrokerFormat, tableFormat } from './format.ts';
import { sideWords } from './sides.ts';
import { NotATrade, RowError } from './table.ts';

/**
 * Tastytrade transactions (2024 on): ISO times with an offset (`2026-04-02T09:46:35-0400`), newest
 * first, `Type` `Trade` among money movements, `BUY_TO_OPEN`/`SELL_TO_OPEN`/`BUY_TO_CLOSE`/
 * `SELL_TO_CLOSE` (an equity short is SELL_TO_OPEN), `Average Price` negative on buys, commissions
 * and fees negative, `--` for empty.
 */
export const tastytrade: BrokerFormat<'tastytrade'> = tableFormat({
  id: 'tastytrade',
  label: 'Tastytrade transactions',
  info: {
    broker: 'Tastytrade',
    export: 'Transactions (History → Transactions → CSV)',
    where: 'my.tastytrade.com → History → Transactions → Download CSV',
    lacks: 'nothing for stocks',
  },
  newestFirst: true,
  schema: {
    fields: {
      date: ['Date'],
      type: ['Type'],
      action: ['Action'],
      subType: ['Sub Type'],
      symbol: ['Symbol'],
      instrument: ['Instrument Type'],
      quantity: ['Quantity'],
      price: ['Average Price'],
      commissions: ['Commissions'],
      fees: ['Fees'],
      orderId: ['Order #'],
      currency: ['Currency'],
      value: ['Value'],
    },
    required: ['date', 'action', 'symbol', 'quantity', 'price'],
    distinctive: [
      'Sub Type',
      'Instrument Type',
      'Average Price',
      'Order #',
      'Root Symbol',
      'Underlying Symbol',
    ],
  },
  // `Value` is ± quantity × price, fees apart; `Instrument Type` (Equity, Equity Option, Future…) classifies.
  amount: { field: 'value', fees: 'gross' },
  assetClass: 'instrument',
  read(row, c, options) {
    const type = c.get(row, 'type');
    if (type !== '' && type.toLowerCase() !== 'trade') throw new NotATrade(`not a trade: ${type}`);
    const label = c.get(row, 'action') || c.get(row, 'subType');
    const side = sideWords(label);
    if (!side) throw new RowError(`Action "${label}" is neither a buy nor a sell`);
    const price = c.number(row, 'price').abs();
    if (price.eq(0)) throw new RowError(`Average Price "${c.get(row, 'price')}" is not a positive price`);
    return makeExecution({
      broker: 'tastytrade',
      account: '',
      currency: c.get(row, 'currency').toUpperCase() || 'USD',
      ...anyDateTime(c.get(row, 'date'), null, 'MDY', options.timeZone),
      symbol: c.symbol(row, 'symbol'),
      ...side,
      qty: c.shares(row, 'quantity'),
      price: price.toFixed(),
      fees: c.sum(row, ['commissions', 'fees']).neg().toFixed(),
      orderId: c.get(row, 'orderId') || null,
      execId: null,
      line: row.line,
    });
  },
});
