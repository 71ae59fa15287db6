import { type Execution, makeExecution } from '../executions.ts';
import { type Decimal, toDecimal, ZERO } from '../money.ts';
import { anyDateTime } from './any-date.ts';
import { closedTradeFormat, valueParts } from './closed-trades.ts';
import type { BrokerFormat } from './format.ts';
import { BUY_OPEN, SELL_CLOSE, type SideLabel } from './sides.ts';
import { NotATrade, RowError } from './table.ts';

const SIDES: Readonly<Record<string, 'long' | 'short'>> = {
  L: 'long',
  LONG: 'long',
  S: 'short',
  SHORT: 'short',
};

/**
 * Shares of a closed trade. Tradervue's Volume counts every share of the trade, in and out, so a
 * closed trade held Volume / 2; the gross decides when the file says otherwise (a Volume that is the
 * size itself): the size whose price difference comes nearest the file's Gross P&L.
 */
function closedSize(
  volume: string,
  entry: Decimal,
  exit: Decimal | null,
  gross: Decimal,
  sign: number,
): string {
  const whole = toDecimal(volume);
  if (!whole.mod(2).eq(0) || !exit) return volume;
  const half = whole.div(2);
  const off = (qty: Decimal) => exit.minus(entry).times(qty.times(sign)).minus(gross).abs();
  return off(whole).lt(off(half)) ? volume : half.toFixed();
}

/**
 * Tradervue's own trade list export (Trades → Export): one closed trade a row, `Open Datetime,Close
 * Datetime,Symbol,Side,Volume,Exec Count,Entry Price,Exit Price,Gross P&L,Gross P&L (%),Shared,Notes,
 * Tags,Gross P&L (t),Net P&L,Commissions,Fees,…`. Each trade enters as one opening fill at its entry
 * price and one closing fill of entry value ± Gross P&L (the file's gross exactly; the printed prices
 * are averages that may be rounded), commissions and fees on the closing fill. A trade still open
 * (no Close Datetime) is its opening fill alone. Not to be confused with `tradervue`, Tradervue's
 * generic import layout.
 */
export const tradervueTrades: BrokerFormat<'tradervue-trades'> = closedTradeFormat({
  id: 'tradervue-trades',
  label: 'Tradervue trades export',
  info: {
    broker: 'Tradervue (journal)',
    export: 'Trades list export (closed trades)',
    where: 'tradervue.com → Trades → select the range → Export (CSV)',
    lacks:
      'single fills (each trade is one entry and one exit at its average prices: scale-ins and Exec Count are not kept)',
  },
  schema: {
    fields: {
      open: ['Open Datetime'],
      close: ['Close Datetime'],
      symbol: ['Symbol'],
      side: ['Side'],
      volume: ['Volume'],
      entry: ['Entry Price'],
      exit: ['Exit Price'],
      gross: ['Gross P&L'],
      commission: ['Commissions', 'Commission'],
      fees: ['Fees'],
    },
    required: ['open', 'symbol', 'side', 'volume', 'entry'],
    distinctive: ['Open Datetime', 'Close Datetime', 'Exec Count', 'Gross P&L (t)', 'Gross P&L (%)'],
  },
  read(row, c, options, file) {
    const symbol = c.symbol(row, 'symbol');
    if (/\s/.test(symbol)) throw new NotATrade(`${symbol} is not a stock`);
    const direction = c.label(row, 'side', SIDES);
    const sign = direction === 'long' ? 1 : -1;
    const [opening, closing]: [SideLabel, SideLabel] =
      direction === 'long'
        ? [BUY_OPEN, SELL_CLOSE]
        : [
            { side: 'sell', intent: 'open' },
            { side: 'buy', intent: 'close' },
          ];
    const volume = c.shares(row, 'volume');
    const entry = c.number(row, 'entry');
    if (entry.lte(0))
      throw new RowError(`${c.name('entry')} "${c.get(row, 'entry')}" is not a positive price`);
    const fees = c.sum(row, ['commission', 'fees']);
    const opened = anyDateTime(c.get(row, 'open'), null, 'MDY', options.timeZone);
    const closedCell = c.get(row, 'close');
    const key = `${opened.time} ${symbol} ${direction}`;
    const execId = (leg: string, i = 0) => {
      const n = file.repeat(`${key} ${leg} ${i}`);
      return `${leg}${i > 0 ? ' rest' : ''}${n > 1 ? ` #${n}` : ''}`;
    };
    const fill = (
      label: SideLabel,
      when: { time: string; epochMs: number },
      qty: string,
      price: string,
      fee: Decimal,
      id: string,
    ): Execution =>
      makeExecution({
        broker: 'tradervue-trades',
        account: '',
        currency: 'USD',
        ...when,
        symbol,
        ...label,
        qty,
        price,
        fees: fee.toFixed(),
        orderId: null,
        execId: id,
        line: row.line,
      });
    if (closedCell === '') {
      return [fill(opening, opened, volume, entry.toFixed(), fees, execId('entry'))];
    }
    const closed = anyDateTime(closedCell, null, 'MDY', options.timeZone);
    const gross = c.maybeNumber(row, 'gross');
    if (gross === null) throw new RowError('a closed trade without Gross P&L');
    const qty = closedSize(volume, entry, c.maybeNumber(row, 'exit'), gross, sign);
    const entryValue = entry.times(toDecimal(qty));
    const exitValue = entryValue.plus(gross.times(sign));
    if (exitValue.lte(0)) throw new RowError(`Gross P&L ${gross.toFixed()} leaves no positive exit price`);
    const exits = valueParts(exitValue, qty);
    return [
      fill(opening, opened, qty, entry.toFixed(), ZERO, execId('entry')),
      ...exits.map((part, i) =>
        fill(closing, closed, part.qty, part.price, i === 0 ? fees : ZERO, execId('exit', i)),
      ),
    ];
  },
});
