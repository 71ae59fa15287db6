import { ImportError } from '../errors.ts';
import { type CorporateAction, type Execution, makeExecution, type ParseResult } from '../executions.ts';
import type { Decimal } from '../money.ts';
import { anyDateTime } from './any-date.ts';
import { cleanSymbol, FieldColumns, quantity as quantityOf } from './fields.ts';
import { type BrokerFormat, markerFit } from './format.ts';
import { codeIntent } from './ibkr.ts';
import { sectionNames, statedFigures } from './ibkr-statement-stated.ts';
import { notStockClass } from './instruments.ts';
import { Columns, type ParseOptions, type Row, RowError, readRow } from './table.ts';

/** The Trades section's columns (after the section name and row kind), as IBKR names them. */
const FIELDS = {
  discriminator: ['DataDiscriminator'],
  asset: ['Asset Category'],
  currency: ['Currency'],
  account: ['Account'],
  symbol: ['Symbol'],
  dateTime: ['Date/Time'],
  quantity: ['Quantity'],
  price: ['T. Price', 'TradePrice', 'Price'],
  commission: ['Comm/Fee', 'Comm in USD', 'Commission'],
  realized: ['Realized P/L', 'Realized P&L'],
  code: ['Code'],
} as const;

type Reader = FieldColumns<typeof FIELDS>;

/** A line of a multi-section statement: `Section,Header|Data|SubTotal|Total|Notes,…`. */
const isTradesHeader = (cells: readonly string[]) => cells[0] === 'Trades' && cells[1] === 'Header';

function readTrade(row: Row, c: Reader, timeZone: string): Execution {
  const asset = c.get(row, 'asset');
  if (!/^stocks?$/i.test(asset)) throw notStockClass(asset, c.get(row, 'symbol'));
  const quantity = c.number(row, 'quantity');
  const qty = quantityOf(quantity, `Quantity "${c.get(row, 'quantity')}"`);
  const realized = c.get(row, 'realized') === '' ? null : c.columns.number(c.get(row, 'realized'));
  return makeExecution({
    broker: 'ibkr-statement',
    account: c.get(row, 'account'),
    currency: c.get(row, 'currency').toUpperCase() || 'USD',
    ...anyDateTime(c.get(row, 'dateTime'), null, 'MDY', timeZone),
    symbol: c.symbol(row, 'symbol'),
    side: quantity.lt(0) ? 'sell' : 'buy',
    intent: codeIntent(c.get(row, 'code')),
    qty,
    price: c.price(row, 'price'),
    fees: c.sum(row, FEES).neg().toFixed(),
    orderId: null,
    execId: null,
    line: row.line,
    ...(realized === null ? {} : { reportedPnl: realized.toFixed() }),
  });
}

const FEES = ['commission'] as const;

/**
 * Interactive Brokers Activity Statement (CSV), the default statement: many sections, every line
 * `Section,Kind,…`; the Trades section may have several headers (a Forex table with other columns).
 * Only `Data` rows of stocks are read — one per order, or per execution when the statement lists
 * them (then the order rows are their sums and are left out); SubTotal and Total rows never count.
 * `Date/Time` is `"YYYY-MM-DD, HH:MM:SS"`, `Quantity` signed, `Comm/Fee` negative, `Code` O/C.
 * Its per-symbol realised P&L and its positions at the end are stated too (ibkr-statement-stated.ts).
 */
export const ibkrStatement: BrokerFormat<'ibkr-statement'> = {
  id: 'ibkr-statement',
  label: 'Interactive Brokers Activity Statement',
  info: {
    broker: 'Interactive Brokers',
    export: 'Activity Statement (CSV)',
    where: 'Client Portal → Performance & Reports → Statements → Activity → Run, format CSV',
    lacks: 'single executions unless “Include executions” is ticked (one row per order)',
  },
  fit: (cells) =>
    markerFit(
      (cells[0] === 'Statement' && cells[1] === 'Header') ||
        (isTradesHeader(cells) && cells.includes('Symbol') && cells.includes('Date/Time')),
      60,
    ),
  parse(rows, options) {
    const result: ParseResult = { executions: [], rejected: [], warnings: [] };
    let reader: Reader | null = null;
    const data: { row: Row; reader: Reader }[] = [];
    for (const row of rows) {
      if (isTradesHeader(row.cells)) {
        reader = new FieldColumns(new Columns(row.cells, options.decimalComma), FIELDS);
      } else if (row.cells[0] === 'Trades' && row.cells[1] === 'Data' && reader) {
        data.push({ row, reader });
      }
    }
    if (!reader) throw noTrades(rows, false);
    if (data.length === 0) throw noTrades(rows, true);
    // Execution rows, when listed, are the fills; the Order row above them is their sum.
    const kinds = new Set(data.map(({ row, reader: c }) => c.get(row, 'discriminator').toLowerCase()));
    const wanted = kinds.has('execution') ? 'execution' : kinds.has('order') ? 'order' : 'trade';
    for (const { row, reader: c } of data) {
      const kind = c.get(row, 'discriminator').toLowerCase();
      if (kind !== '' && kind !== wanted) continue; // ClosedLot, or Order rows summing their executions
      readRow(result, row, (r) => readTrade(r, c, options.timeZone));
    }
    const stated = statedFigures(rows, tradeCurrencies(data), options.decimalComma ?? false);
    if (stated) result.stated = stated;
    readCorporateActions(rows, options, result);
    return result;
  },
};

/** Sections every statement has around its content: not named as what it holds. */
const NOT_CONTENT = new Set(['Statement', 'Trades', 'Codes', 'Notes/Legal Notes']);

