import { makeExecution } from '../executions.ts';
import { clockTime, localTime, usDate } from './dates.ts';
import { feeSum, priceField, shareCount, sideFrom, symbolField } from './fields.ts';
import { type BrokerFormat, hasColumns, splitAtHeader } from './format.ts';
import { collect } from './table.ts';

const SIDES = {
  B: { side: 'buy', intent: 'open' },
  S: { side: 'sell', intent: 'close' },
  SS: { side: 'sell', intent: 'open' },
  BC: { side: 'buy', intent: 'close' },
} as const;

/** Every fee column; `ECN Add` is a rebate when negative. Gross/Net Proceeds are cash, not fees. */
const FEES = ['Comm', 'SEC', 'TAF', 'NSCC', 'Nasdaq', 'ECN Remove', 'ECN Add'];

/** TradeZero trades CSV (TradeNote's template): rows grouped by symbol, not by time. */
export const tradezero: BrokerFormat = {
  id: 'tradezero',
  label: 'TradeZero',
  isHeader: (cells) => hasColumns(cells, ['Account', 'T/D', 'Side', 'Symbol', 'Qty', 'Price', 'Exec Time']),
  parse(rows, options) {
    const { columns, data } = splitAtHeader(rows, tradezero);
    return collect(data, (row) => {
      const side = sideFrom(SIDES, columns, row, 'Side');
      return makeExecution({
        broker: 'tradezero',
        account: columns.get(row, 'Account'),
        currency: columns.get(row, 'Currency').toUpperCase() || 'USD',
        ...localTime(
          usDate(columns.get(row, 'T/D')),
          clockTime(columns.get(row, 'Exec Time')),
          options.timeZone,
        ),
        symbol: symbolField(columns, row, 'Symbol'),
        ...side,
        qty: shareCount(columns, row, 'Qty'),
        price: priceField(columns, row, 'Price'),
        fees: feeSum(columns, row, FEES).toFixed(),
        orderId: null,
        execId: null,
        line: row.line,
      });
    });
  },
};
