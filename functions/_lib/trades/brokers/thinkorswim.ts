import { ImportError } from '../errors.ts';
import { type Execution, makeExecution } from '../executions.ts';
import { type Decimal, ZERO } from '../money.ts';
import { anyDateTime } from './any-date.ts';
import { feeSum, priceField, shareCount, symbolField } from './fields.ts';
import { type BrokerFormat, hasColumns, markerFit } from './format.ts';
import { Columns, collect, isBlank, NotATrade, type Row, RowError } from './table.ts';

const TRADE_HEADER = ['Exec Time', 'Side', 'Qty', 'Pos Effect', 'Symbol', 'Price'];
const CASH_HEADER = ['DATE', 'TIME', 'TYPE', 'DESCRIPTION', 'Misc Fees', 'Commissions & Fees'];
/** TOS stamps the Cash Balance row up to 2 s away from the Trade History row of the same fill. */
const FEE_MATCH_MS = 2000;

interface CashFee {
  symbol: string;
  epochMs: number;
  fees: Decimal;
  used: boolean;
}

/** One titled block of the statement: its header row and the rows up to the next blank line. */
function section(rows: readonly Row[], header: readonly string[]): { columns: Columns; data: Row[] } | null {
  const at = rows.findIndex((row) => hasColumns(row.cells, header));
  const head = rows[at];
  if (at < 0 || !head) return null;
  const end = rows.findIndex((row, i) => i > at && isBlank(row));
  return { columns: new Columns(head.cells), data: rows.slice(at + 1, end < 0 ? undefined : end) };
}

/** Fees live only in the Cash Balance `TRD` rows ("BOT +1,000,000 HMBL @0.0042"), as negatives. */
function cashFees(rows: readonly Row[], timeZone: string): CashFee[] {
  const cash = section(rows, CASH_HEADER);
  if (!cash) return [];
  const { columns, data } = cash;
  const fees: CashFee[] = [];
  for (const row of data) {
    if (columns.get(row, 'TYPE') !== 'TRD') continue;
    const symbol = /^(?:BOT|SOLD)\s+[-+]?[\d,]+\s+(\S+)/.exec(columns.get(row, 'DESCRIPTION'))?.[1];
    try {
      const { epochMs } = anyDateTime(columns.get(row, 'DATE'), columns.get(row, 'TIME'), 'MDY', timeZone);
      const total = feeSum(columns, row, ['Misc Fees', 'Commissions & Fees']).neg();
      if (symbol) fees.push({ symbol: symbol.toUpperCase(), epochMs, fees: total, used: false });
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
    }
  }
  return fees;
}

/** The nearest unused cash row of the same symbol within the tolerance. */
function takeFee(fees: CashFee[], execution: Pick<Execution, 'symbol' | 'epochMs'>): Decimal {
  let best: CashFee | null = null;
  for (const fee of fees) {
    const distance = Math.abs(fee.epochMs - execution.epochMs);
    if (fee.used || fee.symbol !== execution.symbol || distance > FEE_MATCH_MS) continue;
    if (!best || distance < Math.abs(best.epochMs - execution.epochMs)) best = fee;
  }
  if (!best) return ZERO;
  best.used = true;
  return best.fees;
}

/**
 * thinkorswim Account Statement: executions from Account Trade History (newest first, signed Qty,
 * `Pos Effect` TO OPEN/TO CLOSE, or AUTO in paperMoney), fees from the Cash Balance section.
 */
export const thinkorswim: BrokerFormat = {
  id: 'thinkorswim',
  label: 'thinkorswim Account Statement',
  info: {
    broker: 'thinkorswim (Schwab, formerly TD Ameritrade)',
    export: 'Account Statement',
    where: 'thinkorswim → Monitor → Account Statement → Export to File (CSV)',
    lacks: 'nothing for stocks (fees come from the Cash Balance section)',
  },
  fit: (cells) =>
    markerFit((cells[0] ?? '').startsWith('Account Statement for') || cells[0] === 'Account Trade History'),
  parse(rows, options) {
    const trades = section(rows, TRADE_HEADER);
    if (!trades) throw new ImportError(1, 'thinkorswim statement has no Account Trade History section');
    const { columns, data } = trades;
    const account = /^Account Statement for (\S+)/.exec(rows[0]?.cells[0] ?? '')?.[1] ?? '';
    const fees = cashFees(rows, options.timeZone);
    // Newest first in the file: read oldest first so equal time stamps keep their real order.
    const chronological = [...data].reverse();
    return collect(chronological, (row) => {
      const type = columns.get(row, 'Type').toUpperCase();
      if (type !== '' && type !== 'STOCK' && type !== 'ETF')
        throw new NotATrade(`Type ${type} is not a stock`);
      const label = columns.get(row, 'Side').toUpperCase();
      if (label !== 'BUY' && label !== 'SELL') throw new RowError(`Side "${label}" is not BUY or SELL`);
      const effect = columns.get(row, 'Pos Effect').toUpperCase();
      const when = anyDateTime(columns.get(row, 'Exec Time'), null, 'MDY', options.timeZone);
      const symbol = symbolField(columns, row, 'Symbol');
      return makeExecution({
        broker: 'thinkorswim',
        account,
        currency: 'USD',
        ...when,
        symbol,
        side: label === 'BUY' ? 'buy' : 'sell',
        intent: effect === 'TO OPEN' ? 'open' : effect === 'TO CLOSE' ? 'close' : null,
        qty: shareCount(columns, row, 'Qty'),
        price: priceField(columns, row, 'Price'),
        fees: takeFee(fees, { symbol, epochMs: when.epochMs }).toFixed(),
        orderId: null,
        execId: null,
        line: row.line,
      });
    });
  },
};
