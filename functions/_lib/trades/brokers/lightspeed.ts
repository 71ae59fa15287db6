import { makeExecution } from '../executions.ts';
import { anyDateTime } from './any-date.ts';
import { type BrokerFormat, tableFormat } from './format.ts';
import { BUY_OPEN, COVER, SELL_CLOSE, SHORT } from './sides.ts';
import { NotATrade } from './table.ts';

const SIDES = {
  'LONG BUY': BUY_OPEN,
  'LONG SELL': SELL_CLOSE,
  'SHORT SELL': SHORT,
  'SHORT BUY': COVER,
} as const;

const FEES = ['commission', 'sec', 'mf', 'fee1', 'fee2', 'fee3', 'fee4', 'stamp', 'taf'] as const;

/**
 * Lightspeed web blotter (46 columns). Minute resolution, Eastern time, signed Qty; `Principal` and
 * `NET Amount` signs are not trusted, so money is always price × |qty|.
 */
export const lightspeed: BrokerFormat<'lightspeed'> = tableFormat({
  id: 'lightspeed',
  label: 'Lightspeed blotter',
  info: {
    broker: 'Lightspeed (Sterling-style blotter)',
    export: 'Blotter',
    where: 'Lightspeed website → Reports → Blotter → download (ZIP holding the CSV)',
    lacks: 'seconds (minute resolution)',
  },
  schema: {
    fields: {
      account: ['Account Number'],
      side: ['Buy/Sell'],
      symbol: ['Symbol'],
      cusip: ['CUSIP'],
      currency: ['Currency Code'],
      date: ['Trade Date'],
      price: ['Price'],
      qty: ['Qty'],
      tradeNumber: ['Trade Number'],
      principal: ['Principal Amount'],
      securityType: ['Security Type'],
      time: ['Execution Time'],
      raw: ['Raw Exec. Time'],
      transtype: ['Transtype'],
      commission: ['Commission Amount'],
      sec: ['FeeSEC'],
      mf: ['FeeMF'],
      fee1: ['Fee1'],
      fee2: ['Fee2'],
      fee3: ['Fee3'],
      fee4: ['Fee4'],
      stamp: ['FeeStamp'],
      taf: ['FeeTAF'],
    },
    required: ['side', 'date', 'price', 'qty', 'time'],
    distinctive: ['Account Number', 'Raw Exec. Time', 'Principal Amount', 'NET Amount', 'FeeSEC'],
  },
  // Principal Amount is price × quantity (its sign is not trusted, only its size is compared).
  amount: { field: 'principal', fees: 'gross' },
  assetClass: 'securityType',
  read(row, c, options) {
    const transtype = c.get(row, 'transtype');
    if (transtype !== '' && transtype.toLowerCase() !== 'trade')
      throw new NotATrade(`not a trade: ${transtype}`);
    const side = c.label(row, 'side', SIDES);
    const raw = c.get(row, 'raw');
    const when =
      raw !== ''
        ? anyDateTime(raw, null, 'MDY', options.timeZone)
        : anyDateTime(c.get(row, 'date'), c.get(row, 'time'), 'MDY', options.timeZone);
    const tradeNumber = c.get(row, 'tradeNumber');
    return makeExecution({
      broker: 'lightspeed',
      account: c.get(row, 'account'),
      currency: c.get(row, 'currency').toUpperCase() || 'USD',
      ...when,
      symbol: c.get(row, 'symbol') === '' ? c.symbol(row, 'cusip') : c.symbol(row, 'symbol'),
      ...side,
      qty: c.shares(row, 'qty'),
      price: c.price(row, 'price'),
      fees: c.sum(row, FEES).toFixed(),
      orderId: null,
      execId: tradeNumber || null,
      line: row.line,
    });
  },
});
