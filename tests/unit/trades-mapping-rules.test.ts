import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ColumnMapping } from '../../functions/_lib/trades/brokers/column-mapping.ts';
import { findHeader, guessMapping } from '../../functions/_lib/trades/brokers/mapping-guess.ts';
import { ImportError } from '../../functions/_lib/trades/errors.ts';
import { analyzeFile } from '../../functions/_lib/trades/import-file.ts';

/**
 * The column-mapping path obeys the rules the known formats follow: sides read from sentences,
 * words and signs, guessed by what a column holds, time order whatever the file's order, footers
 * passed over, and no import when no side can be read.
 */
const DIR = new URL('../fixtures/brokers/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, DIR), 'utf8');
const expected = JSON.parse(fixture('expected.json')) as Record<string, { totals: unknown }>;

/** What the mapping screen offers for a file: its header and the guess from names and values. */
function screenGuess(text: string): ColumnMapping {
  const header = findHeader(text);
  if (!header) throw new Error('no header');
  return guessMapping(header.cells, header.rows);
}

describe('a file of another platform, mapped', () => {
  it('reads a Fidelity history mapped with the screen’s guesses like the Fidelity format does', () => {
    const text = fixture('fidelity.csv');
    const mapping = screenGuess(text);
    expect(mapping).toMatchObject({
      date: 'Run Date',
      symbol: 'Symbol',
      side: 'Action',
      quantity: 'Quantity',
    });
    const result = analyzeFile(text, { mapping });
    expect(result.totals).toEqual(expected['fidelity.csv']?.totals);
    expect(result.closed_trades).toHaveLength(2);
    expect(result.open_positions).toHaveLength(1);
    // The dividend and the debit are not trades; the disclaimer is a footer, not a rejected trade.
    expect(result.rejected.map((row) => row.line)).toEqual([6, 10]);
    expect(result.rejected[0]?.reason).toMatch(/neither a buy nor a sell/);
    expect(result.warnings.map((w) => w.message)).toEqual([
      'lines 13–15: text after the data (footer), not read',
    ]);
  });

  it('guesses Robinhood’s Trans Code as the side by its values: 2 closed trades and 1 open position', () => {
    const text = fixture('robinhood.csv');
    const mapping = screenGuess(text);
    expect(mapping.side).toBe('Trans Code');
    const result = analyzeFile(text, { mapping });
    expect(result.closed_trades).toHaveLength(2);
    expect(result.open_positions).toHaveLength(1);
    expect(result.executions.filter((e) => e.side === 'buy')).toHaveLength(3);
    expect(result.totals).toEqual(expected['robinhood.csv']?.totals);
  });

  it('refuses to import when no side can be read rather than taking every row as a buy', () => {
    const text = fixture('robinhood.csv');
    const mapping = { ...screenGuess(text), side: null, amount: null };
    expect(() => analyzeFile(text, { mapping })).toThrow(ImportError);
    expect(() => analyzeFile(text, { mapping })).toThrow(/no side can be read/);
  });

  it('takes the side from a signed amount when quantities are not signed', () => {
    const text = fixture('robinhood.csv');
    const mapping = { ...screenGuess(text), side: null, amount: 'Amount' };
    const result = analyzeFile(text, { mapping });
    expect(result.closed_trades).toHaveLength(2);
    expect(result.open_positions).toHaveLength(1);
  });

  it.each([
    ['YOU BOUGHT HUMBL INC COM (HMBL) (Margin)', 'buy', null],
    ['YOU SOLD SHORT SALE ACME (ACME) (Short)', 'sell', 'open'],
    ['YOU BOUGHT SHORT COVER ACME (ACME) (Short)', 'buy', 'close'],
    ['Sold Short', 'sell', 'open'],
    ['Bought To Cover', 'buy', 'close'],
    ['BC', 'buy', 'close'],
    ['SS', 'sell', 'open'],
    ['SELL_TO_OPEN', 'sell', 'open'],
    ['Shrt', 'sell', 'open'],
    ['YOU BOUGHT PROSPECTUS UNDER SEPARATE COVER ACME FUND (ACMX) (Cash)', 'buy', null],
    ['Cover', 'buy', 'close'],
  ])('reads the side of "%s"', (label, side, intent) => {
    const text = `Date,Symbol,Side,Qty,Price\n2026-07-01 10:00,ABCD,"${label}",5,1\n`;
    const mapping = { ...screenGuess(text), side: 'Side' };
    const [execution] = analyzeFile(text, { mapping }).executions;
    expect([execution?.side, execution?.intent]).toEqual([side, intent]);
  });

  it('orders a date-only day’s openings before its closings, whatever the file’s order', () => {
    const text = [
      'Date,Symbol,Action,Qty,Price',
      '07/01/2026,ABCD,Sell,100,2',
      '07/01/2026,ABCD,Buy,100,1',
      '06/30/2026,WXYZ,Buy to Cover,10,4',
      '06/30/2026,WXYZ,Sell Short,10,5',
    ].join('\n');
    const result = analyzeFile(text, { mapping: screenGuess(text) });
    expect(result.closed_trades.map((t) => [t.symbol, t.side, t.gross])).toEqual([
      ['WXYZ', 'short', '10.0000'],
      ['ABCD', 'long', '100.0000'],
    ]);
    expect(result.open_positions).toEqual([]);
  });

  it('finds the header after a preamble, with semicolons', () => {
    const text =
      'Export of trades\nAccount;12345\n\nDate;Ticker;Action;Shares;Price\n2026-07-01 10:00;ABCD;BUY;100;1,5\n2026-07-01 10:30;ABCD;SELL;100;1,75\n';
    const header = findHeader(text);
    expect(header).toMatchObject({ line: 4, delimiter: ';', decimalComma: true });
    const result = analyzeFile(text, { mapping: screenGuess(text) });
    expect(result.closed_trades[0]).toMatchObject({ symbol: 'ABCD', gross: '25.0000' });
  });
});