/**
 * A statement without trades (run with only its cash, positions or performance sections, or for a
 * period with none) holds nothing to import: refused, naming what it does hold, rather than read as
 * an empty file.
 */
function noTrades(rows: readonly Row[], empty: boolean): ImportError {
  const held = sectionNames(rows).filter((name) => !NOT_CONTENT.has(name));
  const list =
    held.length <= 1 ? (held[0] ?? 'nothing else') : `${held.slice(0, -1).join(', ')} and ${held.at(-1)}`;
  return new ImportError(
    0,
    empty
      ? `this Activity Statement's Trades section lists no trade (besides it, the file holds ${list}): nothing was read; choose a period with trades`
      : `this Activity Statement has no Trades section, only ${list}: nothing was read; run the Activity Statement with its Trades section (the Default statement has it)`,
  );
}

/** The currencies of each symbol's stock rows: a base-currency P&L figure is held only to fills in it. */
function tradeCurrencies(data: readonly { row: Row; reader: Reader }[]): Map<string, Set<string>> {
  const currencies = new Map<string, Set<string>>();
  for (const { row, reader: c } of data) {
    if (!/^stocks?$/i.test(c.get(row, 'asset'))) continue;
    const symbol = cleanSymbol(c.get(row, 'symbol'));
    const set = currencies.get(symbol) ?? new Set<string>();
    set.add(c.get(row, 'currency').toUpperCase() || 'USD');
    currencies.set(symbol, set);
  }
  return currencies;
}

/** The Corporate Actions section's columns. */
const ACTION_FIELDS = {
  asset: ['Asset Category'],
  currency: ['Currency'],
  account: ['Account'],
  reportDate: ['Report Date'],
  dateTime: ['Date/Time'],
  description: ['Description'],
  quantity: ['Quantity'],
} as const;

/** `AMZN(US0231351067) Split 20 for 1 (AMZN, AMAZON.COM INC, US0231351067)`: new shares for old. */
const SPLIT = /^([A-Z0-9.]+)\s*\([A-Z0-9]+\)\s+split\s+(\d+(?:\.\d+)?)\s+for\s+(\d+(?:\.\d+)?)\b/i;
/** `CCIV(US1714391026) CUSIP/ISIN Change to (US5494981039) (LCID, LUCID GROUP INC, US5494981039)`. */
const RENAME = /^([A-Z0-9.]+)\s*\([A-Z0-9]+\)\s+CUSIP\/ISIN Change to\s+\([A-Z0-9]+\)\s+\(([A-Z0-9.]+),/i;

/**
 * The statement's *Corporate Actions* section, stock rows: splits (`… Split 4 for 1 (…)`, one row of
 * the shares added; a reverse split has two, the old shares removed and the new ones added) and
 * CUSIP/ISIN changes that change the ticker (two rows: the old line's shares out, the new ticker's
 * in). Each becomes one action at the row's `Date/Time` (IBKR books them after the close), a split
 * with its stated ratio and the shares its rows added up to (the count IBKR kept, cash in lieu paid
 * for the rest). Any other stock action (a merger, a spin-off) is said in the warnings, not applied.
 */
function readCorporateActions(rows: readonly Row[], options: ParseOptions, result: ParseResult): void {
  let c: FieldColumns<typeof ACTION_FIELDS> | null = null;
  const found = new Map<string, CorporateAction>();
  for (const row of rows) {
    if (row.cells[0] !== 'Corporate Actions') continue;
    if (row.cells[1] === 'Header')
      c = new FieldColumns(new Columns(row.cells, options.decimalComma), ACTION_FIELDS);
    if (row.cells[1] !== 'Data' || !c || !/^stocks?$/i.test(c.get(row, 'asset'))) continue;
    const description = c.get(row, 'description').replace(/\s+/g, ' ');
    const split = SPLIT.exec(description);
    const rename = RENAME.exec(description);
    if (!split && !rename) {
      result.warnings.push({
        line: row.line,
        message: `a corporate action not applied to positions: ${description}`,
      });
      continue;
    }
    let quantity: Decimal | null;
    let at: Pick<CorporateAction, 'account' | 'currency' | 'time' | 'epochMs' | 'line'>;
    try {
      quantity = c.maybeNumber(row, 'quantity');
      at = {
        account: c.get(row, 'account'),
        currency: c.get(row, 'currency').toUpperCase() || 'USD',
        ...anyDateTime(c.get(row, 'dateTime') || c.get(row, 'reportDate'), null, 'MDY', options.timeZone),
        line: row.line,
      };
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      result.warnings.push({
        line: row.line,
        message: `a corporate action not read (${error.message}): ${description}`,
      });
      continue;
    }
    if (split) {
      const [, symbol = '', added = '', old = ''] = split;
      const key = `${at.account}|${at.currency}|${symbol}|${at.time}|split|${added}/${old}`;
      const earlier = found.get(key);
      const delta = (earlier?.sharesDelta ? quantity?.plus(earlier.sharesDelta) : quantity)?.toFixed();
      found.set(key, {
        ...(earlier ?? at),
        kind: 'split',
        symbol: symbol.toUpperCase(),
        ratio: `${added}/${old}`,
        ...(delta === undefined ? {} : { sharesDelta: delta }),
      });
    } else if (rename) {
      // The row of the new ticker names it; the old line's row names the old ticker again.
      const [, symbol = '', ticker = ''] = rename;
      if (ticker.toUpperCase() === symbol.toUpperCase()) continue;
      const key = `${at.account}|${at.currency}|${symbol}|${at.time}|rename`;
      found.set(key, { ...at, kind: 'rename', symbol: symbol.toUpperCase(), toSymbol: ticker.toUpperCase() });
    }
  }
  if (found.size > 0) result.actions = [...(result.actions ?? []), ...found.values()];
}
