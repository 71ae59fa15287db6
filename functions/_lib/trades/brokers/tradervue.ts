import { makeExecution } from '../executions.ts';
import { anyDateTime, dateOnly } from './any-date.ts';
import { type BrokerFormat, tableFormat } from './format.ts';
import { BUY, SELL, sideWords } from './sides.ts';
import { RowError } from './table.ts';

/** The date cell and the time cell; a time cell that holds its own date (`03/16/2026 09:31:05`) is read alone. */
function dateAndTime(date: string, time: string | null, timeZone: string) {
  if (time !== null && dateOnly(time) !== null) return anyDateTime(time, null, 'MDY', timeZone);
  return anyDateTime(date, time, 'MDY', timeZone);
}

/**
 * Tradervue's generic import layout (`Date,Time,Symbol,Quantity,Price,Side` with optional
 * `Commission`, `TransFee`, `ECNFee`): our documented template for any platform we do not read.
 * Side starts with B or S (`BOT`, `SLD`, `Short`…); a negative quantity is a sell. Also read with
 * the names journals' own sheets give these columns: `Trade Date` and `Execution Time` for the date
 * and time, `Ticker`, `Symb` or `Sym` for the symbol, `Shares` or `Qty` for the quantity, `Fill Price`
 * for the price, `Action` or `Buy/Sell` for the side. On a header another export reads just as well
 * (`Date,Time,Symbol,Side,Price,Qty` is also DAS's window with a date) this layout is taken: it reads
 * every side word those exports print.
 */
export const tradervue: BrokerFormat<'tradervue'> = tableFormat({
  id: 'tradervue',
  label: 'Generic (Tradervue layout)',
  beats: ['das', 'lightspeed', 'questrade'],
  info: {
    broker: 'Any platform (template)',
    export: 'Tradervue generic layout: Date,Time,Symbol,Quantity,Price,Side[,Commission,TransFee,ECNFee]',
    where: 'write it from any export (spreadsheet); same columns as tradervue.com/help/generic',
    lacks: 'whatever you leave out (Time and fees are optional)',
  },
  schema: {
    fields: {
      // A journal's own sheet often names them otherwise: a trade date and an execution time apart.
      date: ['Date', 'Trade Date'],
      time: ['Time', 'Execution Time', 'Exec Time'],
      symbol: ['Symbol', 'Ticker', 'Symb', 'Sym'],
      quantity: ['Quantity', 'Qty', 'Shares'],
      price: ['Price', 'Fill Price'],
      side: ['Side', 'Action', 'Buy/Sell'],
      commission: ['Commission'],
      transFee: ['TransFee'],
      ecnFee: ['ECNFee'],
      account: ['Account'],
      currency: ['Currency'],
    },
    required: ['date', 'symbol', 'quantity', 'price', 'side'],
    distinctive: ['TransFee'],
  },
  read(row, c, options) {
    const label = c.get(row, 'side');
    const quantity = c.number(row, 'quantity');
    let side = label === '' ? null : sideWords(label);
    if (!side && /^[BS]/i.test(label)) side = /^B/i.test(label) ? BUY : SELL;
    if (!side && label === '' && !quantity.eq(0)) side = quantity.lt(0) ? SELL : BUY;
    if (!side) throw new RowError(`${c.name('side') ?? 'Side'} "${label}" is neither a buy nor a sell`);
    return makeExecution({
      broker: 'tradervue',
      account: c.get(row, 'account'),
      currency: c.get(row, 'currency').toUpperCase() || 'USD',
      ...dateAndTime(c.get(row, 'date'), c.has('time') ? c.get(row, 'time') : null, options.timeZone),
      symbol: c.symbol(row, 'symbol'),
      ...side,
      qty: c.shares(row, 'quantity'),
      price: c.price(row, 'price'),
      fees: c.sum(row, ['commission', 'transFee', 'ecnFee']).toFixed(),
      orderId: null,
      execId: null,
      line: row.line,
    });
  },
});
