import { makeExecution } from '../executions.ts';
import { anyDateTime } from './any-date.ts';
import { type BrokerFormat, tableFormat } from './format.ts';
import { BUY_OPEN, COVER, SELL_CLOSE, SHORT } from './sides.ts';

const SIDES = { B: BUY_OPEN, S: SELL_CLOSE, SS: SHORT, BC: COVER } as const;

/** Every fee column; `ECN Add` is a rebate when negative. Gross/Net Proceeds are cash, not fees. */
const FEES = ['comm', 'sec', 'taf', 'nscc', 'nasdaq', 'ecnRemove', 'ecnAdd'] as const;

/** TradeZero trades CSV (TradeNote's template): rows grouped by symbol, not by time. */
export const tradezero: BrokerFormat<'tradezero'> = tableFormat({
  id: 'tradezero',
  label: 'TradeZero',
  info: {
    broker: 'TradeZero',
    export: 'Trades (executions) CSV',
    where: 'TradeZero web portal → Account → Trades → Export CSV',
    lacks: 'nothing for stocks (time is Eastern)',
  },
  schema: {
    fields: {
      account: ['Account'],
      date: ['T/D', 'Trade Date'],
      settle: ['S/D'],
      currency: ['Currency'],
      side: ['Side'],
      symbol: ['Symbol'],
      qty: ['Qty', 'Quantity'],
      price: ['Price'],
      time: ['Exec Time'],
      comm: ['Comm'],
      sec: ['SEC'],
      taf: ['TAF'],
      nscc: ['NSCC'],
      nasdaq: ['Nasdaq'],
      ecnRemove: ['ECN Remove'],
      ecnAdd: ['ECN Add'],
      gross: ['Gross Proceeds'],
      net: ['Net Proceeds'],
    },
    required: ['date', 'time', 'side', 'symbol', 'qty', 'price'],
    distinctive: ['T/D', 'S/D', 'Clr Broker', 'ECN Remove', 'Gross Proceeds'],
  },
  // Net Proceeds = Gross Proceeds − every fee on each row (buys negative).
  amount: { field: 'net', fees: 'net' },
  read(row, c, options) {
    const side = c.label(row, 'side', SIDES);
    return makeExecution({
      broker: 'tradezero',
      account: c.get(row, 'account'),
      currency: c.get(row, 'currency').toUpperCase() || 'USD',
      ...anyDateTime(c.get(row, 'date'), c.get(row, 'time'), 'MDY', options.timeZone),
      symbol: c.symbol(row, 'symbol'),
      ...side,
      qty: c.shares(row, 'qty'),
      price: c.price(row, 'price'),
      fees: c.sum(row, FEES).toFixed(),
      orderId: null,
      execId: null,
      line: row.line,
    });
  },
});
