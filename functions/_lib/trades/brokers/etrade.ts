import { activityExecution } from './activity.ts';
import { type BrokerFormat, tableFormat } from './format.ts';
import { notStockClass } from './instruments.ts';

/**
 * E*TRADE `DownloadTxnHistory.csv` (2025 on): six preamble lines (title, account, `Total:`), then
 * `Activity/Trade Date,…,Activity Type,…,Quantity #,Price $,Amount $,Commission,…`; dates `MM/DD/YY`,
 * `--` for empty, `Sold Short` / `Bought To Cover`, signed quantities, a one-line footer.
 */
export const etrade: BrokerFormat<'etrade'> = tableFormat({
  id: 'etrade',
  label: 'E*TRADE transaction history',
  info: {
    broker: 'E*TRADE (Morgan Stanley)',
    export: 'DownloadTxnHistory.csv',
    where: 'etrade.com → Accounts → Transactions → Download (CSV)',
    lacks: 'time of day (dates only), fees other than commission',
  },
  newestFirst: true,
  schema: {
    fields: {
      date: ['Activity/Trade Date', 'Transaction Date'],
      action: ['Activity Type'],
      description: ['Description'],
      symbol: ['Symbol'],
      quantity: ['Quantity #', 'Quantity'],
      price: ['Price $', 'Price'],
      amount: ['Amount $', 'Amount'],
      commission: ['Commission'],
    },
    required: ['date', 'action', 'symbol', 'quantity', 'price'],
    distinctive: ['Activity/Trade Date', 'Activity Type', 'Quantity #', 'Price $', 'Amount $'],
  },
  read: (row, c, options) =>
    activityExecution(row, c, options, { broker: 'etrade', fees: ['commission'], shortsNamed: true }),
});

/**
 * E*TRADE's older transaction history (to 2024): `For Account:` first, then
 * `TransactionDate,TransactionType,SecurityType,Symbol,Quantity,Amount,Price,Commission,Description`;
 * the type is sometimes `0`, so a signed quantity says the side; `SecurityType` is padded (`OPTN   `).
 */
export const etradeLegacy: BrokerFormat<'etrade-legacy'> = tableFormat({
  id: 'etrade-legacy',
  label: 'E*TRADE transaction history (before 2025)',
  info: {
    broker: 'E*TRADE',
    export: 'Transaction history (older layout)',
    where: 'etrade.com → Accounts → Transactions → Download (before 2025)',
    lacks: 'time of day (dates only), fees other than commission',
  },
  newestFirst: true,
  schema: {
    fields: {
      date: ['TransactionDate'],
      action: ['TransactionType'],
      securityType: ['SecurityType'],
      symbol: ['Symbol'],
      quantity: ['Quantity'],
      amount: ['Amount'],
      price: ['Price'],
      commission: ['Commission'],
      description: ['Description'],
    },
    required: ['date', 'symbol', 'quantity', 'price'],
    distinctive: ['TransactionDate', 'TransactionType', 'SecurityType'],
  },
  read(row, c, options) {
    const type = c.get(row, 'securityType').toUpperCase();
    if (type !== '' && type !== 'EQ' && type !== 'STK') throw notStockClass(type, c.get(row, 'symbol'));
    return activityExecution(row, c, options, {
      broker: 'etrade-legacy',
      fees: ['commission'],
      shortsNamed: true,
    });
  },
});
