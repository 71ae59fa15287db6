import { makeExecution } from '../executions.ts';
import { anyDateTime } from './any-date.ts';
import { type BrokerFormat, tableFormat } from './format.ts';
import { sideWords } from './sides.ts';
import { NotATrade, RowError } from './table.ts';

/**
 * TradeStation TradeManager → Orders (Filled), copied or exported: a title line, then a tab- or
 * comma-separated grid with `Entered` (`3/30/26 9:41:05 AM`), `Order Status`, `Type` (`Buy`, `Sell
 * Short`, `Buy to Cover`…), `Qty Filled`, `Filled Price` and a `$` commission. One row per order.
 */
export const tradestation: BrokerFormat<'tradestation'> = tableFormat({
  id: 'tradestation',
  label: 'TradeStation orders',
  info: {
    broker: 'TradeStation',
    export: 'TradeManager → Orders (Filled)',
    where: 'TradeStation desktop → TradeManager → Orders tab → select all → Copy/Export',
    lacks: 'single executions (one row per order), fees other than commission',
  },
  schema: {
    fields: {
      account: ['Account'],
      entered: ['Entered', 'Filled Time'],
      status: ['Order Status', 'Status'],
      type: ['Type', 'Side'],
      symbol: ['Symbol'],
      qty: ['Qty Filled', 'Filled Qty'],
      price: ['Filled Price', 'Fill Price'],
      commission: ['Commission'],
      orderId: ['Order #', 'Order ID'],
    },
    required: ['entered', 'type', 'symbol', 'qty', 'price'],
    distinctive: ['Entered', 'Qty Filled', 'Filled Price', 'Contract Exp Date', 'Order Status'],
  },
  read(row, c, options) {
    const status = c.get(row, 'status');
    if (status !== '' && status.toLowerCase() !== 'filled')
      throw new NotATrade(`order ${status.toLowerCase()}, not filled`);
    const label = c.get(row, 'type');
    const side = sideWords(label);
    if (!side) throw new RowError(`Type "${label}" is neither a buy nor a sell`);
    return makeExecution({
      broker: 'tradestation',
      account: c.get(row, 'account'),
      currency: 'USD',
      ...anyDateTime(c.get(row, 'entered'), null, 'MDY', options.timeZone),
      symbol: c.symbol(row, 'symbol'),
      ...side,
      qty: c.shares(row, 'qty'),
      price: c.price(row, 'price'),
      fees: c.sum(row, ['commission']).toFixed(),
      orderId: c.get(row, 'orderId') || null,
      execId: null,
      line: row.line,
    });
  },
});
