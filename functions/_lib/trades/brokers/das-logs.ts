import { DateNeeded } from '../errors.ts';
import { makeExecution } from '../executions.ts';
import { anyDateTime, dateOnly, timeOnDate } from './any-date.ts';
import type { FieldColumns } from './fields.ts';
import { type BrokerFormat, tableFormat } from './format.ts';
import { shortsNamed, sideWords } from './sides.ts';
import { NotATrade, type ParseOptions, type Row, RowError } from './table.ts';

/** A DAS time cell: with its own date (`03/16/26 09:31:05`), or a time on the day the member gives. */
function dasTime(cell: string, options: ParseOptions): { time: string; epochMs: number } {
  if (dateOnly(cell) !== null) return anyDateTime(cell, null, 'MDY', options.timeZone);
  if (!options.date) throw new DateNeeded(options.headerLine ?? 0, 'DAS Trader');
  return timeOnDate(options.date, cell, options.timeZone);
}

type Reader = FieldColumns<
  Record<'side' | 'symbol' | 'qty' | 'price' | 'time' | 'account', readonly string[]>
>;

function dasFill(
  broker: 'das-orders' | 'das-executions',
  row: Row,
  c: Reader,
  options: ParseOptions,
  ids: { orderId: string | null; execId: string | null },
) {
  const label = c.get(row, 'side');
  const words = sideWords(label);
  if (!words) throw new RowError(`B/S "${label}" is neither a buy nor a sell`);
  // The order log names short sales `Shrt`; account executions mark them only in a SHORT column.
  const side = broker === 'das-orders' ? shortsNamed(words) : words;
  return makeExecution({
    broker,
    account: c.get(row, 'account'),
    currency: 'USD',
    ...dasTime(c.get(row, 'time'), options),
    symbol: c.symbol(row, 'symbol'),
    ...side,
    qty: c.shares(row, 'qty'),
    price: c.price(row, 'price'),
    fees: '0',
    ...ids,
    line: row.line,
  });
}

/**
 * DAS Trader order/trade log (`Event,B/S,Symbol,Shares,Price,Route,Time,Account,Note`): every order
 * event; only `Execute` rows are fills. `B/S` `Buy`/`Sell`/`Shrt`; times without a date.
 */
export const dasOrders: BrokerFormat<'das-orders'> = tableFormat({
  id: 'das-orders',
  label: 'DAS Trader order log',
  info: {
    broker: 'DAS Trader Pro',
    export: 'Orders / trade log (events)',
    where: 'DAS Trader → Orders window → right-click → Export (or the day’s trade log file)',
    lacks: 'the date (you give it), fees',
  },
  schema: {
    fields: {
      event: ['Event'],
      side: ['B/S'],
      symbol: ['Symbol', 'Symb', 'Sym'],
      qty: ['Shares', 'Qty'],
      price: ['Price'],
      route: ['Route'],
      time: ['Time'],
      account: ['Account'],
      note: ['Note'],
    },
    required: ['event', 'side', 'symbol', 'qty', 'price', 'time'],
    distinctive: ['Event', 'B/S'],
  },
  read(row, c, options) {
    const event = c.get(row, 'event');
    if (event.toLowerCase() !== 'execute') throw new NotATrade(`order event "${event}", not a fill`);
    return dasFill('das-orders', row, c, options, { orderId: null, execId: null });
  },
});

/**
 * DAS Trader executions export (`TradeID,OrderID,B/S,Symbol,Qty,Price,Time`), times with a date
 * (`MM/DD/YY HH:MM:SS`) or without one (then the member gives the day).
 */
export const dasExecutions: BrokerFormat<'das-executions'> = tableFormat({
  id: 'das-executions',
  label: 'DAS Trader executions',
  info: {
    broker: 'DAS Trader Pro',
    export: 'Executions (account executions)',
    where: 'DAS Trader → Account → Executions → right-click → Export',
    lacks: 'fees',
  },
  schema: {
    fields: {
      tradeId: ['TradeID', 'Trade ID'],
      orderId: ['OrderID', 'Order ID'],
      side: ['B/S', 'Side'],
      symbol: ['Symbol', 'Symb', 'Sym'],
      qty: ['Qty', 'Quantity'],
      price: ['Price'],
      time: ['Time'],
      account: ['Account'],
      short: ['SHORT', 'Short Sale', 'ShortSale', 'Is Short'],
    },
    required: ['tradeId', 'side', 'symbol', 'qty', 'price', 'time'],
    distinctive: ['TradeID', 'OrderID'],
  },
  // `SHORT` = `Y` marks a short sale a plain `S` would not tell apart from a sale of shares held.
  shortFlag: 'short',
  read: (row, c, options) =>
    dasFill('das-executions', row, c, options, {
      orderId: c.get(row, 'orderId') || null,
      execId: c.get(row, 'tradeId') || null,
    }),
});
