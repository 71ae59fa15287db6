import { makeExecution } from '../executions.ts';
import { anyDateTime } from './any-date.ts';
import { tableFormat } from './format.ts';
import { sideWords } from './sides.ts';
import { NotATrade, RowError } from './table.ts';

/** Every charge column Tiger prints (negative in its files: each counts as a fee). */
const FEES = ['commFeeTax', 'commission', 'platformFee', 'gst', 'transactionFee', 'settlementFee'] as const;

/**
 * Tiger Brokers (Tiger Trade) trade history: one row per trade, `Symbol`, the side in `Buy/Sell` or
 * `Activity Type` (`BUY`/`SELL`, `OpenLong`, `CloseLong`, `OpenShort`, `CloseShort`), `Quantity`,
 * `Trade Price`, `Amount`, the charges in `Comm/Fee/Tax` (or `Commission`, `Platform Fee`, `GST`), and
 * the time in `Trade Time` (`2026-07-21 09:41:08`, possibly with its zone) or `Trade Date` + `Time`.
 * Its `Symbol`, `Buy/Sell`, `Quantity`, `Trade Price` and `Trade Date` also fit an IBKR Flex query:
 * `Comm/Fee/Tax`, `Activity Type` and `Platform Fee` make it win, so fees and times are kept.
 */
export const tiger = tableFormat({
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
  read(row, c, options) {
    const label = c.get(row, 'side');
    const side = activity(label) ?? sideWords(label);
    if (!side) throw new NotATrade(`${c.name('side') ?? 'side'} "${label}" is not a buy or a sell`);
    const when = c.get(row, 'dateTime') || c.get(row, 'date');
    if (when === '') throw new RowError('the trade has no Trade Time or Trade Date');
    const clock = c.get(row, 'dateTime') === '' ? c.get(row, 'time') || null : null;
    const charges = FEES.reduce((sum, field) => sum.plus(c.sum(row, [field]).abs()), c.sum(row, []));
    return makeExecution({
      broker: 'tiger',
      account: '',
      currency: c.get(row, 'currency').toUpperCase() || 'USD',
      ...anyDateTime(when, clock, 'MDY', options.timeZone),
      symbol: c.symbol(row, 'symbol'),
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

/** Tiger's `Activity Type` words: `OpenLong`, `CloseLong`, `OpenShort`, `CloseShort`. */
function activity(label: string) {
  const word = label.toUpperCase().replace(/[\s_-]+/g, '');
  if (word === 'OPENLONG') return { side: 'buy', intent: 'open' } as const;
  if (word === 'CLOSELONG') return { side: 'sell', intent: 'close' } as const;
  if (word === 'OPENSHORT') return { side: 'sell', intent: 'open' } as const;
  if (word === 'CLOSESHORT') return { side: 'buy', intent: 'close' } as const;
  return null;
}
