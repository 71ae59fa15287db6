import { type BrokerId, type Execution, makeExecution } from '../executions.ts';
import { anyDateTime } from './any-date.ts';
import type { FieldColumns } from './fields.ts';
import { type BrokerFormat, tableFormat } from './format.ts';
import { normName } from './header.ts';
import { notStockClass } from './instruments.ts';
import { NotATrade, type ParseOptions, type Row, RowError } from './table.ts';

/** `Commission` is the total of these; used only when a query leaves `Commission` (and `Fees`) out or empty. */
const COMMISSION_PARTS = ['brokerExec', 'brokerClear', 'thirdExec', 'thirdClear', 'other'] as const;
/** One array for every row: FieldColumns.sum remembers its columns per array. */
const COMMISSION = ['commission', 'fees'] as const;

/** Open/close from IBKR's `Code` (`O`, `C`, with `P` for partial, `;`-separated). */
export function codeIntent(code: string): 'open' | 'close' | null {
  const codes = code.toUpperCase().split(/[;,\s]+/);
  return codes.includes('O') ? 'open' : codes.includes('C') ? 'close' : null;
}

/** Open/close from a Flex `Open/CloseIndicator` (`O`, `C`, `C;O`; some tools write `OPEN`, `CLOSE`). */
function indicatorIntent(indicator: string): 'open' | 'close' | null {
  const word = indicator.toUpperCase();
  return word === 'OPEN' ? 'open' : word === 'CLOSE' ? 'close' : codeIntent(word);
}

/**
 * A Flex Query's fields, as its CSV columns and its XML attributes (`accountId`, `buySell`,
 * `tradePrice`, `ibCommission`, `openCloseIndicator`…) name them: case, spaces and `_` are ignored.
 */
export const FLEX_FIELDS = {
  account: ['ClientAccountID', 'Account ID', 'AccountID'],
  currency: ['CurrencyPrimary', 'Currency'],
  assetClass: ['AssetClass', 'Asset Class', 'AssetCategory'],
  symbol: ['Symbol'],
  dateTime: ['Date/Time', 'DateTime', 'TradeDate', 'Trade Date'],
  time: ['TradeTime', 'Trade Time'],
  buySell: ['Buy/Sell', 'BuySell'],
  quantity: ['Quantity'],
  price: ['Price', 'TradePrice', 'T. Price'],
  commission: ['Commission', 'IBCommission'],
  /** A query's other charges beside `Commission`, signed the same way (negative = a charge). */
  fees: ['Fees'],
  brokerExec: ['BrokerExecutionCommission'],
  brokerClear: ['BrokerClearingCommission'],
  thirdExec: ['ThirdPartyExecutionCommission'],
  thirdClear: ['ThirdPartyClearingCommission'],
  other: ['OtherCommission'],
  code: ['Code', 'Notes/Codes', 'Notes'],
  openClose: ['Open/CloseIndicator', 'OpenCloseIndicator'],
  level: ['LevelOfDetail'],
  orderId: ['OrderID', 'IBOrderID'],
  tradeId: ['TradeID', 'IBExecID'],
} as const;

export type FlexFields = typeof FLEX_FIELDS;

/** Names only a Flex Query prints: they make it win over a looser format that also fits. */
const FLEX_NAMES = ['ClientAccountID', 'CurrencyPrimary', 'AssetClass', 'NetCash', 'IBCommission', 'TradeID'];
/**
 * What a header without `Buy/Sell` needs to be a Flex query (the side then in the sign of
 * `Quantity`): one of the Flex-only names, or IBKR's `Date/Time` (date and time in one cell,
 * `20260319;093001`), which no other one-table export we read prints. The smallest real query is
 * `Symbol,Date/Time,Quantity,Price,Commission`.
 */
const UNSIDED_FLEX_NAMES = [...FLEX_NAMES, 'Date/Time'];

/** A date cell that already holds the time (`20260319;154501`, `2026-03-19, 15:45:01`). */
const HAS_TIME = /\d[;,T ]+\d{1,2}:?\d{2}/;

/**
 * One Flex trade (a CSV row or an XML `<Trade>` element) as an Execution. The side is `Buy/Sell`
 * when the query has it, else the sign of `Quantity` (negative = sell); open/close comes from `Code`,
 * else `Open/CloseIndicator`. Commissions are negative, so fees are their negation. Only stocks
 * (`STK`) at execution level are trades; cancelled fills (`BUY (Ca.)`) are not.
 */
