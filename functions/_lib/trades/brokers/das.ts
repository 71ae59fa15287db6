import { ImportError } from '../errors.ts';
import { makeExecution } from '../executions.ts';
import { clockTime, localTime } from './dates.ts';
import { feeSum, priceField, shareCount, sideFrom, symbolField } from './fields.ts';
import { type BrokerFormat, hasColumns, splitAtHeader } from './format.ts';
import { collect } from './table.ts';

const SIDES = {
  B: { side: 'buy', intent: null }, // also covers a short: it follows the position
  S: { side: 'sell', intent: 'close' },
  SS: { side: 'sell', intent: 'open' },
} as const;

/**
 * DAS Trader Pro, Trades window export. Times are `HH:MM:SS` with no date (the window only holds the
 * current day), so the trade date must be passed in. Only the ECN fee is in this export.
 */
export const das: BrokerFormat = {
  id: 'das',
  label: 'DAS Trader',
  isHeader: (cells) => hasColumns(cells, ['Time', 'Symbol', 'Side', 'Price', 'Qty', 'Cloid', 'ECNFee']),
  parse(rows, options) {
    const { columns, headerLine, data } = splitAtHeader(rows, das);
    if (!options.date) {
      throw new ImportError(
        headerLine,
        'DAS Trader exports have no date column: pass the trade date (--date YYYY-MM-DD)',
      );
    }
    const date = options.date;
    return collect(data, (row) => {
      const side = sideFrom(SIDES, columns, row, 'Side');
      const cloid = columns.get(row, 'Cloid');
      return makeExecution({
        broker: 'das',
        account: columns.get(row, 'Account'),
        currency: 'USD',
        ...localTime(date, clockTime(columns.get(row, 'Time')), options.timeZone),
        symbol: symbolField(columns, row, 'Symbol'),
        ...side,
        qty: shareCount(columns, row, 'Qty'),
        price: priceField(columns, row, 'Price'),
        fees: feeSum(columns, row, ['ECNFee']).toFixed(),
        orderId: cloid === '' ? null : cloid,
        execId: null,
        line: row.line,
      });
    });
  },
};
