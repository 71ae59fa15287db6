import Big from 'big.js';
import { ImportError } from '../errors.ts';
import { type Execution, makeExecution, type ParseResult } from '../executions.ts';
import { type Decimal, toDecimal, ZERO } from '../money.ts';
import { anyDateTime } from './any-date.ts';
import { FieldColumns } from './fields.ts';
import { type BrokerFormat, markerFit } from './format.ts';
import { Columns, NotATrade, type Row, RowError, readRow } from './table.ts';

/** The Transaction History section's columns (after the section name and row kind), as IBKR names them. */
const FIELDS = {
  date: ['Date'],
  account: ['Account'],
  description: ['Description'],
  type: ['Transaction Type'],
  symbol: ['Symbol'],
  quantity: ['Quantity'],
  price: ['Price'],
  priceCurrency: ['Price Currency'],
  gross: ['Gross Amount'],
  commission: ['Commission'],
  net: ['Net Amount'],
  rate: ['Exchange Rate'],
  transactionFees: ['Transaction Fees'],
  multiplier: ['Multiplier'],
  assetClass: ['Asset Class', 'Asset Category'],
} as const;

type Field = keyof typeof FIELDS;
type Reader = FieldColumns<typeof FIELDS>;

const SECTION = 'Transaction History';
const isHeader = (cells: readonly string[]) => cells[0] === SECTION && cells[1] === 'Header';
const isData = (cells: readonly string[]) => cells[0] === SECTION && cells[1] === 'Data';
/** The statement title line the report starts with: `Statement,Data,Title,Transaction History`. */
const isTitle = (cells: readonly string[]) =>
  cells[0] === 'Statement' && cells[1] === 'Data' && cells[2] === 'Title' && cells[3] === SECTION;

/** Fees converted into another currency keep 6 decimals (IBKR prints commissions to 6 at most). */
const CONVERTED_DECIMALS = 6;

/** A cell as the report prints it, `-` meaning empty. */
function cell(row: Row, c: Reader, field: Field): string {
  const text = c.get(row, field);
  return text === '-' ? '' : text;
}

function amountCell(row: Row, c: Reader, field: Field): Decimal | null {
  return cell(row, c, field) === '' ? null : c.number(row, field);
}

/** Buy or Sell from `Transaction Type`, checked against the sign of `Quantity` (negative on sells). */
function sideOf(row: Row, c: Reader): 'buy' | 'sell' {
  const type = cell(row, c, 'type');
  const side = type.toLowerCase();
  if (side !== 'buy' && side !== 'sell') throw new NotATrade(`not a trade: ${type || 'no transaction type'}`);
  const quantity = c.number(row, 'quantity');
  if (quantity.eq(0)) throw new RowError(`Quantity "${c.get(row, 'quantity')}" is zero`);
  // A sell printed with a positive quantity is still a sell; a buy printed negative says two things.
  if (side === 'buy' && quantity.lt(0))
    throw new RowError(`Transaction Type Buy with a negative Quantity "${c.get(row, 'quantity')}"`);
  return side;
}

interface FileFacts {
  /** `Summary,Data,Base Currency,…`: the currency of every amount and commission column. */
  baseCurrency: string;
  /** Set once a row's commission was converted from the base currency (said once in the warnings). */
  converted: boolean;
}

function readTrade(row: Row, c: Reader, file: FileFacts, timeZone: string): Execution {
  const side = sideOf(row, c);
  const multiplier = amountCell(row, c, 'multiplier');
  if (multiplier && !multiplier.eq(1))
    throw new NotATrade(`Multiplier ${multiplier.toFixed()}: a contract (option or future), not shares`);
  const qty = c.shares(row, 'quantity');
  const price = c.price(row, 'price');
  const priceCurrency = cell(row, c, 'priceCurrency').toUpperCase();
  const currency = priceCurrency || file.baseCurrency || 'USD';
  // Commission, Gross and Net Amount are in the account's base currency, Price in Price Currency.
  const inBase = priceCurrency === '' || file.baseCurrency === '' || priceCurrency === file.baseCurrency;
  const transactionFees = amountCell(row, c, 'transactionFees') ?? ZERO;
  const charged = (amountCell(row, c, 'commission') ?? ZERO).plus(transactionFees).neg();
  let fees = charged;
  let amount: Pick<Execution, 'amount' | 'amountFees'> = {};
  if (inBase) {
    // Net Amount = Gross Amount + Commission; Transaction Fees, when a row has them, are not known to be in it.
    const net = transactionFees.eq(0) ? amountCell(row, c, 'net') : null;
    const gross = amountCell(row, c, 'gross');
    if (net) amount = { amount: net.toFixed(), amountFees: 'net' };
    else if (gross) amount = { amount: gross.toFixed(), amountFees: 'gross' };
  } else if (!charged.eq(0)) {
    fees = charged.div(baseRate(row, c, qty, price)).round(CONVERTED_DECIMALS, Big.roundHalfUp);
    file.converted = true;
  }
  const assetClass = cell(row, c, 'assetClass');
  return makeExecution({
    broker: 'ibkr-history',
    account: cell(row, c, 'account'),
    currency,
    ...anyDateTime(cell(row, c, 'date'), null, 'MDY', timeZone),
    symbol: c.symbol(row, 'symbol'),
    side,
    intent: null,
    qty,
    price,
    fees: fees.toFixed(),
    orderId: null,
    execId: null,
    line: row.line,
    ...amount,
    ...(assetClass === '' ? {} : { assetClass }),
  });
}

