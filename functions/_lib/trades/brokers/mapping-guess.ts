import type { ColumnMapping } from './column-mapping.ts';
import { sideWords } from './sides.ts';
import { DETECT_LINES, filled, headTables, usesDecimalComma } from './table.ts';

/**
 * For a file no format recognises: where its header is, and a first mapping of its columns for the
 * member to check (by names, and for the side by what the columns hold). Kept apart from
 * column-mapping.ts so the page's code for the form does not carry the CSV reader.
 */

/** The header of an unknown file: its first record with at least this many named cells. */
const MIN_HEADER_CELLS = 4;
/** Rows the guesses look at (the form shows the first three). */
const GUESS_ROWS = 50;

export interface FoundHeader {
  line: number;
  cells: string[];
  /** The first data rows, for the form. */
  sample: string[][];
  /** More data rows, for guessing columns by their values. */
  rows: string[][];
  delimiter: string;
  decimalComma: boolean;
}

/** A name, not a value: no digits-only, date or money cell. */
const isName = (cell: string) => cell !== '' && !/^[-+($]*[\d.,:/ ]+\)?$/.test(cell);

/**
 * The header record of a file no format recognised, or null when there is none to map: in the first
 * lines (after any preamble), the first record of at least four names, with the delimiter that gives
 * the widest such header.
 */
export function findHeader(text: string): FoundHeader | null {
  let best: FoundHeader | null = null;
  for (const { delimiter, rows } of headTables(text, DETECT_LINES + GUESS_ROWS)) {
    const at = rows
      .slice(0, DETECT_LINES)
      .findIndex((row) => row.cells.filter(isName).length >= MIN_HEADER_CELLS);
    const header = rows[at];
    if (at < 0 || !header) continue;
    if (best && filled(header) <= best.cells.filter((cell) => cell !== '').length) continue;
    const data = rows.slice(at + 1).filter((row) => filled(row) > 1);
    best = {
      line: header.line,
      cells: header.cells,
      sample: data.slice(0, 3).map((row) => row.cells),
      rows: data.slice(0, GUESS_ROWS).map((row) => row.cells),
      delimiter,
      decimalComma: usesDecimalComma(data.slice(0, GUESS_ROWS), delimiter),
    };
  }
  return best;
}

/** Names seen in exports for each field, most specific first; compared lower-cased, spaces and `_` alike. */
const GUESSES: Record<Exclude<keyof ColumnMapping, 'fees' | 'dateOrder'>, readonly string[]> = {
  date: [
    'date/time',
    'datetime',
    'date time',
    'execution time',
    'exec time',
    'filled time',
    'trade date',
    'date',
    'time',
  ],
  time: ['time of day', 'exec time', 'execution time', 'time'],
  symbol: ['symbol', 'ticker', 'symb', 'sym', 'instrument', 'security', 'stock'],
  side: [
    'side',
    'action',
    'buy/sell',
    'b/s',
    'trans code',
    'transaction type',
    'activity type',
    'direction',
    'type',
  ],
  quantity: ['quantity', 'qty', 'shares', 'filled qty', 'filled', 'size', 'quantity #'],
  amount: ['amount', 'amount ($)', 'amount $', 'net amount', 'net proceeds', 'proceeds', 'value', 'total'],
  price: ['price', 'fill price', 'exec price', 'execution price', 'avg price', 'average price', 't. price'],
  account: ['account', 'account id', 'account number', 'acct'],
  currency: ['currency', 'ccy'],
  orderId: ['order id', 'orderid', 'order number', 'order #', 'order'],
  execId: ['execution id', 'exec id', 'execid', 'trade id', 'fill id'],
};

/** Second chance for the fields every file has, by a word in the column's name. */
const WORDS: Partial<Record<keyof typeof GUESSES, RegExp>> = {
  date: /\b(date|time)\b/,
  symbol: /\b(symbol|ticker)\b/,
  quantity: /\b(qty|quantity|shares)\b/,
  price: /\bprice\b/,
};

const FEE_WORDS = /\b(fee|fees|comm|commission|commissions|sec|taf|ecn|nscc|clearing|routing|exchange)\b/;

const norm = (name: string) => name.trim().toLowerCase().replaceAll('_', ' ').replace(/\s+/g, ' ');

