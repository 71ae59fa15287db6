import { DateNeeded } from '../errors.ts';
import { makeExecution } from '../executions.ts';
import { timeOnDate } from './any-date.ts';
import { type BrokerFormat, tableFormat } from './format.ts';
import { BUY, SELL_CLOSE, SHORT } from './sides.ts';

const SIDES = { B: BUY, S: SELL_CLOSE, SS: SHORT } as const;

/**
 * DAS Trader Pro, Trades window export. Times are `HH:MM:SS` with no date (the window only holds the
 * current day), so the trade date must be passed in. Only the ECN fee is in this export. Members
 * hide and reorder the window's columns, so only time, symbol, side, price and quantity are needed.
 */
export const das: BrokerFormat<'das'> = tableFormat({
  id: 'das',
  label: 'DAS Trader',
  info: {
    broker: 'DAS Trader Pro (Cobra, CenterPoint, SpeedTrader…)',
    export: 'Trades window',
    where: 'Trades window → right-click → Export',
    lacks: 'the date (you give it), commissions (only ECN fees)',
  },
  schema: {
    fields: {
      time: ['Time'],
      date: ['Date', 'Trade Date'],
      symbol: ['Symbol', 'Symb'],
      side: ['Side'],
      price: ['Price'],
      qty: ['Qty', 'Shares'],
      fee: ['ECNFee', 'ECN Fee'],
      account: ['Account'],
      cloid: ['Cloid'],
      route: ['Route'],
      liq: ['LiqType'],
      pl: ['P / L'],
    },
    required: ['time', 'symbol', 'side', 'price', 'qty'],
    distinctive: ['Cloid', 'LiqType', 'ECNFee', 'P / L', 'Route'],
  },
  read(row, c, options) {
    // Some layouts carry the day; the window's own export does not, and the member gives it.
    const date = c.get(row, 'date') || options.date;
    if (!date) throw new DateNeeded(options.headerLine ?? 0, 'DAS Trader');
    const side = c.label(row, 'side', SIDES);
    const cloid = c.get(row, 'cloid');
    return makeExecution({
      broker: 'das',
      account: c.get(row, 'account'),
      currency: 'USD',
      ...timeOnDate(date, c.get(row, 'time'), options.timeZone),
      symbol: c.symbol(row, 'symbol'),
      ...side,
      qty: c.shares(row, 'qty'),
      price: c.price(row, 'price'),
      fees: c.sum(row, ['fee']).toFixed(),
      orderId: cloid === '' ? null : cloid,
      execId: null,
      line: row.line,
    });
  },
});
