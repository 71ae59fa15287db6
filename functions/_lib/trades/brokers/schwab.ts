import { makeExecution } from '../executions.ts';
import { anyDateTime } from './any-date.ts';
import { type BrokerFormat, tableFormat } from './format.ts';
import { pairSchwabActions, SCHWAB_ACTIONS, schwabActionRow } from './schwab-actions.ts';
import { BUY_OPEN, COVER, SELL_CLOSE, SHORT } from './sides.ts';
import { CorporateActionRow, NotATrade } from './table.ts';

const ACTIONS = {
  BUY: BUY_OPEN,
  SELL: SELL_CLOSE,
  'SELL SHORT': SHORT,
  'BUY TO COVER': COVER,
} as const;

/** `MM/DD/YYYY` or `MM/DD/YYYY as of MM/DD/YYYY`: the "as of" date is when it really happened. */
function tradeDate(text: string): string {
  const [posted = '', asOf] = text.split(/\s+as of\s+/i);
  return asOf ?? posted;
}

/**
 * Charles Schwab transactions: newest first, dates only (no time of day), `$` money with thousands
 * separators. Transfers, interest, dividends and journals are not trades; splits, reverse splits and
 * name changes are listed as corporate actions (schwab-actions.ts).
 */
const transactions = tableFormat({
  id: 'schwab',
  label: 'Charles Schwab transactions',
  info: {
    broker: 'Charles Schwab',
    export: 'Transactions (History)',
    where: 'schwab.com → Accounts → History → Transactions → Export (CSV)',
    lacks: 'time of day (dates only), single executions',
  },
  newestFirst: true,
  schema: {
    fields: {
      date: ['Date'],
      action: ['Action'],
      symbol: ['Symbol'],
      description: ['Description'],
      quantity: ['Quantity'],
      price: ['Price'],
      fees: ['Fees & Comm', 'Fees & Commissions'],
      amount: ['Amount'],
    },
    required: ['date', 'action', 'symbol', 'quantity', 'price'],
    distinctive: ['Fees & Comm'],
  },
  // Amount = −(quantity × price + fees) for a buy, quantity × price − fees for a sale.
  amount: { field: 'amount', fees: 'net' },
  read(row, c, options) {
    const label = c.get(row, 'action');
    if (SCHWAB_ACTIONS.has(label.toUpperCase()))
      throw new CorporateActionRow([schwabActionRow(row, c, options)]);
    const action = ACTIONS[label.toUpperCase() as keyof typeof ACTIONS];
    if (!action) throw new NotATrade(`not a trade: ${label || 'no action'}`);
    return makeExecution({
      broker: 'schwab',
      account: '',
      currency: 'USD',
      ...anyDateTime(tradeDate(c.get(row, 'date')), null, 'MDY', options.timeZone),
      symbol: c.symbol(row, 'symbol'),
      ...action,
      qty: c.shares(row, 'quantity'),
      price: c.price(row, 'price'),
      fees: c.sum(row, ['fees']).toFixed(),
      orderId: null,
      execId: null,
      line: row.line,
    });
  },
});

export const schwab: BrokerFormat<'schwab'> = {
  ...transactions,
  parse: (rows, options) => pairSchwabActions(transactions.parse(rows, options), rows),
};
