import { makeExecution, type Side } from '../executions.ts';
import type { Decimal } from '../money.ts';
import { anyDateTime } from './any-date.ts';
import { closedTradeFormat, valueParts } from './closed-trades.ts';
import type { FieldColumns } from './fields.ts';
import type { BrokerFormat } from './format.ts';
import { normName } from './header.ts';
import { schwabTotal } from './schwab-realized-total.ts';
import { NotATrade, type Row, RowError } from './table.ts';

const FIELDS = {
  symbol: ['Symbol'],
  name: ['Name', 'Description'],
  closed: ['Closed Date'],
  opened: ['Opened Date'],
  quantity: ['Quantity'],
  proceeds: ['Proceeds'],
  cost: ['Cost Basis (CB)', 'Cost Basis'],
  // Per-share figures are fields of their own, not spellings of the totals: a column's values mean
  // what its field says, whichever of the field's names the header uses. They stand in for the
  // totals in the export's shortest layout.
  proceedsPerShare: ['Proceeds Per Share'],
  costPerShare: ['Cost Per Share'],
  gain: ['Gain/Loss ($)', 'Total Gain/Loss ($)'],
} as const;

type Value = 'proceeds' | 'cost';
const PER_SHARE = { proceeds: 'proceedsPerShare', cost: 'costPerShare' } as const;

/**
 * A lot's whole value from its total column, or (the shortest layout, `Symbol,Opened Date,Closed
 * Date,Quantity,Cost Per Share,Proceeds Per Share,Gain/Loss ($)`) its per-share price × quantity.
 */
function lotValue(row: Row, c: FieldColumns<typeof FIELDS>, field: Value, qty: string): Decimal {
  return c.name(field) !== null ? c.number(row, field) : c.number(row, PER_SHARE[field]).times(qty);
}

/**
 * Charles Schwab Realized Gain/Loss, lot details (`Symbol,Name,Closed Date,Opened Date,Quantity,
 * Proceeds Per Share,Cost Per Share,Proceeds,Cost Basis (CB),Gain/Loss ($),…,Wash Sale?,Disallowed
 * Loss,…`; the summary layout names `Closing Price`, `Cost Basis Method`, `Total Gain/Loss ($)`).
 * Each lot is a closed trade: bought on the opened date for its cost basis, sold on the closed date
 * for its proceeds, so it enters as an opening buy of the whole cost and a closing sell of the whole
 * proceeds (exact totals: see valueParts). Dates only; commissions are inside cost and proceeds.
 * A lot whose opened date is after its closed date is a short sale: sold first, bought back later.
 * The shortest layout has `Cost Per Share` and `Proceeds Per Share` instead of the totals: a lot's
 * values are then per share × quantity (the per-share figures are rounded to the cent, so these are
 * too). The file's `Total` row is its stated P&L (schwab-realized-total.ts).
 */
const lots: BrokerFormat<'schwab-realized'> = closedTradeFormat({
  id: 'schwab-realized',
  label: 'Charles Schwab realized gain/loss',
  info: {
    broker: 'Charles Schwab',
    export: 'Realized Gain/Loss, lot details (closed lots with cost basis)',
    where: 'schwab.com → Accounts → Realized Gain/Loss → date range → Export, lot details (CSV)',
    lacks:
      'time of day, single fills and fees (each lot is one buy and one sell; commissions are inside cost basis and proceeds)',
  },
  schema: {
    fields: FIELDS,
    // Proceeds and cost are needed too, as totals or per share: `schwabRealized.fit` asks for them.
    required: ['symbol', 'closed', 'opened', 'quantity'],
    distinctive: ['Cost Basis (CB)', 'Opened Date', 'Closed Date', 'Wash Sale?', 'Disallowed Loss'],
  },
  read(row, c, options, file) {
    const symbol = c.symbol(row, 'symbol');
    // Options are printed `AAPL 01/17/2025 150.00 C`: the journal reads stocks.
    if (/\s/.test(symbol)) throw new NotATrade(`${symbol} is not a stock`);
    const qty = c.shares(row, 'quantity');
    const proceeds = lotValue(row, c, 'proceeds', qty);
    const cost = lotValue(row, c, 'cost', qty);
    if (proceeds.lt(0) || cost.lt(0)) throw new RowError('Proceeds and Cost Basis must not be negative');
    const opened = anyDateTime(c.get(row, 'opened'), null, 'MDY', options.timeZone);
    const closed = anyDateTime(c.get(row, 'closed'), null, 'MDY', options.timeZone);
    const short = opened.epochMs > closed.epochMs;
    const legs: { side: Side; when: typeof opened; value: typeof cost; intent: 'open' | 'close' }[] = short
      ? [
          { side: 'sell', when: closed, value: proceeds, intent: 'open' },
          { side: 'buy', when: opened, value: cost, intent: 'close' },
        ]
      : [
          { side: 'buy', when: opened, value: cost, intent: 'open' },
          { side: 'sell', when: closed, value: proceeds, intent: 'close' },
        ];
    // What identifies the lot across re-imports: both dates and both amounts (two lots alike in all
    // of them would be one fill each to the fingerprint, so a repeat is counted).
    const lot = `lot ${opened.time} ${closed.time} ${cost.toFixed()} ${proceeds.toFixed()}`;
    const seen = file.repeat(lot);
    return legs.flatMap(({ side, when, value, intent }) => {
      if (value.eq(0)) throw new RowError(`${intent === 'open' ? 'opening' : 'closing'} value is 0`);
      return valueParts(value, qty).map((part, i) =>
        makeExecution({
          broker: 'schwab-realized',
          account: '',
          currency: 'USD',
          ...when,
          symbol,
          side,
          intent,
          qty: part.qty,
          price: part.price,
          fees: '0',
          orderId: null,
          execId: `${lot}${seen > 1 ? ` #${seen}` : ''}${i > 0 ? ' rest' : ''}`,
          line: row.line,
        }),
      );
    });
  },
});

/** A header needs a proceeds and a cost column, each as the lot's total or per share. */
const VALUE_NAMES: Record<Value, string[]> = {
  proceeds: [...FIELDS.proceeds, ...FIELDS.proceedsPerShare].map(normName),
  cost: [...FIELDS.cost, ...FIELDS.costPerShare].map(normName),
};

/** The lots, and the file's `Total` row as its stated realised P&L (schwab-realized-total.ts). */
export const schwabRealized: BrokerFormat<'schwab-realized'> = {
  ...lots,
  fit(cells, names) {
    const fit = lots.fit(cells, names);
    if (!fit.complete) return fit;
    const missing = (['proceeds', 'cost'] as const)
      .filter((value) => !VALUE_NAMES[value].some((name) => names.has(name)))
      .map((value) => FIELDS[value][0]);
    return missing.length === 0 ? fit : { ...fit, complete: false, missing };
  },
  parse(rows, options) {
    const result = lots.parse(rows, options);
    const total = schwabTotal(rows, options);
    if (total) result.stated = { realized: [total] };
    return result;
  },
};
