import { makeExecution } from '../executions.ts';
import { anyDateTime } from './any-date.ts';
import { type BrokerFormat, tableFormat } from './format.ts';
import { normName } from './header.ts';
import { notStock } from './instruments.ts';
import { sideWords } from './sides.ts';
import { NotATrade, RowError } from './table.ts';

/** Names only one of the two layouts prints: a header needs one of them (see `tastytrade.fit`). */
const LAYOUT_NAMES = ['Average Price', 'Transaction Code'].map(normName);

/**
 * Tastytrade transactions (2024 on): ISO times with an offset (`2026-04-02T09:46:35-0400`), newest
 * first, `Type` `Trade` among money movements, `BUY_TO_OPEN`/`SELL_TO_OPEN`/`BUY_TO_CLOSE`/
 * `SELL_TO_CLOSE` (an equity short is SELL_TO_OPEN), `Average Price` negative on buys, commissions
 * and fees negative, `--` for empty. Also the tastyworks history before it (15 columns:
 * `Date/Time,Transaction Code,Transaction Subcode,Symbol,Buy/Sell,Open/Close,Quantity,Expiration
 * Date,Strike,Call/Put,Price,Fees,Amount,Description,Account Reference`): `03/02/2021 10:30 AM`
 * times, `Buy`/`Sell` with `Open`/`Close`, prices positive, `Fees` a positive charge. Rows with a
 * Call or Put are options.
 */
const table = tableFormat({
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
      date: ['Date', 'Date/Time'],
      type: ['Type', 'Transaction Code'],
      action: ['Action', 'Buy/Sell'],
      subType: ['Sub Type', 'Transaction Subcode'],
      openClose: ['Open/Close'],
      callPut: ['Call or Put', 'Call/Put'],
      expiration: ['Expiration Date'],
      symbol: ['Symbol'],
      instrument: ['Instrument Type'],
      quantity: ['Quantity'],
      price: ['Average Price', 'Price'],
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
      'Transaction Code',
      'Transaction Subcode',
      'Account Reference',
    ],
  },
  // `Value` is ± quantity × price, fees apart; `Instrument Type` (Equity, Equity Option, Future…) classifies.
  amount: { field: 'value', fees: 'gross' },
  assetClass: 'instrument',
  read(row, c, options) {
    const type = c.get(row, 'type');
    if (type !== '' && type.toLowerCase() !== 'trade') throw new NotATrade(`not a trade: ${type}`);
    if (c.get(row, 'callPut') !== '')
      throw notStock('option', `${c.get(row, 'symbol')} ${c.get(row, 'callPut')}`);
    const label = c.get(row, 'action') || c.get(row, 'subType');
    const side = sideWords(label);
    if (!side) throw new RowError(`${c.name('action') ?? 'Action'} "${label}" is neither a buy nor a sell`);
    // The tastyworks layout says open or close in a column of its own.
    const openClose = c.get(row, 'openClose').toLowerCase();
    const intent = openClose === 'open' ? 'open' : openClose === 'close' ? 'close' : side.intent;
    // Its Fees are a positive charge; the current layout prints commissions and fees negative. The
    // layout is told by a column only the tastyworks history has (Open/Close), never by which of a
    // field's names the header uses: those are spellings of one column and read alike.
    const charges = c.sum(row, ['commissions', 'fees']);
    const fees = c.name('openClose') !== null ? charges : charges.neg();
    const price = c.number(row, 'price').abs();
    if (price.eq(0)) throw new RowError(`Average Price "${c.get(row, 'price')}" is not a positive price`);
    return makeExecution({
      broker: 'tastytrade',
      account: '',
      currency: c.get(row, 'currency').toUpperCase() || 'USD',
      ...anyDateTime(c.get(row, 'date'), null, 'MDY', options.timeZone),
      symbol: c.symbol(row, 'symbol'),
      ...side,
      intent,
      qty: c.shares(row, 'quantity'),
      price: price.toFixed(),
      fees: fees.toFixed(),
      orderId: c.get(row, 'orderId') || null,
      execId: null,
      line: row.line,
    });
  },
});

/**
 * Tastytrade's two layouts. `Date`, `Action`, `Symbol`, `Quantity` and `Price` alone are anyone's
 * sheet: a header must also have `Average Price` (the current layout) or `Transaction Code` (the
 * tastyworks one) to be read as Tastytrade's.
 */
export const tastytrade: BrokerFormat<'tastytrade'> = {
  ...table,
  fit(cells, names) {
    const fit = table.fit(cells, names);
    if (!fit.complete || LAYOUT_NAMES.some((name) => names.has(name))) return fit;
    return { ...fit, complete: false, missing: ['Average Price'] };
  },
};