export function readFlexTrade(
  row: Row,
  c: FieldColumns<FlexFields>,
  options: ParseOptions,
  broker: BrokerId = 'ibkr',
): Execution {
  const level = c.get(row, 'level').toUpperCase();
  if (level !== '' && level !== 'EXECUTION') throw new NotATrade(`${level} summary row, not an execution`);
  const assetClass = c.get(row, 'assetClass').toUpperCase();
  if (assetClass === 'CASH') throw new NotATrade('currency exchange (AssetClass CASH), not a stock trade');
  if (assetClass !== '' && assetClass !== 'STK') throw notStockClass(assetClass, c.get(row, 'symbol'));
  const fees =
    c.get(row, 'commission') !== '' || c.get(row, 'fees') !== ''
      ? c.sum(row, COMMISSION)
      : c.sum(row, COMMISSION_PARTS);
  const orderId = c.get(row, 'orderId');
  const tradeId = c.get(row, 'tradeId');
  const date = c.get(row, 'dateTime');
  const time = HAS_TIME.test(date) ? null : c.get(row, 'time') || null;
  return makeExecution({
    broker,
    account: c.get(row, 'account'),
    currency: c.get(row, 'currency').toUpperCase() || 'USD',
    ...anyDateTime(date, time, 'MDY', options.timeZone),
    symbol: c.symbol(row, 'symbol'),
    side: flexSide(row, c),
    intent: codeIntent(c.get(row, 'code')) ?? indicatorIntent(c.get(row, 'openClose')),
    qty: c.shares(row, 'quantity'),
    price: c.price(row, 'price'),
    fees: fees.neg().toFixed(),
    orderId: orderId || null,
    execId: tradeId || null,
    line: row.line,
  });
}

function flexSide(row: Row, c: FieldColumns<FlexFields>): 'buy' | 'sell' {
  if (c.has('buySell')) {
    const label = c.get(row, 'buySell').toUpperCase();
    if (label === 'BUY') return 'buy';
    if (label === 'SELL') return 'sell';
    if (/^(?:BUY|SELL) \(CA\.?\)$/.test(label))
      throw new NotATrade(`${c.get(row, 'buySell')}: a cancelled fill`);
    if (label !== '') throw new RowError(`${c.name('buySell')} "${label}" is not BUY or SELL`);
  }
  const quantity = c.number(row, 'quantity');
  if (quantity.eq(0)) throw new RowError(`${c.name('quantity')} "${c.get(row, 'quantity')}" is zero`);
  return quantity.lt(0) ? 'sell' : 'buy';
}

const table = tableFormat({
  id: 'ibkr',
  label: 'Interactive Brokers Flex Query',
  info: {
    broker: 'Interactive Brokers',
    export: 'Flex Query (Trade Confirmation or Activity, executions, CSV)',
    where: 'Client Portal → Performance & Reports → Flex Queries → Trade Confirmation Flex Query → Run',
    lacks:
      'only the fields chosen in the query; without Buy/Sell the side is the sign of Quantity (then the query needs Date/Time or an IBKR-only field)',
  },
  schema: {
    fields: FLEX_FIELDS,
    required: ['symbol', 'dateTime', 'quantity', 'price'],
    distinctive: FLEX_NAMES,
  },
  read: (row, c, options) => readFlexTrade(row, c, options),
});

/**
 * Interactive Brokers Flex Query (CSV) at execution level. A header without `Buy/Sell` (the side in
 * the sign of `Quantity`) fits only with a name no other export prints (`Date/Time`, `ClientAccountID`,
 * `TradeID`…): a bare `Symbol,Date,Quantity,Price` is anyone's sheet, not a query.
 */
export const ibkr: BrokerFormat<'ibkr'> = {
  ...table,
  fit(cells, names) {
    const fit = table.fit(cells, names);
    if (!fit.complete || FLEX_FIELDS.buySell.some((name) => names.has(normName(name)))) return fit;
    return UNSIDED_FLEX_NAMES.some((name) => names.has(normName(name)))
      ? fit
      : { ...fit, complete: false, missing: ['Buy/Sell'] };
  },
};
