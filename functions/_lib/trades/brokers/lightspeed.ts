import { makeExecution } from '../executions.ts';
import { clockTime, localTime, usDate } from './dates.ts';
import { feeSum, priceField, shareCount, sideFrom, symbolField } from './fields.ts';
import { type BrokerFormat, hasColumns, splitAtHeader } from './format.ts';
import { collect } from './table.ts';

const SIDES = {
  'LONG BUY': { side: 'buy', intent: 'open' },
  'LONG SELL': { side: 'sell', intent: 'close' },
  'SHORT SELL': { side: 'sell', intent: 'open' },
  'SHORT BUY': { side: 'buy', intent: 'close' },
} as const;

const FEES = ['Commission Amount', 'FeeSEC', 'FeeMF', 'Fee1', 'Fee2', 'Fee3', 'Fee4', 'FeeStamp', 'FeeTAF'];

/**
 * Lightspeed web blotter (46 columns). Minute resolution, Eastern time, signed Qty; `Principal` and
 * `NET Amount` signs are not trusted, so money is always price × |qty|.
 */
export const lightspeed: BrokerFormat = {
  id: 'lightspeed',
  label: 'Lightspeed blotter',
  isHeader: (cells) =>
    hasColumns(cells, ['Account Number', 'Buy/Sell', 'Trade Date', 'Price', 'Qty', 'Execution Time']),
  parse(rows, options) {
    const { columns, data } = splitAtHeader(rows, lightspeed);
    return collect(data, (row) => {
      const transtype = columns.get(row, 'Transtype');
      if (transtype !== '' && transtype.toLowerCase() !== 'trade') return null;
      const side = sideFrom(SIDES, columns, row, 'Buy/Sell');
      const [rawDay = '', rawClock = ''] = columns.get(row, 'Raw Exec. Time').split(/\s+/);
      const date = usDate(rawDay) ?? usDate(columns.get(row, 'Trade Date'));
      const time = clockTime(rawClock) ?? clockTime(columns.get(row, 'Execution Time'));
      const symbolColumn = columns.get(row, 'Symbol') === '' ? 'CUSIP' : 'Symbol';
      const tradeNumber = columns.get(row, 'Trade Number');
      return makeExecution({
        broker: 'lightspeed',
        account: columns.get(row, 'Account Number'),
        currency: columns.get(row, 'Currency Code').toUpperCase() || 'USD',
        ...localTime(date, time, options.timeZone),
        symbol: symbolField(columns, row, symbolColumn),
        ...side,
        qty: shareCount(columns, row, 'Qty'),
        price: priceField(columns, row, 'Price'),
        fees: feeSum(columns, row, FEES).toFixed(),
        orderId: null,
        execId: tradeNumber || null,
        line: row.line,
      });
    });
  },
};
