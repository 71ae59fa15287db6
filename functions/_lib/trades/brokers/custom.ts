import { type Intent, makeExecution, type Side } from '../executions.ts';
import { anyDateTime } from './any-date.ts';
import type { ColumnMapping } from './column-mapping.ts';
import { feeSum, numberField, priceField, shareCount, symbolField } from './fields.ts';
import { type BrokerFormat, hasColumns, splitAtHeader } from './format.ts';
import { collect, RowError } from './table.ts';

type SideLabel = { side: Side; intent: Intent };

const BUY: SideLabel = { side: 'buy', intent: null };
const SELL: SideLabel = { side: 'sell', intent: null };
const SHORT: SideLabel = { side: 'sell', intent: 'open' };
const COVER: SideLabel = { side: 'buy', intent: 'close' };
const BUY_OPEN: SideLabel = { side: 'buy', intent: 'open' };
const SELL_CLOSE: SideLabel = { side: 'sell', intent: 'close' };

/**
 * Side labels of the platforms we know, so a hand-mapped file needs no label mapping. A plain buy or
 * sell follows the position (covers a short, else opens or adds), as for Webull.
 */
const SIDE_LABELS: Readonly<Record<string, SideLabel>> = {
  B: BUY,
  BUY: BUY,
  BOT: BUY,
  BOUGHT: BUY,
  LONG: BUY,
  S: SELL,
  SELL: SELL,
  SLD: SELL,
  SOLD: SELL,
  SS: SHORT,
  SHORT: SHORT,
  'SELL SHORT': SHORT,
  'SHORT SELL': SHORT,
  'SELL TO OPEN': SHORT,
  STO: SHORT,
  BC: COVER,
  COVER: COVER,
  'BUY TO COVER': COVER,
  'BUY TO CLOSE': COVER,
  BTC: COVER,
  'BUY TO OPEN': BUY_OPEN,
  BTO: BUY_OPEN,
  'SELL TO CLOSE': SELL_CLOSE,
  STC: SELL_CLOSE,
};

function sideOf(label: string, column: string): SideLabel {
  const side =
    SIDE_LABELS[
      label
        .trim()
        .toUpperCase()
        .replace(/[\s_-]+/g, ' ')
    ];
  if (!side) throw new RowError(`${column} "${label}" is neither a buy nor a sell`);
  return side;
}

/** A broker format read through a member's column mapping (id `custom`). */
export function customFormat(mapping: ColumnMapping): BrokerFormat {
  const needed = [mapping.date, mapping.symbol, mapping.quantity, mapping.price];
  const format: BrokerFormat = {
    id: 'custom',
    label: 'Your column mapping',
    isHeader: (cells) => hasColumns(cells, needed),
    parse(rows, options) {
      const { columns, data } = splitAtHeader(rows, format);
      return collect(data, (row) => {
        const cell = (name: string | null) => (name ? columns.get(row, name) : '');
        let side: SideLabel;
        if (mapping.side) side = sideOf(cell(mapping.side), mapping.side);
        else {
          // No side column: the quantity's sign says it (negative = sell).
          const signed = numberField(columns, row, mapping.quantity);
          if (signed.eq(0)) throw new RowError(`${mapping.quantity} is zero`);
          side = signed.lt(0) ? SELL : BUY;
        }
        return makeExecution({
          broker: 'custom',
          account: cell(mapping.account),
          currency: cell(mapping.currency).toUpperCase() || 'USD',
          ...anyDateTime(
            cell(mapping.date),
            mapping.time ? cell(mapping.time) : null,
            mapping.dateOrder,
            options.timeZone,
          ),
          symbol: symbolField(columns, row, mapping.symbol),
          ...side,
          qty: shareCount(columns, row, mapping.quantity),
          price: priceField(columns, row, mapping.price),
          fees: feeSum(columns, row, mapping.fees).toFixed(),
          orderId: cell(mapping.orderId) || null,
          execId: cell(mapping.execId) || null,
          line: row.line,
        });
      });
    },
  };
  return format;
}
