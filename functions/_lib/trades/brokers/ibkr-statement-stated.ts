import type { StatedFigures, StatedPosition, StatedRealized } from '../executions.ts';
import { cleanSymbol } from './fields.ts';
import { Columns, type Row } from './table.ts';

/** Stocks only: `Stocks` in the statement's `Asset Category` (options, forex and totals are not). */
const isStocks = (asset: string) => /^stocks?$/i.test(asset);

/** The section names of the positions at the end: one list, or (older statements) long and short apart. */
const POSITIONS = /^(?:Long |Short )?Open Positions$/;
const PERFORMANCE = 'Realized & Unrealized Performance Summary';

/**
 * What an IBKR Activity Statement states about itself (read by statement-checks.ts):
 * - *Realized & Unrealized Performance Summary* (`Asset Category,Symbol,Cost Adj.,Realized S/T
 *   Profit,…,Realized Total,Unrealized S/T Profit,…,Total,Code`): per symbol, the period's realised
 *   P&L after commissions (IBKR's realised P/L takes both commissions, as its Trades rows do), in the
 *   statement's base currency — it has no currency column. A symbol traded in another currency is
 *   left out: its fills are in that currency, the figure is not.
 * - *Open Positions* (`DataDiscriminator,Asset Category,Currency,Symbol,[Open,]Quantity,Mult,…`; older
 *   statements split it into *Long Open Positions* and *Short Open Positions*): the `Summary` row of
 *   each stock position at the end, `Quantity` signed. `Lot` rows are its parts. When the section is
 *   there the list is complete: a stock it leaves out was flat.
 * `tradeCurrencies` are the currencies of each symbol's stock rows in the Trades section.
 */
export function statedFigures(
  rows: readonly Row[],
  tradeCurrencies: ReadonlyMap<string, ReadonlySet<string>>,
  decimalComma: boolean,
): StatedFigures | undefined {
  const base = accountField(rows, 'Base Currency').toUpperCase();
  const realized: StatedRealized[] = [];
  const positions: StatedPosition[] = [];
  let listed = false;
  let columns: Columns | null = null;
  for (const row of rows) {
    const [section = '', kind = ''] = row.cells;
    if (kind === 'Header') {
      const relevant = section === PERFORMANCE || POSITIONS.test(section);
      columns = relevant ? new Columns(row.cells, decimalComma) : null;
      if (POSITIONS.test(section)) listed = true;
      continue;
    }
    if (kind !== 'Data' || !columns || !isStocks(columns.get(row, 'Asset Category'))) continue;
    const symbol = cleanSymbol(columns.get(row, 'Symbol'));
    if (symbol === '') continue;
    const account = columns.get(row, 'Account');
    if (section === PERFORMANCE) {
      const amount = columns.number(columns.get(row, 'Realized Total'));
      const currencies = tradeCurrencies.get(symbol);
      const sameCurrency = !currencies || [...currencies].every((currency) => currency === base);
      if (amount === null || base === '' || !sameCurrency) continue;
      realized.push({
        account,
        symbol,
        currency: base,
        amount: amount.toFixed(),
        net: true,
        label: 'Realized Total',
        line: row.line,
      });
    } else if (POSITIONS.test(section)) {
      const discriminator = columns.get(row, 'DataDiscriminator');
      const quantity = columns.number(columns.get(row, 'Quantity'));
      if ((discriminator !== '' && !/^summary$/i.test(discriminator)) || quantity === null) continue;
      positions.push({
        account,
        symbol,
        currency: columns.get(row, 'Currency').toUpperCase() || base,
        shares: quantity.toFixed(),
        line: row.line,
      });
    }
  }
  if (!listed && realized.length === 0) return undefined;
  return {
    ...(listed ? { positions, positionsComplete: true } : {}),
    ...(realized.length > 0 ? { realized } : {}),
  };
}

/** A field of the Account Information section (`Account Information,Data,Base Currency,USD`). */
function accountField(rows: readonly Row[], name: string): string {
  const row = rows.find(
    (candidate) =>
      candidate.cells[0] === 'Account Information' &&
      candidate.cells[1] === 'Data' &&
      candidate.cells[2] === name,
  );
  return row?.cells[3] ?? '';
}

/** The sections a statement holds, in file order, as its header lines name them. */
export function sectionNames(rows: readonly Row[]): string[] {
  const names = new Set<string>();
  for (const row of rows) if (row.cells[1] === 'Header' && row.cells[0]) names.add(row.cells[0]);
  return [...names];
}
