import { makeExecution } from '../executions.ts';
import { anyDateTime } from './any-date.ts';
import { tableFormat } from './format.ts';
import { BUY, SELL, SHORT } from './sides.ts';
import { NotATrade } from './table.ts';

const SIDES = { BUY, SELL, SHORT } as const;

/**
 * Webull Orders Records: one row per order, its `Filled` quantity at its `Avg Price` (which may have 5
 * decimals), `MM/DD/YYYY HH:MM:SS EDT` times. Only `Filled` rows count; there are no fee columns.
 */
export const webull = tableFormat({
  id: 'webull',
  label: 'Webull',
  info: {
    broker: 'Webull',
    export: 'Orders Records',
    where: 'Webull desktop → Orders → Order History → Export (or Account → Orders Records)',
    lacks: 'fees, single executions (one row per order at its average price)',
  },
  schema: {
    fields: {
      symbol: ['Symbol'],
      side: ['Side'],
      status: ['Status'],
      filled: ['Filled'],
      total: ['Total Qty'],
      avgPrice: ['Avg Price'],
      time: ['Filled Time'],
      placed: ['Placed Time'],
    },
    required: ['symbol', 'side', 'status', 'filled', 'avgPrice', 'time'],
    distinctive: ['Filled Time', 'Avg Price', 'Total Qty', 'Placed Time'],
  },
  read(row, c, options) {
    const status = c.get(row, 'status');
    if (status.toLowerCase() !== 'filled')
      throw new NotATrade(`${status || 'unfilled'} order, nothing filled`);
    const side = c.label(row, 'side', SIDES);
    return makeExecution({
      broker: 'webull',
      account: '',
      currency: 'USD',
      ...anyDateTime(c.get(row, 'time'), null, 'MDY', options.timeZone),
      symbol: c.symbol(row, 'symbol'),
      ...side,
      qty: c.shares(row, 'filled'),
      price: c.price(row, 'avgPrice'),
      fees: '0',
      orderId: null,
      execId: null,
      line: row.line,
    });
  },
});
