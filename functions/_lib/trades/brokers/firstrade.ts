import { activityExecution } from './activity.ts';
import { anyDateTime } from './any-date.ts';
import { type BrokerFormat, tableFormat } from './format.ts';
import { NotATrade } from './table.ts';

/** Firstrade sometimes puts the execution time in the description. */
const EXEC_TIME = /EXEC TIME:\s*(\d{4}-\d{2}-\d{2}[ T]\d{1,2}:\d{2}(?::\d{2})?)/i;

/**
 * Firstrade account history: space-padded cells, `YYYY-MM-DD` dates, signed quantities, rows not in
 * execution order, `RecordType` `Financial` for cash events. The time of day, when there, is in the
 * description (`EXEC TIME: 2026-05-07 16:28:38`).
 */
export const firstrade: BrokerFormat<'firstrade'> = tableFormat({
  id: 'firstrade',
  label: 'Firstrade account history',
  info: {
    broker: 'Firstrade',
    export: 'Account History',
    where: 'firstrade.com → Accounts → History → Download Account History (CSV)',
    lacks: 'time of day (unless the description has EXEC TIME), SEC fees (folded into Amount)',
  },
  schema: {
    fields: {
      symbol: ['Symbol'],
      quantity: ['Quantity'],
      price: ['Price'],
      action: ['Action'],
      description: ['Description'],
      date: ['TradeDate', 'Trade Date'],
      amount: ['Amount'],
      commission: ['Commission'],
      fee: ['Fee'],
      recordType: ['RecordType'],
    },
    required: ['symbol', 'quantity', 'price', 'action', 'date'],
    distinctive: ['TradeDate', 'SettledDate', 'RecordType'],
  },
  read(row, c, options) {
    const record = c.get(row, 'recordType');
    if (record !== '' && record.toLowerCase() !== 'trade') throw new NotATrade(`not a trade: ${record}`);
    const stamp = EXEC_TIME.exec(c.get(row, 'description'))?.[1];
    return activityExecution(row, c, options, {
      broker: 'firstrade',
      fees: ['commission', 'fee'],
      ...(stamp ? { when: anyDateTime(stamp, null, 'MDY', options.timeZone) } : {}),
    });
  },
});
