import type { CorporateAction } from '../executions.ts';
import { activityExecution } from './activity.ts';
import { anyDateTime } from './any-date.ts';
import type { FieldColumns } from './fields.ts';
import { type BrokerFormat, tableFormat } from './format.ts';
import { notStockClass } from './instruments.ts';
import { CorporateActionRow, NotATrade, type ParseOptions, type Row, RowError } from './table.ts';

/** Robinhood's option codes: the journal imports stocks only. */
const OPTION_CODES = new Set(['BTO', 'STC', 'STO', 'BTC', 'OEXP', 'OASGN', 'OEXCS']);

/**
 * Robinhood activity report: every field quoted, `M/D/YYYY` dates without time, newest first,
 * `$1,234.56` and `($18,740.00)` money, descriptions spanning lines, a disclaimer row at the end.
 * `Trans Code` `Buy`/`Sell` are stock trades; dividends, interest, transfers are not; `SPL` is a
 * split, listed as a corporate action.
 */
export const robinhood: BrokerFormat<'robinhood'> = tableFormat({
  id: 'robinhood',
  label: 'Robinhood activity report',
  info: {
    broker: 'Robinhood',
    export: 'Account activity report (CSV)',
    where: 'Robinhood → Account → Reports and statements → Reports → Generate new report',
    lacks: 'time of day (dates only), fees (Robinhood charges none on stocks)',
  },
  newestFirst: true,
  schema: {
    fields: {
      date: ['Activity Date'],
      symbol: ['Instrument'],
      description: ['Description'],
      action: ['Trans Code'],
      quantity: ['Quantity'],
      price: ['Price'],
      amount: ['Amount'],
    },
    required: ['date', 'symbol', 'action', 'quantity', 'price'],
    distinctive: ['Activity Date', 'Process Date', 'Settle Date', 'Trans Code', 'Instrument'],
  },
  read(row, c, options) {
    const code = c.get(row, 'action').toUpperCase();
    if (code === 'SPL') throw new CorporateActionRow([splitRow(row, c, options)]);
    if (OPTION_CODES.has(code)) throw notStockClass('option', `${c.get(row, 'symbol')} ${code}`);
    if (code !== 'BUY' && code !== 'SELL') throw new NotATrade(`not a trade: ${code || 'no code'}`);
    return activityExecution(row, c, options, { broker: 'robinhood', fees: [], shortsNamed: true });
  },
});

/**
 * An `SPL` row: the shares the split added (`"6/10/2024",…,"NVDA",…,"SPL","14.0356","",""`), no
 * price or amount. Some reports print stock-event quantities with an `S` after them (`18S`).
 */
function splitRow(
  row: Row,
  c: FieldColumns<Record<'date' | 'symbol' | 'quantity', readonly string[]>>,
  options: ParseOptions,
) {
  const raw = c.get(row, 'quantity');
  const added = c.columns.number(raw.replace(/s$/i, ''));
  if (!added || added.eq(0)) throw new RowError(`SPL: Quantity "${raw}" is not a number of shares`);
  return {
    kind: 'split',
    account: '',
    currency: 'USD',
    symbol: c.symbol(row, 'symbol'),
    sharesDelta: added.toFixed(),
    ...anyDateTime(c.get(row, 'date'), null, 'MDY', options.timeZone),
    line: row.line,
  } satisfies CorporateAction;
}
