import { activityExecution } from './activity.ts';
import { type BrokerFormat, tableFormat } from './format.ts';

/**
 * Fidelity Accounts History (every header variant since 2020: `Price ($)` or `Price`, an `Account`
 * column or not, Price before or after Quantity). Blank lines before the header, a leading space in
 * cells, the side only in the Action sentence (`YOU BOUGHT …`, `YOU SOLD SHORT SALE …`, `YOU BOUGHT
 * SHORT COVER …`), signed quantities, dates only, newest first, a legal disclaimer as footer.
 */
export const fidelity: BrokerFormat<'fidelity'> = tableFormat({
  id: 'fidelity',
  label: 'Fidelity account history',
  info: {
    broker: 'Fidelity',
    export: 'Accounts History (Activity & Orders → History)',
    where: 'fidelity.com → Accounts & Trade → Portfolio → Activity & Orders → History → Download',
    lacks: 'time of day (dates only), single executions',
  },
  newestFirst: true,
  schema: {
    fields: {
      date: ['Run Date'],
      account: ['Account Number', 'Account'],
      action: ['Action'],
      symbol: ['Symbol'],
      description: ['Description', 'Security Description'],
      quantity: ['Quantity'],
      price: ['Price ($)', 'Price'],
      commission: ['Commission ($)', 'Commission'],
      fees: ['Fees ($)', 'Fees'],
      amount: ['Amount ($)', 'Amount'],
      currency: ['Currency'],
      settlement: ['Settlement Date'],
    },
    required: ['date', 'action', 'symbol', 'quantity', 'price'],
    distinctive: ['Run Date', 'Price ($)', 'Amount ($)', 'Accrued Interest ($)', 'Cash Balance ($)'],
  },
  read: (row, c, options) =>
    activityExecution(row, c, options, {
      broker: 'fidelity',
      fees: ['commission', 'fees'],
      shortsNamed: true,
    }),
});
