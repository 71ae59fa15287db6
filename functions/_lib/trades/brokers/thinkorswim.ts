import { ImportError } from '../errors.ts';
import { type Execution, makeExecution } from '../executions.ts';
import { type Decimal, parseBrokerNumber, ZERO } from '../money.ts';
import { anyDateTime } from './any-date.ts';
import { feeSum, priceField, quantity, shareCount, symbolField } from './fields.ts';
import { type BrokerFormat, hasColumns, markerFit } from './format.ts';
import { notStockClass } from './instruments.ts';
import { Columns, collect, isBlank, NotATrade, type ParseOptions, type Row, RowError } from './table.ts';
import { statedFigures } from './thinkorswim-stated.ts';

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

/** A `TRD` row's description: `BOT +1,000 ENZC @.0011`, `SOLD -86 ABCD @1.25` (a stock: one word before `@`). */
const CASH_TRADE = /^(BOT|SOLD)\s+([-+]?[\d,]+)\s+(\S+)\s+@\s*(\$?[\d,]*\.?\d+)(?:\s.*)?$/i;

/**
 * One block of the file: its header row and its rows. In a full statement a block ends at the next
 * blank line (the next section's title follows it); a file holding one block alone (the Cash Balance
 * or the Account Trade History copied out of the statement) is read to its end, blank lines skipped.
 */
function section(
  rows: readonly Row[],
  header: readonly string[],
  statement: boolean,
): { columns: Columns; data: Row[] } | null {
  const at = rows.findIndex((row) => hasColumns(row.cells, header));
  const head = rows[at];
  if (at < 0 || !head) return null;
  const end = statement ? rows.findIndex((row, i) => i > at && isBlank(row)) : -1;
  return { columns: new Columns(head.cells), data: rows.slice(at + 1, end < 0 ? undefined : end) };
}

/** Column names are short: a line of prose that quotes a header (a README) is not one. */
const isProse = (cell: string) => cell.length > 60 || cell.includes('`');

const isStatement = (rows: readonly Row[]) =>
  rows.some((row) => (row.cells[0] ?? '').startsWith('Account Statement for'));

/** Fees live only in the Cash Balance `TRD` rows ("BOT +1,000,000 HMBL @0.0042"), as negatives. */
function cashFees(rows: readonly Row[], timeZone: string, statement: boolean): CashFee[] {
  const cash = section(rows, CASH_HEADER, statement);
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
 * A file of Cash Balance rows alone: each `TRD` row is one fill, its side, size, symbol and price read
 * from the description, its fees from `Misc Fees` and `Commissions & Fees`. The rows do not say open
 * or close (intent null: the position decides). Other rows (`BAL`, dividends, transfers) and option
 * trades are listed as not imported; the `TOTAL` line is passed over.
 */
function cashTrades(
  cash: { columns: Columns; data: Row[] },
  account: string,
  options: ParseOptions,
): ReturnType<typeof collect> {
  const { columns, data } = cash;
  const isTotal = (row: Row) =>
    columns.get(row, 'TYPE') === '' && /^total$/i.test(columns.get(row, 'DESCRIPTION'));
  const rows = data.filter((row) => !isTotal(row));
  return collect(rows, (row) => {
    const type = columns.get(row, 'TYPE').toUpperCase();
    const description = columns.get(row, 'DESCRIPTION');
    if (type !== 'TRD') throw new NotATrade(`not a trade: ${type || description || 'empty type'}`);
    const match = CASH_TRADE.exec(description);
    if (!match) throw new NotATrade(`"${description}" is not a stock trade`);
    const [, verb = '', count = '', symbol = '', priceText = ''] = match;
    const shares = parseBrokerNumber(count.replace(/[-+]/g, ''));
    if (!shares) throw new RowError(`"${description}" has no share count`);
    const qty = quantity(shares, `"${description}"`);
    const price = parseBrokerNumber(priceText);
    if (!price || price.lte(0)) throw new RowError(`"${description}" has no positive price`);
    const ref = columns.get(row, 'REF #');
    return makeExecution({
      broker: 'thinkorswim',
      account,
      currency: 'USD',
      ...anyDateTime(columns.get(row, 'DATE'), columns.get(row, 'TIME'), 'MDY', options.timeZone),
      symbol: symbol.toUpperCase(),
      side: verb.toUpperCase() === 'BOT' ? 'buy' : 'sell',
      intent: null,
      qty,
      price: price.toFixed(),
      fees: feeSum(columns, row, ['Misc Fees', 'Commissions & Fees']).neg().toFixed(),
      orderId: null,
      execId: ref === '' ? null : ref,
      line: row.line,
    });
  });
}

/**
 * thinkorswim Account Statement: executions from Account Trade History (newest first, signed Qty,
 * `Pos Effect` TO OPEN/TO CLOSE, or AUTO in paperMoney), fees from the Cash Balance section. A file
 * with the Account Trade History alone is read the same way (no fees); one with the Cash Balance
 * alone is read from its `TRD` rows (see cashTrades). A full statement also states its positions at
 * the end and its P/L Day (thinkorswim-stated.ts), which the import holds the reading to.
 */
export const thinkorswim: BrokerFormat<'thinkorswim'> = {
  id: 'thinkorswim',
  label: 'thinkorswim Account Statement',
  info: {
    broker: 'thinkorswim (Schwab, formerly TD Ameritrade)',
    export: 'Account Statement (or its Cash Balance or Account Trade History section alone)',
    where: 'thinkorswim → Monitor → Account Statement → Export to File (CSV)',
    lacks:
      'nothing for stocks in the full statement (fees come from the Cash Balance section); Trade History alone: fees; Cash Balance alone: open/close (a short sale reads as a sale)',
  },
  fit: (cells) =>
    markerFit(
      (cells[0] ?? '').startsWith('Account Statement for') ||
        cells[0] === 'Account Trade History' ||
        (!cells.some(isProse) && (hasColumns(cells, TRADE_HEADER) || hasColumns(cells, CASH_HEADER))),
    ),
  parse(rows, options) {
    const statement = isStatement(rows);
    const title = rows.find((row) => (row.cells[0] ?? '').startsWith('Account Statement for'));
    const account = /^Account Statement for (\S+)/.exec(title?.cells[0] ?? '')?.[1] ?? '';
    const trades = section(rows, TRADE_HEADER, statement);
    if (!trades) {
      const cash = section(rows, CASH_HEADER, statement);
      if (cash) return cashTrades(cash, account, options);
      throw new ImportError(1, 'thinkorswim statement has no Account Trade History section');
    }
    const { columns, data } = trades;
    const fees = cashFees(rows, options.timeZone, statement);
    // Newest first in the file: read oldest first so equal time stamps keep their real order.
    const chronological = [...data].reverse();
    const result = collect(chronological, (row) => {
      const type = columns.get(row, 'Type').toUpperCase();
      if (type !== '' && type !== 'STOCK' && type !== 'ETF')
        throw notStockClass(type, columns.get(row, 'Symbol'));
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
    // Its positions at the end and its P/L Day, for the import to hold the reading to.
    const stated = statement
      ? statedFigures(rows, account, trades, options.decimalComma ?? false)
      : undefined;
    if (stated) result.stated = stated;
    return result;
  },
};
