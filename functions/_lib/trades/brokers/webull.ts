import { makeExecution } from '../executions.ts';
import { abbreviatedTimeToEpoch, zonedTimeToEpoch } from '../zoned-time.ts';
import { clockTime, usDate } from './dates.ts';
import { priceField, shareCount, sideFrom, symbolField } from './fields.ts';
import { type BrokerFormat, hasColumns, splitAtHeader } from './format.ts';
import { collect, RowError } from './table.ts';

const SIDES = {
  BUY: { side: 'buy', intent: null }, // follows the position: covers a short, else opens or adds
  SELL: { side: 'sell', intent: null },
  SHORT: { side: 'sell', intent: 'open' },
} as const;

/** `MM/DD/YYYY HH:MM:SS EDT` → local wall time and instant (the row carries its own zone). */
function filledTime(text: string, timeZone: string): { time: string; epochMs: number } {
  const [day = '', clock = '', zone] = text.trim().split(/\s+/);
  const date = usDate(day);
  const time = clockTime(clock);
  if (date === null || time === null) throw new RowError(`Filled Time "${text}" is not MM/DD/YYYY HH:MM:SS`);
  const wall = `${date}T${time}`;
  const epochMs = zone ? abbreviatedTimeToEpoch(wall, zone) : zonedTimeToEpoch(wall, timeZone);
  if (epochMs === null) throw new RowError(`Filled Time "${text}" has an unknown zone`);
  return { time: wall, epochMs };
}

/**
 * Webull Orders Records: one row per order, its `Filled` quantity at its `Avg Price` (which may have 5
 * decimals). Only `Filled` rows count; there are no fee columns.
 */
export const webull: BrokerFormat = {
  id: 'webull',
  label: 'Webull',
  isHeader: (cells) => hasColumns(cells, ['Symbol', 'Side', 'Status', 'Filled', 'Avg Price', 'Filled Time']),
  parse(rows, options) {
    const { columns, data } = splitAtHeader(rows, webull);
    return collect(data, (row) => {
      if (columns.get(row, 'Status').toLowerCase() !== 'filled') return null;
      const side = sideFrom(SIDES, columns, row, 'Side');
      return makeExecution({
        broker: 'webull',
        account: '',
        currency: 'USD',
        ...filledTime(columns.get(row, 'Filled Time'), options.timeZone),
        symbol: symbolField(columns, row, 'Symbol'),
        ...side,
        qty: shareCount(columns, row, 'Filled'),
        price: priceField(columns, row, 'Avg Price'),
        fees: '0',
        orderId: null,
        execId: null,
        line: row.line,
      });
    });
  },
};
