import { makeExecution } from '../executions.ts';
import { anyDateTime } from './any-date.ts';
import { dateOrderOf, eitherDateOrder } from './date-order.ts';
import { type BrokerFormat, tableFormat } from './format.ts';
import { notStockClass } from './instruments.ts';
import { shortsNamed, sideWords } from './sides.ts';
import { RowError } from './table.ts';

/**
 * Questrade Edge executions (`Symbol,Action,Fill qty,Fill price,Currency,Exec time,Total value,Time
 * placed,Option,Strategy,Commission,Account`): one fill a row, `Exec time` as `16 Dec 2025 11:15:58 AM`
 * with the zone's offset after it (`UTC-04`, `UTC+02`: the offset places the fill, whatever zone the
 * file is read in), or numeric (`20.07.2026 09:30:00 UTC+02` day first; `07/20/2026` or `20/07/2026` as
 * the file's other dates show, month first when none does). Actions `Buy`, `Sell`, `Short`, `Cov`, and `BTO`/`STC`/`STO`/`BTC` for options;
 * option fills (an `Option` of Call or Put) are not imported. CAD and USD side by side.
 */
const table = tableFormat({
  id: 'questrade-fills',
  label: 'Questrade Edge executions',
  info: {
    broker: 'Questrade (Canada)',
    export: 'Questrade Edge executions (fills)',
    where: 'Questrade Edge → Orders → Executions → Export (CSV)',
    lacks: 'fees other than the commission (ECN and SEC fees are in the Activities export)',
  },
  schema: {
    fields: {
      symbol: ['Symbol'],
      action: ['Action', 'Side'],
      quantity: ['Fill qty', 'Filled qty', 'Fill quantity'],
      price: ['Fill price', 'Avg fill price'],
      currency: ['Currency'],
      time: ['Exec time', 'Execution time', 'Fill time'],
      placed: ['Time placed'],
      option: ['Option'],
      strategy: ['Strategy'],
      total: ['Total value'],
      commission: ['Commission', 'Comm'],
      account: ['Account', 'Account #'],
    },
    required: ['symbol', 'action', 'quantity', 'price', 'time'],
    distinctive: ['Fill qty', 'Fill price', 'Exec time', 'Time placed'],
  },
  read(row, c, options) {
    const option = c.get(row, 'option');
    if (option !== '') throw notStockClass('option', `${c.get(row, 'symbol')} ${option}`);
    const action = c.get(row, 'action');
    const words = sideWords(action);
    if (!words) throw new RowError(`Action "${action}" is neither a buy nor a sell`);
    // Questrade Edge names short sales (`Short`, `Cov`): a plain Sell closes shares held.
    const side = shortsNamed(words);
    const commission = c.maybeNumber(row, 'commission');
    return makeExecution({
      broker: 'questrade-fills',
      account: c.get(row, 'account').split(' - ')[0]?.trim() ?? '',
      currency: c.get(row, 'currency').toUpperCase() || 'CAD',
      ...anyDateTime(c.get(row, 'time'), null, dateOrderOf(options, 'MDY'), options.timeZone),
      symbol: c.symbol(row, 'symbol'),
      ...side,
      qty: c.shares(row, 'quantity'),
      price: c.price(row, 'price'),
      // Printed positive or negative depending on the version: a commission is a cost either way.
      fees: commission ? commission.abs().toFixed() : '0',
      orderId: null,
      execId: null,
      line: row.line,
    });
  },
});

export const questradeFills: BrokerFormat<'questrade-fills'> = eitherDateOrder(table, 'MDY');