/** Share of a column's non-empty sample values that name a side (`Buy`, `YOU SOLD …`, `SS`). */
function sideShare(rows: readonly (readonly string[])[], index: number): number {
  let sides = 0;
  let values = 0;
  for (const row of rows) {
    const value = row[index] ?? '';
    if (value === '') continue;
    values++;
    if (sideWords(value)) sides++;
  }
  return values === 0 ? 0 : sides / values;
}

/** Date columns of a trade, most usual first; a settlement or process date is not one. */
const DATE_NAMES = ['trade date', 'date', 'execution date', 'exec date', 'transaction date', 'activity date'];

function dateColumn(cells: readonly string[]): string | undefined {
  for (const wanted of DATE_NAMES) {
    const found = cells.find((cell) => norm(cell) === wanted);
    if (found) return found;
  }
  return cells.find((cell) => /\bdate\b/.test(norm(cell)) && !/settle|process|expir/.test(norm(cell)));
}

/** True when most of a column's sample values hold a date (`03/16/2026 09:31`, `2026-03-16T…`). */
function carriesDate(rows: readonly (readonly string[])[], index: number): boolean {
  let dated = 0;
  let values = 0;
  for (const row of rows) {
    const value = row[index] ?? '';
    if (value === '') continue;
    values++;
    if (/\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}/.test(value)) dated++;
  }
  return values > 0 && dated / values >= 0.5;
}

/**
 * A first mapping from the header's names and, for the side, from what the columns hold (Robinhood's
 * `Trans Code`, a sentence column); the member checks and corrects it.
 */
export function guessMapping(
  cells: readonly string[],
  rows: readonly (readonly string[])[] = [],
): ColumnMapping {
  const named = cells.filter((cell) => cell.trim() !== '');
  const used = new Set<string>();
  const take = (found: string | undefined) => {
    if (found === undefined) return null;
    used.add(found);
    return found;
  };
  const pick = (field: keyof typeof GUESSES): string | null => {
    for (const wanted of GUESSES[field]) {
      const found = take(named.find((cell) => norm(cell) === wanted && !used.has(cell)));
      if (found) return found;
    }
    // No usual name: a column with the field's word in it ('Exec Date', 'Fill Price').
    const word = WORDS[field];
    return word ? take(named.find((cell) => word.test(norm(cell)) && !used.has(cell))) : null;
  };
  // Order matters: the combined date column is taken before a separate time column is looked for.
  const symbol = pick('symbol');
  const quantity = pick('quantity');
  const price = pick('price');
  let date = pick('date');
  let time = pick('time');
  // A time column taken for the date while a date column stands apart (`Trade Date`, `Execution
  // Time`): the date from the one and the time from the other, unless the time's cells carry a date.
  if (date !== null && time === null && !/\bdate\b/.test(norm(date))) {
    const dated = dateColumn(named.filter((cell) => !used.has(cell)));
    if (dated && !carriesDate(rows, cells.indexOf(date))) {
      used.add(dated);
      time = date;
      date = dated;
    }
  }
  let side = pick('side');
  // A side column named otherwise, or a name that holds no sides (`Type` = Margin): by the values.
  if (rows.length > 0 && (side === null || sideShare(rows, cells.indexOf(side)) < 0.5)) {
    const byValues = named
      .filter((cell) => !used.has(cell) || cell === side)
      .map((cell) => ({ cell, share: sideShare(rows, cells.indexOf(cell)) }))
      .filter(({ share }) => share >= 0.5)
      .sort((a, b) => b.share - a.share)[0];
    if (byValues) {
      if (side) used.delete(side);
      side = take(byValues.cell);
    }
  }
  const amount = pick('amount');
  const account = pick('account');
  const currency = pick('currency');
  const orderId = pick('orderId');
  const execId = pick('execId');
  const fees = named.filter((cell) => !used.has(cell) && FEE_WORDS.test(norm(cell)));
  return {
    date: date ?? '',
    time,
    dateOrder: 'MDY',
    symbol: symbol ?? '',
    side,
    quantity: quantity ?? '',
    amount,
    price: price ?? '',
    fees,
    account,
    currency,
    orderId,
    execId,
  };
}
