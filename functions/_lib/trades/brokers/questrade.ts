import { activityExecution } from './activity.ts';
import { dateOrderOf, eitherDateOrder } from './date-order.ts';
import { type BrokerFormat, tableFormat } from './format.ts';
import { NotATrade } from './table.ts';

/**
 * Questrade Activities (saved as CSV): `Transaction Date,…,Action,Symbol,…,Gross Amount,Commission,
 * Net Amount,Currency,Account #,Activity Type,…`; CAD and USD rows side by side, commissions printed
 * negative, `2025-03-03 12:00:00 AM` dates (midnight = no time of day). Re-saved in a Canadian
 * spreadsheet the dates may turn numeric either way round: the file's own dates tell which.
 */
const table = tableFormat({
  id: 'questrade',
  label: 'Questrade activities',
  info: {
    broker: 'Questrade (Canada)',
    export: 'Activities (Excel, saved as CSV)',
    where: 'my.questrade.com → Reports → Account activity → Export to Excel, then save as CSV',
    lacks: 'time of day (dates only), single executions',
  },
  schema: {
    fields: {
      date: ['Transaction Date', 'Trade Date'],
      action: ['Action'],
      symbol: ['Symbol'],
      description: ['Description'],
      quantity: ['Quantity'],
      price: ['Price'],
      commission: ['Commission', 'Comm'],
      sec: ['SEC fees'],
      amount: ['Net Amount'],
      currency: ['Currency'],
      account: ['Account #'],
      activity: ['Activity Type'],
    },
    required: ['date', 'action', 'symbol', 'quantity', 'price'],
    distinctive: ['Gross Amount', 'Net Amount', 'Account #', 'Activity Type', 'Account Type'],
  },
  read(row, c, options) {
    const activity = c.get(row, 'activity');
    if (activity !== '' && activity.toLowerCase() !== 'trades')
      throw new NotATrade(`not a trade: ${activity}`);
    const execution = activityExecution(row, c, options, {
      broker: 'questrade',
      fees: ['commission', 'sec'],
      feesNegative: true,
      currency: 'CAD',
      dateOrder: dateOrderOf(options, 'MDY'),
    });
    return execution;
  },
});

export const questrade: BrokerFormat<'questrade'> = eitherDateOrder(table, 'MDY');
