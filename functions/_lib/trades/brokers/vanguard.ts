import { activityExecution } from './activity.ts';
import { type BrokerFormat, tableFormat } from './format.ts';

/**
 * Vanguard `OfxDownload.csv`: a holdings table, a blank line, then the transactions
 * (`Trade Date,…,Transaction Type,…,Shares,Share Price,…,Commission Fees,…`, a trailing comma on every
 * line); dates only, newest first, `Buy`/`Sell` among dividends, sweeps and transfers.
 */
export const vanguard: BrokerFormat<'vanguard'> = tableFormat({
  id: 'vanguard',
  label: 'Vanguard transactions',
  info: {
    broker: 'Vanguard',
    export: 'OfxDownload.csv (transaction history)',
    where: 'vanguard.com → My Accounts → Transaction history → Download (CSV)',
    lacks: 'time of day (dates only), single executions',
  },
  newestFirst: true,
  schema: {
    fields: {
      account: ['Account Number'],
      date: ['Trade Date'],
      action: ['Transaction Type'],
      description: ['Transaction Description'],
      symbol: ['Symbol'],
      quantity: ['Shares'],
      price: ['Share Price'],
      amount: ['Net Amount', 'Principal Amount'],
      commission: ['Commission Fees', 'Commissions and Fees', 'Commissions & Fees'],
    },
    required: ['date', 'action', 'symbol', 'quantity', 'price'],
    distinctive: ['Transaction Type', 'Share Price', 'Principal Amount', 'Investment Name'],
  },
  read: (row, c, options) =>
    activityExecution(row, c, options, { broker: 'vanguard', fees: ['commission'], shortsNamed: true }),
});