/**
 * Base currency per unit of the trade's currency: the row's `Exchange Rate`, else the one its own
 * amounts imply (|Gross Amount| ÷ (quantity × price)).
 */
function baseRate(row: Row, c: Reader, qty: string, price: string): Decimal {
  const rate = amountCell(row, c, 'rate');
  if (rate?.gt(0)) return rate;
  const gross = amountCell(row, c, 'gross');
  if (gross && !gross.eq(0)) return gross.abs().div(toDecimal(price).times(qty));
  throw new RowError('Commission is in the base currency and the row gives no Exchange Rate or Gross Amount');
}

/**
 * Interactive Brokers Transaction History (Client Portal → Performance & Reports → Transaction
 * History, CSV): a multi-section file like the Activity Statement (`Statement,Header,Field Name,Field
 * Value`, `Statement,Data,Title,Transaction History`, a `Summary` with the base currency), then
 * `Transaction History,Header,Date,Account,Description,Transaction Type,Symbol,Quantity,Price,[Price
 * Currency,]Gross Amount,Commission,Net Amount[,Sub Type,Exchange Rate,Transaction Fees,Multiplier]`
 * and its `Data` rows. `Buy` and `Sell` rows are trades (a sell's Quantity negative); deposits,
 * dividends, taxes, interest, fees and `Forex Trade Component` rows are not. Dates only; `-` for an
 * empty cell. Commission and the amounts are in the account's base currency: for a trade in another
 * currency the commission is converted by the row's Exchange Rate. Sells and short sales are not
 * told apart (no open/close).
 */
export const ibkrHistory: BrokerFormat<'ibkr-history'> = {
  id: 'ibkr-history',
  label: 'Interactive Brokers Transaction History',
  info: {
    broker: 'Interactive Brokers',
    export: 'Transaction History (CSV)',
    where: 'Client Portal → Performance & Reports → Transaction History → date range → Download CSV',
    lacks: 'time of day (dates only), open/close (a short sale reads as a sale), order and execution ids',
  },
  // Its first line is the Activity Statement's too (`Statement,Header,…`); its title line says which.
  beats: ['ibkr-statement'],
  fit: (cells) => markerFit(isTitle(cells) || isHeader(cells), 70),
  parse(rows, options) {
    const result: ParseResult = { executions: [], rejected: [], warnings: [] };
    const file: FileFacts = { baseCurrency: '', converted: false };
    let reader: Reader | null = null;
    let headerLine = 0;
    for (const row of rows) {
      const [section, kind, name, value = ''] = row.cells;
      if (section === 'Summary' && kind === 'Data' && name === 'Base Currency') {
        file.baseCurrency = value.toUpperCase();
      } else if (isHeader(row.cells)) {
        reader = new FieldColumns(new Columns(row.cells, options.decimalComma), FIELDS);
        headerLine = row.line;
      } else if (isData(row.cells) && reader) {
        const c: Reader = reader;
        if (/^total\b/i.test(c.get(row, 'date'))) continue; // a total line, not a transaction
        readRow(result, row, (r) => readTrade(r, c, file, options.timeZone));
      }
    }
    if (!reader) throw new ImportError(1, 'this Transaction History has no Transaction History section');
    if (file.converted)
      result.warnings.push({
        line: headerLine,
        message: `Commission is in the account's base currency (${file.baseCurrency}): converted into each trade's currency by its Exchange Rate`,
      });
    return result;
  },
};
