import { makeExecution } from '../executions.ts';
import { anyDateTime } from './any-date.ts';
import { tableFormat } from './format.ts';
import { NotATrade, RowError } from './table.ts';

/** `Commission` is the total of these; used only when a query leaves `Commission` out or empty. */
const COMMISSION_PARTS = ['brokerExec', 'brokerClear', 'thirdExec', 'thirdClear', 'other'] as const;

/** Open/close from IBKR's `Code` (`O`, `C`, with `P` for partial, `;`-separated). */
export function codeIntent(code: string): 'open' | 'close' | null {
  const codes = code.toUpperCase().split(/[;,\s]+/);
  return codes.includes('O') ? 'open' : codes.includes('C') ? 'close' : null;
}

/**
 * Interactive Brokers Flex Query, Trade Confirmation at execution level. Open/close comes from `Code`;
 * commissions are negative, so fees are their negation. FX rows (`AssetClass` CASH) are not trades.
 */
export const ibkr = tableFormat({
  id: 'ibkr',
  label: 'Interactive Brokers Flex Query',
  info: {
    broker: 'Interactive Brokers',
    export: 'Flex Query (Trade Confirmation, executions, CSV)',
    where: 'Client Portal → Performance & Reports → Flex Queries → Trade Confirmation Flex Query → Run',
    lacks: 'only the fields chosen in the query',
  },
  schema: {
    fields: {
      account: ['ClientAccountID', 'Account ID', 'AccountID'],
      currency: ['CurrencyPrimary', 'Currency'],
      assetClass: ['AssetClass', 'Asset Class'],
      symbol: ['Symbol'],
      dateTime: ['Date/Time', 'DateTime', 'TradeDate', 'Trade Date'],
      time: ['TradeTime', 'Trade Time'],
      buySell: ['Buy/Sell'],
      quantity: ['Quantity'],
      price: ['Price', 'TradePrice', 'T. Price'],
      commission: ['Commission', 'IBCommission'],
      brokerExec: ['BrokerExecutionCommission'],
      brokerClear: ['BrokerClearingCommission'],
      thirdExec: ['ThirdPartyExecutionCommission'],
      thirdClear: ['ThirdPartyClearingCommission'],
      other: ['OtherCommission'],
      code: ['Code', 'Notes/Codes'],
      level: ['LevelOfDetail'],
      orderId: ['OrderID', 'IBOrderID'],
      tradeId: ['TradeID', 'IBExecID'],
    },
    required: ['symbol', 'dateTime', 'buySell', 'quantity', 'price'],
    distinctive: ['ClientAccountID', 'CurrencyPrimary', 'AssetClass', 'NetCash', 'IBCommission', 'TradeID'],
  },
  read(row, c, options) {
    const level = c.get(row, 'level').toUpperCase();
    if (level !== '' && level !== 'EXECUTION') throw new NotATrade(`${level} summary row, not an execution`);
    const assetClass = c.get(row, 'assetClass').toUpperCase();
    if (assetClass === 'CASH') throw new NotATrade('currency exchange (AssetClass CASH), not a stock trade');
    if (assetClass !== '' && assetClass !== 'STK')
      throw new NotATrade(`AssetClass ${assetClass} is not a stock`);
    const label = c.get(row, 'buySell').toUpperCase();
    if (label !== 'BUY' && label !== 'SELL') throw new RowError(`Buy/Sell "${label}" is not BUY or SELL`);
    const fees = c.get(row, 'commission') !== '' ? c.sum(row, ['commission']) : c.sum(row, COMMISSION_PARTS);
    const orderId = c.get(row, 'orderId');
    const tradeId = c.get(row, 'tradeId');
    return makeExecution({
      broker: 'ibkr',
      account: c.get(row, 'account'),
      currency: c.get(row, 'currency').toUpperCase() || 'USD',
      ...anyDateTime(c.get(row, 'dateTime'), c.get(row, 'time') || null, 'MDY', options.timeZone),
      symbol: c.symbol(row, 'symbol'),
      side: label === 'BUY' ? 'buy' : 'sell',
      intent: codeIntent(c.get(row, 'code')),
      qty: c.shares(row, 'quantity'),
      price: c.price(row, 'price'),
      fees: fees.neg().toFixed(),
      orderId: orderId || null,
      execId: tradeId || null,
      line: row.line,
    });
  },
});
