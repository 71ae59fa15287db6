import { makeExecution } from '../executions.ts';
import { localTime } from './dates.ts';
import { feeSum, priceField, shareCount, symbolField } from './fields.ts';
import { type BrokerFormat, hasColumns, splitAtHeader } from './format.ts';
import { collect, RowError } from './table.ts';

/** `Commission` is the total of these; used only when a query leaves `Commission` out or empty. */
const COMMISSION_PARTS = [
  'BrokerExecutionCommission',
  'BrokerClearingCommission',
  'ThirdPartyExecutionCommission',
  'ThirdPartyClearingCommission',
  'OtherCommission',
];

/** `yyyyMMdd;HHmmss` (TradeNote's Flex setup) or `yyyy-MM-dd, HH:mm:ss` (IBKR's default). */
function flexTime(text: string): { date: string | null; time: string | null } {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})[;,]\s*(\d{2}):?(\d{2}):?(\d{2})$/.exec(text.trim());
  if (!match) return { date: null, time: null };
  const [, y, mo, d, h, mi, s] = match;
  return { date: `${y}-${mo}-${d}`, time: `${h}:${mi}:${s}` };
}

/**
 * Interactive Brokers Flex Query, Trade Confirmation at execution level. Open/close comes from `Code`
 * (`O`, `C`, with `P` for partial); commissions are negative, so fees are their negation. FX rows
 * (`AssetClass` CASH) are not trades.
 */
export const ibkr: BrokerFormat = {
  id: 'ibkr',
  label: 'Interactive Brokers Flex Query',
  isHeader: (cells) =>
    hasColumns(cells, ['ClientAccountID', 'Symbol', 'Date/Time', 'Buy/Sell', 'Quantity', 'Price']),
  parse(rows, options) {
    const { columns, data } = splitAtHeader(rows, ibkr);
    return collect(data, (row) => {
      const assetClass = columns.get(row, 'AssetClass').toUpperCase();
      if (assetClass === 'CASH') return null;
      if (assetClass !== '' && assetClass !== 'STK')
        throw new RowError(`AssetClass ${assetClass} is not a stock`);
      const label = columns.get(row, 'Buy/Sell').toUpperCase();
      if (label !== 'BUY' && label !== 'SELL') throw new RowError(`Buy/Sell "${label}" is not BUY or SELL`);
      const codes = columns.get(row, 'Code').toUpperCase().split(';');
      const intent = codes.includes('O') ? 'open' : codes.includes('C') ? 'close' : null;
      const commission = columns.get(row, 'Commission') !== '' ? ['Commission'] : COMMISSION_PARTS;
      const { date, time } = flexTime(columns.get(row, 'Date/Time'));
      const orderId = columns.get(row, 'OrderID');
      const tradeId = columns.get(row, 'TradeID');
      return makeExecution({
        broker: 'ibkr',
        account: columns.get(row, 'ClientAccountID'),
        currency: columns.get(row, 'CurrencyPrimary').toUpperCase() || 'USD',
        ...localTime(date, time, options.timeZone),
        symbol: symbolField(columns, row, 'Symbol'),
        side: label === 'BUY' ? 'buy' : 'sell',
        intent,
        qty: shareCount(columns, row, 'Quantity'),
        price: priceField(columns, row, 'Price'),
        fees: feeSum(columns, row, commission).neg().toFixed(),
        orderId: orderId || null,
        execId: tradeId || null,
        line: row.line,
      });
    });
  },
};
