import { makeExecution } from '../executions.ts';
import { ZERO } from '../money.ts';
import { anyDateTime } from './any-date.ts';
import { dateOrderOf, eitherDateOrder } from './date-order.ts';
import { cleanSymbol } from './fields.ts';
import { type BrokerFormat, tableFormat } from './format.ts';
import { notStockClass } from './instruments.ts';
import { BUY_OPEN, COVER, SELL_CLOSE, SHORT, type SideLabel, sideWords } from './sides.ts';
import { NotATrade, RowError } from './table.ts';

/** Every charge column Tiger prints (negative in its files: each counts as a fee). */
const FEES = ['commFeeTax', 'commission', 'platformFee', 'gst', 'transactionFee', 'settlementFee'] as const;
/** One list per fee column, made once: each is added up on its own (its sign dropped). */
const FEE_COLUMNS = FEES.map((field) => [field]);

/**
 * Tiger Brokers (Tiger Trade) trade history: one row per trade, `Symbol`, the side in `Buy/Sell` or
 * `Activity Type` (`BUY`/`SELL`, `Open`/`Close` with a signed `Quantity`, `OpenLong`…), `Quantity`,
 * `Trade Price`, `Amount`, the charges in `Comm/Fee/Tax` (or `Commission`, `Platform Fee`, `GST`), and
 * the time in `Trade Time` (`2026-07-21 09:41:08`, possibly with its zone) or `Trade Date` + `Time`.
 * Numeric dates re-saved outside the US (`21/07/2026`) are read in the order the file's dates show.
 * The activity statement's Trades section is read in place (`Trades,Stock,,DATA,NAME (TICKER),…`).
 * Its `Symbol`, `Buy/Sell`, `Quantity`, `Trade Price` and `Trade Date` also fit an IBKR Flex query:
 * `Comm/Fee/Tax`, `Activity Type` and `Platform Fee` make it win, so fees and times are kept.
 */
const table = tableFormat({
  id: 'tiger',
  label: 'Tiger Brokers',
  info: {
    broker: 'Tiger Brokers',
    export: 'Trade history / activity statement trades (CSV)',
    where: 'Tiger Trade app or web → Account → Statements / Trade History → Export CSV',
    lacks: 'order and execution ids; one row per trade',
  },
  schema: {
    fields: {
      symbol: ['Symbol'],
      name: ['Name'],
      side: ['Buy/Sell', 'Activity Type', 'Side'],
      quantity: ['Quantity'],
      price: ['Trade Price'],
      amount: ['Amount'],
      commFeeTax: ['Comm/Fee/Tax'],
      commission: ['Commission'],
      platformFee: ['Platform Fee'],
      gst: ['GST'],
      transactionFee: ['Transaction Fee'],
      settlementFee: ['Settlement Fee'],
      realized: ['Realized P/L'],
      dateTime: ['Trade Time'],
      date: ['Trade Date'],
      time: ['Time'],
      currency: ['Currency'],
      exchange: ['Exchange', 'Market'],
    },
    required: ['symbol', 'side', 'quantity', 'price'],
    distinctive: ['Comm/Fee/Tax', 'Activity Type', 'Platform Fee'],
  },
  // Amount = ± quantity × price; whether charges are in it differs by statement, so either is accepted.
  amount: { field: 'amount' },
  read(row, c, options) {
    // The activity statement's Trades section: section, asset class, …, row kind before the columns.
    if (c.columns.has('Trades')) {
      const [section = '', asset = '', , kind = ''] = row.cells;
      if (section !== 'Trades' || kind.toUpperCase() !== 'DATA') return null; // other sections, totals
      if (asset !== '' && asset.toLowerCase() !== 'stock') throw notStockClass(asset, c.get(row, 'symbol'));
    }
    const label = c.get(row, 'side');
    const side = activity(label, c.get(row, 'quantity')) ?? sideWords(label);
    if (!side) throw new NotATrade(`${c.name('side') ?? 'side'} "${label}" is not a buy or a sell`);
    const when = c.get(row, 'dateTime') || c.get(row, 'date');
    if (when === '') throw new RowError('the trade has no Trade Time or Trade Date');
    const clock = c.get(row, 'dateTime') === '' ? c.get(row, 'time') || null : null;
    const charges = FEE_COLUMNS.reduce((sum, fields) => sum.plus(c.sum(row, fields).abs()), ZERO);
    return makeExecution({
      broker: 'tiger',
      account: '',
      currency: c.get(row, 'currency').toUpperCase() || 'USD',
      ...anyDateTime(when, clock, dateOrderOf(options, 'MDY'), options.timeZone),
      symbol: tickerOf(c.get(row, 'symbol')),
      ...side,
      qty: c.shares(row, 'quantity'),
      price: c.price(row, 'price'),
      fees: charges.toFixed(),
      orderId: null,
      execId: null,
      line: row.line,
    });
  },
});

export const tiger: BrokerFormat<'tiger'> = eitherDateOrder(table, 'MDY');

/**
 * Tiger's `Activity Type` words: `OpenLong`, `CloseLong`, `OpenShort`, `CloseShort`, or `Open` and
 * `Close` with the direction in the sign of `Quantity`, which Tiger prints signed (negative: a sell).
 */
function activity(label: string, quantity: string): SideLabel | null {
  const word = label.toUpperCase().replace(/[\s_-]+/g, '');
  const sells = quantity.trim().startsWith('-');
  if (word === 'OPENLONG') return BUY_OPEN;
  if (word === 'CLOSELONG') return SELL_CLOSE;
  if (word === 'OPENSHORT') return SHORT;
  if (word === 'CLOSESHORT') return COVER;
  if (word === 'OPEN') return sells ? SHORT : BUY_OPEN;
  if (word === 'CLOSE') return sells ? SELL_CLOSE : COVER;
  return null;
}

/** The ticker: the cell itself, or the one in brackets after the name (`TILRAY BRANDS INC (TLRY)`). */
function tickerOf(cell: string): string {
  const inBrackets = /\(([^()]+)\)\s*$/.exec(cell);
  const ticker = cleanSymbol(inBrackets?.[1] ?? cell);
  if (ticker === '') throw new RowError('Symbol is empty');
  return ticker;
}
