import type { CorporateAction, ParseResult } from '../executions.ts';
import { toDecimal } from '../money.ts';
import { anyDateTime } from './any-date.ts';
import type { FieldColumns } from './fields.ts';
import { normName } from './header.ts';
import { Columns, type ParseOptions, type Row } from './table.ts';

/**
 * Schwab's corporate-action rows (Transactions export). `Stock Split` is one row: the symbol and the
 * shares it added (`"07/15/2024 as of 07/12/2024","Stock Split","AVGO","BROADCOM INC","9",…`).
 * `Reverse Split` and `Name Change` are two rows of one date: the shares the member now holds, under
 * the new ticker, and the shares removed, under the old security's CUSIP, whose description is its
 * name then `XXX…` (`"890260854","TONIX PHARMA HLDGS XXXREVERSE SPLIT EFF: 06/10/24","-1"`).
 */
export const SCHWAB_ACTIONS = new Set(['STOCK SPLIT', 'REVERSE SPLIT', 'NAME CHANGE']);

type Fields = 'date' | 'action' | 'symbol' | 'quantity';

/**
 * One action row as read alone: a split with the shares it added or removed (signed as printed).
 * The two rows of a reverse split or a name change are paired afterwards (`pairSchwabActions`).
 * The posted date, not the "as of" one: `07/15/2024 as of 07/12/2024` is the split of the shares
 * held at the close of 07/12, in force from 07/15; fills of 07/12 were before it.
 */
export function schwabActionRow(
  row: Row,
  c: FieldColumns<Record<Fields, readonly string[]>>,
  options: ParseOptions,
) {
  const [posted = ''] = c.get(row, 'date').split(/\s+as of\s+/i);
  return {
    kind: 'split',
    account: '',
    currency: 'USD',
    symbol: c.symbol(row, 'symbol'),
    sharesDelta: c.number(row, 'quantity').toFixed(),
    ...anyDateTime(posted, null, 'MDY', options.timeZone),
    line: row.line,
  } satisfies CorporateAction;
}

/** A CUSIP (9 letters and digits, a digit among them) where a ticker would be: the old security's row. */
const isCusip = (symbol: string) => /^[0-9A-Z]{9}$/.test(symbol) && /\d/.test(symbol);

/** The security's name in a description, without Schwab's `XXX…` note and spacing: `TONIX PHARMA HLDGS`. */
const nameOf = (description: string) =>
  description.split('XXX')[0]?.replace(/\s+/g, ' ').trim().toUpperCase() ?? '';

interface Printed {
  action: string;
  symbol: string;
  name: string;
}

/**
 * Pairs the two rows of each reverse split and name change into what they did: a rename when the
 * old ticker (found by the security's name on the file's other rows) differs from the new one, and
 * a split of the new shares when the counts differ (the shares added minus those removed, so a
 * fraction paid as cash in lieu stays out). A row left without its pair, or a name change whose old
 * ticker the file never shows, is listed as not imported with what to do instead.
 */
export function pairSchwabActions(result: ParseResult, rows: readonly Row[]): ParseResult {
  const printed = printedRows(rows);
  const label = (a: CorporateAction) => printed.get(a.line)?.action ?? '';
  const name = (a: CorporateAction) => printed.get(a.line)?.name ?? '';
  const all = result.actions ?? [];
  const halves = all.filter((a) => label(a) !== 'STOCK SPLIT');
  if (halves.length === 0) return result;
  const actions = all.filter((a) => !halves.includes(a));
  const used = new Set<CorporateAction>();
  const removing = halves.filter((a) => toDecimal(a.sharesDelta ?? '0').lt(0));
  for (const old of removing) {
    const mates = halves.filter(
      (a) => !removing.includes(a) && !used.has(a) && a.time === old.time && label(a) === label(old),
    );
    const mate =
      mates.length === 1 ? mates[0] : mates.find((a) => name(old) !== '' && name(a).startsWith(name(old)));
    if (!mate) continue;
    used.add(old).add(mate);
    const from = isCusip(old.symbol) ? tickerNamed(printed, name(old), mate.symbol) : old.symbol;
    const ticker = from ?? (label(old) === 'REVERSE SPLIT' ? mate.symbol : null);
    if (!ticker) {
      result.rejected.push({
        line: old.line,
        reason: `${label(mate).toLowerCase()} to ${mate.symbol}: this file does not show the old symbol of ${name(old) || old.symbol} (${old.symbol}); if you held it, enter the change on the Trades page`,
      });
      continue;
    }
    const { kind: _kind, sharesDelta, ...at } = mate;
    if (ticker !== mate.symbol)
      actions.push({ ...at, kind: 'rename', symbol: ticker, toSymbol: mate.symbol });
    const delta = toDecimal(sharesDelta ?? '0').plus(old.sharesDelta ?? '0');
    if (!delta.eq(0)) actions.push({ ...at, kind: 'split', sharesDelta: delta.toFixed() });
  }
  for (const alone of halves.filter((a) => !used.has(a))) {
    const missing = toDecimal(alone.sharesDelta ?? '0').lt(0) ? 'added' : 'removed';
    result.rejected.push({
      line: alone.line,
      reason: `${label(alone).toLowerCase()} without its other row (the shares ${missing}) in this file: enter it on the Trades page`,
    });
  }
  result.rejected.sort((a, b) => a.line - b.line);
  return { ...result, actions };
}

/** Each data row's action, symbol and security name, by line (the header found by its column names). */
function printedRows(rows: readonly Row[]): Map<number, Printed> {
  const out = new Map<number, Printed>();
  const at = rows.findIndex((row) =>
    ['action', 'description'].every((n) => row.cells.some((c) => normName(c) === n)),
  );
  const header = rows[at];
  if (!header) return out;
  const columns = new Columns(header.cells);
  for (const row of rows.slice(at + 1)) {
    out.set(row.line, {
      action: columns.get(row, 'Action').toUpperCase(),
      symbol: columns.get(row, 'Symbol').toUpperCase(),
      name: nameOf(columns.get(row, 'Description')),
    });
  }
  return out;
}

/**
 * The ticker the file's other rows print beside this security name (a buy of `BIOSOLAR INC` under
 * `BSRC`), other than the new one; the name may be cut short in the note (`PROPANCXXXREVERSE…`).
 * Null when no single ticker fits.
 */
function tickerNamed(printed: ReadonlyMap<number, Printed>, name: string, newTicker: string): string | null {
  if (name === '') return null;
  const tickers = (fits: (rowName: string) => boolean) =>
    new Set(
      [...printed.values()]
        .filter((p) => !SCHWAB_ACTIONS.has(p.action) && p.symbol !== '' && !isCusip(p.symbol) && fits(p.name))
        .map((p) => p.symbol),
    );
  const exact = tickers((rowName) => rowName === name);
  const matches = exact.size > 0 ? exact : tickers((rowName) => rowName.startsWith(name));
  const others = [...matches].filter((ticker) => ticker !== newTicker);
  // Only the new ticker under that name: the ticker did not change.
  if (others.length === 0) return matches.size > 0 ? newTicker : null;
  return others.length === 1 ? (others[0] as string) : null;
}
