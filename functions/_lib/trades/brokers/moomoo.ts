import { makeExecution } from '../executions.ts';
import { parseBrokerNumber } from '../money.ts';
import { anyDateTime } from './any-date.ts';
import { dateOrderOf, eitherDateOrder } from './date-order.ts';
import { quantity } from './fields.ts';
import { type BrokerFormat, tableFormat } from './format.ts';
import { sideWords } from './sides.ts';
import { NotATrade, RowError } from './table.ts';

const FEE_PARTS = [
  'commission',
  'platform',
  'sec',
  'taf',
  'orf',
  'occ',
  'contract',
  'cat',
  'settlement',
] as const;

/**
 * Moomoo (Futu) order history: one row per order, its fills as `Filled@Avg Price` (`60@180.5`),
 * fill-detail rows under recent orders with the order columns blank (the order row already holds
 * them at their average), `Jul 20, 2026 09:30:00 ET` times (numeric ones outside the US, either
 * order: the file's dates tell), `US.` before symbols, fees split in many
 * columns (`Total` is their sum).
 */
const table = tableFormat({
  id: 'moomoo',
  label: 'Moomoo order history',
  info: {
    broker: 'Moomoo (Futu)',
    export: 'Order history (Orders → History → Export)',
    where: 'moomoo desktop → Trade → Orders → History → Export',
    lacks: 'single executions (one row per order at its average price)',
  },
  schema: {
    fields: {
      side: ['Side'],
      symbol: ['Symbol'],
      status: ['Status'],
      filled: ['Filled@Avg Price'],
      orderTime: ['Order Time'],
      fillTime: ['Fill Time'],
      currency: ['Currency'],
      commission: ['Commission'],
      platform: ['Platform Fees'],
      sec: ['SEC Fees'],
      taf: ['Trading Activity Fees'],
      orf: ['Options Regulatory Fees'],
      occ: ['OCC Fees'],
      contract: ['Contract Fees'],
      cat: ['Consolidated Audit Trail Fees'],
      settlement: ['Settlement Fees'],
      total: ['Total'],
    },
    required: ['side', 'symbol', 'filled', 'orderTime'],
    distinctive: ['Filled@Avg Price', 'Order Time', 'Order Qty', 'Fill Qty', 'Platform Fees'],
  },
  read(row, c, options) {
    // A fill-detail row: its order, read at its average above, already holds it.
    if (c.get(row, 'side') === '' && c.get(row, 'symbol') === '') return null;
    const filled = c.get(row, 'filled');
    const [qtyText = '', priceText = ''] = filled.split('@');
    const qty = parseBrokerNumber(qtyText);
    if (qty === null || qty.eq(0)) throw new NotATrade(`${c.get(row, 'status') || 'order'}: nothing filled`);
    const label = c.get(row, 'side');
    const side = sideWords(label);
    if (!side) throw new RowError(`Side "${label}" is neither a buy nor a sell`);
    const price = parseBrokerNumber(priceText);
    if (price === null || price.lte(0)) throw new RowError(`Filled@Avg Price "${filled}" has no price`);
    const shares = quantity(qty, `Filled@Avg Price "${filled}"`);
    const time = c.get(row, 'fillTime') || c.get(row, 'orderTime');
    const fees = c.get(row, 'total') !== '' ? c.sum(row, ['total']) : c.sum(row, FEE_PARTS);
    return makeExecution({
      broker: 'moomoo',
      account: '',
      currency: c.get(row, 'currency').toUpperCase() || 'USD',
      ...anyDateTime(time, null, dateOrderOf(options, 'MDY'), options.timeZone),
      symbol: c.symbol(row, 'symbol'),
      ...side,
      qty: shares,
      price: price.toFixed(),
      fees: fees.toFixed(),
      orderId: null,
      execId: null,
      line: row.line,
    });
  },
});

export const moomoo: BrokerFormat<'moomoo'> = eitherDateOrder(table, 'MDY');
