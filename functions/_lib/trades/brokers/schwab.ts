import { makeExecution } from '../executions.ts';
import { localDate, usDate } from './dates.ts';
import { feeSum, priceField, shareCount, symbolField } from './fields.ts';
import { type BrokerFormat, hasColumns, splitAtHeader } from './format.ts';
import { collect } from './table.ts';

const ACTIONS = {
  BUY: { side: 'buy', intent: 'open' },
  SELL: { side: 'sell', intent: 'close' },
  'SELL SHORT': { side: 'sell', intent: 'open' },
  'BUY TO COVER': { side: 'buy', intent: 'close' },
} as const;

/** `MM/DD/YYYY` or `MM/DD/YYYY as of MM/DD/YYYY`: the "as of" date is when it really happened. */
function tradeDate(text: string): string | null {
  const [posted = '', asOf] = text.split(/\s+as of\s+/i);
  return usDate(asOf ?? posted);
}

/**
 * Charles Schwab transactions: newest first, dates only (no time of day), `$` money with thousands
 * separators. Transfers, interest, dividends and journals are not trades.
 */
export const schwab: BrokerFormat = {
  id: 'schwab',
  label: 'Charles Schwab transactions',
  isHeader: (cells) =>
    hasColumns(cells, ['Date', 'Action', 'Symbol', 'Quantity', 'Price', 'Fees & Comm', 'Amount']),
  parse(rows, options) {
    const { columns, data } = splitAtHeader(rows, schwab);
    // Newest first in the file: read oldest first so fills of one day keep their real order.
    const chronological = [...data].reverse();
    return collect(chronological, (row) => {
      const action = ACTIONS[columns.get(row, 'Action').toUpperCase() as keyof typeof ACTIONS];
      if (!action) return null;
      return makeExecution({
        broker: 'schwab',
        account: '',
        currency: 'USD',
        ...localDate(tradeDate(columns.get(row, 'Date')), options.timeZone),
        symbol: symbolField(columns, row, 'Symbol'),
        ...action,
        qty: shareCount(columns, row, 'Quantity'),
        price: priceField(columns, row, 'Price'),
        fees: feeSum(columns, row, ['Fees & Comm']).toFixed(),
        orderId: null,
        execId: null,
        line: row.line,
      });
    });
  },
};
