import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  asMapping,
  type ColumnMapping,
  headerKey,
  mappingProblem,
} from '../../functions/_lib/trades/brokers/column-mapping.ts';
import { findHeader, guessMapping } from '../../functions/_lib/trades/brokers/mapping-guess.ts';
import { ImportError } from '../../functions/_lib/trades/errors.ts';
import { analyzeFile } from '../../functions/_lib/trades/import-file.ts';

const DIR = new URL('../fixtures/brokers/', import.meta.url);
const expected = JSON.parse(readFileSync(new URL('expected.json', DIR), 'utf8')) as Record<
  string,
  { totals: unknown }
>;

// `Direction` is no side column the generic layout knows (`Side`, `Action`, `Buy/Sell` are): a file to map.
const GENERIC = [
  'Trade Date,Time,Ticker,Direction,Quantity,Fill Price,Commission,Routing Fee,Order ID',
  '03/04/2026,9:31:02 AM,aitx,Buy,3000000,0.0042,1.00,0.25,A1',
  '03/04/2026,2:05:00 PM,AITX,Sell,3000000,0.0051,1.00,0.25,A2',
].join('\n');

const base: ColumnMapping = {
  date: 'Trade Date',
  time: 'Time',
  dateOrder: 'MDY',
  symbol: 'Ticker',
  side: 'Direction',
  quantity: 'Quantity',
  amount: null,
  price: 'Fill Price',
  fees: ['Commission', 'Routing Fee'],
  account: null,
  currency: null,
  orderId: 'Order ID',
  execId: null,
};

/** A plain export: Date (with the time), Symbol, Side, Qty and Price, nothing else. */
const SIMPLE: ColumnMapping = {
  ...base,
  date: 'Date',
  time: null,
  symbol: 'Symbol',
  side: 'Side',
  quantity: 'Qty',
  price: 'Price',
  fees: [],
  orderId: null,
};

describe('a hand-mapped export', () => {
  it('guesses the usual names, fee columns included', () => {
    const header = findHeader(GENERIC);
    expect(header?.line).toBe(1);
    expect(header?.sample).toHaveLength(2);
    expect(guessMapping(header?.cells ?? [])).toEqual(base);
  });

  it('reads a sub-penny round trip exactly, fees from every mapped fee column', () => {
    const result = analyzeFile(GENERIC, { mapping: base });
    expect(result.broker).toBe('custom');
    expect(result.rejected).toEqual([]);
    expect(
      result.executions.map((e) => [e.time, e.symbol, e.side, e.qty, e.price, e.fees, e.orderId]),
    ).toEqual([
      ['2026-03-04T09:31:02', 'AITX', 'buy', '3000000', '0.0042', '1.25', 'A1'],
      ['2026-03-04T14:05:00', 'AITX', 'sell', '3000000', '0.0051', '1.25', 'A2'],
    ]);
    // 0.0009 × 3,000,000 = 2700 exactly, less 2.50 of fees.
    expect(result.closed_trades[0]).toMatchObject({ gross: '2700.0000', fees: '2.5000', net: '2697.5000' });
    // 09:31 in New York on 4 March 2026 (EST) is 14:31 UTC.
    expect(result.executions[0]?.epochMs).toBe(Date.UTC(2026, 2, 4, 14, 31, 2));
  });

  it('gives a known export the same totals mapped by hand as detected', () => {
    const text = readFileSync(new URL('tradezero.csv', DIR), 'utf8');
    const mapping: ColumnMapping = {
      ...base,
      date: 'T/D',
      time: 'Exec Time',
      symbol: 'Symbol',
      side: 'Side',
      quantity: 'Qty',
      price: 'Price',
      fees: ['Comm', 'SEC', 'TAF', 'NSCC', 'Nasdaq', 'ECN Remove', 'ECN Add'],
      account: 'Account',
      currency: 'Currency',
      orderId: null,
    };
    const result = analyzeFile(text, { mapping });
    expect(result.rejected).toEqual([]);
    expect(result.totals).toEqual(expected['tradezero.csv']?.totals);
  });

  it.each([
    [
      'ISO with seconds',
      '2026-07-01 09:30:05',
      null,
      'MDY',
      '2026-07-01T09:30:05',
      Date.UTC(2026, 6, 1, 13, 30, 5),
    ],
    [
      'ISO with T and offset',
      '2026-07-01T09:30:05-05:00',
      null,
      'MDY',
      '2026-07-01T09:30:05',
      Date.UTC(2026, 6, 1, 14, 30, 5),
    ],
    [
      'ISO in UTC',
      '2026-07-01T13:30:05Z',
      null,
      'MDY',
      '2026-07-01T13:30:05',
      Date.UTC(2026, 6, 1, 13, 30, 5),
    ],
    ['day first', '01/07/2026 15:59', null, 'DMY', '2026-07-01T15:59:00', Date.UTC(2026, 6, 1, 19, 59)],
    [
      'compact with time',
      '20260701;093005',
      null,
      'MDY',
      '2026-07-01T09:30:05',
      Date.UTC(2026, 6, 1, 13, 30, 5),
    ],
    ['12 AM is midnight', '7/1/26', '12:10 am', 'MDY', '2026-07-01T00:10:00', Date.UTC(2026, 6, 1, 4, 10)],
    ['date only', '2026-07-01', null, 'MDY', '2026-07-01', Date.UTC(2026, 6, 1, 4)],
  ] as const)('reads %s', (_name, date, time, order, wall, epoch) => {
    const text = `When,At,Sym,Side,Qty,Px\n"${date}",${time ?? ''},ABCD,BUY,10,1.5\n`;
    const mapping = {
      ...base,
      date: 'When',
      time: time ? 'At' : null,
      dateOrder: order,
      symbol: 'Sym',
      side: 'Side',
      quantity: 'Qty',
      price: 'Px',
      fees: [],
      orderId: null,
    };
    const [execution] = analyzeFile(text, { mapping }).executions;
    expect(execution?.time).toBe(wall);
    expect(execution?.epochMs).toBe(epoch);
  });

  it('takes the side from a signed quantity when no side column is mapped', () => {
    const text = 'Date,Symbol,Qty,Price\n2026-07-01 10:00,ABCD,-500,0.012\n2026-07-01 10:05,ABCD,500,0.010\n';
    const mapping = {
      ...base,
      date: 'Date',
      time: null,
      symbol: 'Symbol',
      side: null,
      quantity: 'Qty',
      price: 'Price',
      fees: [],
      orderId: null,
    };
    const result = analyzeFile(text, { mapping });
    expect(result.executions.map((e) => [e.side, e.qty])).toEqual([
      ['sell', '500'],
      ['buy', '500'],
    ]);
    // A plain sell first: nothing says whether it was a short sale or shares held before the file, so
    // it and the buy after it wait for the member's answer, in no figure.
    expect(result.closed_trades).toEqual([]);
    expect(result.open_positions).toEqual([]);
    expect(result.unresolved).toMatchObject([{ symbol: 'ABCD', shares: '500', value: '6.0000', line: 2 }]);
    expect(result.unresolved[0]?.fills).toHaveLength(2);
    // Answered "held before": a sale of earlier shares, and the buy opens a long.
    const held = analyzeFile(text, { mapping, sellsFromFlat: 'held' });
    expect(held.opened_before).toMatchObject([{ side: 'long', shares: '500', value: '6.0000' }]);
    expect(held.open_positions).toMatchObject([{ side: 'long', shares: '500' }]);
    // Answered "a short sale": covered by the buy, a closed short of 500 × (0.012 − 0.010) = 1.00.
    const short = analyzeFile(text, { mapping, sellsFromFlat: { 'ABCD@': 'short' } });
    expect(short.closed_trades).toMatchObject([{ side: 'short', shares: '500', gross: '1.0000' }]);
    expect(short.open_positions).toEqual([]);
  });

  it('knows the usual side labels and rejects others with the line', () => {
    const rows = ['SELL SHORT', 'buy to cover', 'BOT', 'SLD', 'Hold'];
    const text = `Date,Symbol,Side,Qty,Price\n${rows.map((side) => `2026-07-01 10:00,ABCD,${side},5,1`).join('\n')}`;
    const mapping = SIMPLE;
    const result = analyzeFile(text, { mapping });
    expect(result.executions.map((e) => [e.side, e.intent])).toEqual([
      ['sell', 'open'],
      ['buy', 'close'],
      ['buy', null],
      ['sell', null],
    ]);
    expect(result.rejected).toEqual([{ line: 6, reason: 'Side "Hold" is neither a buy nor a sell' }]);
  });

  it('rejects bad dates, times and prices row by row', () => {
    const text = [
      'Date,Symbol,Side,Qty,Price',
      '2026-13-01 10:00,ABCD,BUY,5,1',
      '2026-07-01 25:00,ABCD,BUY,5,1',
      '2026-07-01 10:00,ABCD,BUY,5,abc',
      '2026-07-01 10:00,ABCD,BUY,5,1',
    ].join('\n');
    const mapping = SIMPLE;
    const analysis = analyzeFile(text, { mapping });
    expect(analysis.rejected).toEqual([
      { line: 2, reason: 'date "2026-13-01 10:00" is not a date' },
      { line: 3, reason: 'time "25:00" is not a time' },
      { line: 4, reason: 'Price "abc" is not a number' },
    ]);
    expect(analysis.executions).toHaveLength(1);
    // With no row left to read, the file is refused as a whole, naming the first rejected lines.
    expect(() => analyzeFile(text.split('\n').slice(0, 4).join('\n'), { mapping })).toThrow(
      new ImportError(
        0,
        'no trade could be read from this file: all 3 rows were rejected (line 2: date "2026-13-01 10:00" is not a date; line 3: time "25:00" is not a time; line 4: Price "abc" is not a number)',
      ),
    );
  });

  it('names what is wrong with a mapping that does not fit the file', () => {
    expect(mappingProblem({ ...base, symbol: '' }, ['Trade Date'])).toBe('choose the column for Symbol');
    expect(() => analyzeFile(GENERIC, { mapping: { ...base, price: 'Avg Price' } })).toThrow(
      new ImportError(1, 'column mapping: the file has no column "Avg Price"'),
    );
    expect(() => analyzeFile('a,b\n1,2\n', { mapping: base })).toThrow(/no header row/);
  });

  it('says an unknown file can be mapped', () => {
    expect(() => analyzeFile(GENERIC)).toThrow(/map its columns/);
  });

  it('reads a stored mapping back only when it is one', () => {
    expect(asMapping(JSON.parse(JSON.stringify(base)))).toEqual(base);
    expect(asMapping({ ...base, time: '' })).toEqual({ ...base, time: null });
    expect(asMapping({ ...base, fees: 'Commission' })).toBeNull();
    expect(asMapping({ ...base, price: 3 })).toBeNull();
    expect(asMapping({ ...base, dateOrder: 'YDM' })).toBeNull();
    expect(asMapping('x')).toBeNull();
  });

  it('files a mapping under the header names, not their case or spacing', () => {
    expect(headerKey([' Date', 'SYMBOL '])).toBe(headerKey(['date', 'symbol']));
    expect(headerKey(['date', 'symbol'])).not.toBe(headerKey(['symbol', 'date']));
  });
});

describe('guessing columns', () => {
  it('falls back to a word in the name, and leaves what it cannot tell', () => {
    const guess = guessMapping(['Exec Date', 'Instrument', 'B/S', 'Filled Qty', 'Px', 'Commission', 'Venue']);
    expect(guess).toMatchObject({
      date: 'Exec Date',
      time: null,
      symbol: 'Instrument',
      side: 'B/S',
      quantity: 'Filled Qty',
      price: '',
      fees: ['Commission'],
    });
  });

  it('takes a combined date-time column before a separate time', () => {
    expect(guessMapping(['Date', 'Time', 'Symbol', 'Qty', 'Price'])).toMatchObject({
      date: 'Date',
      time: 'Time',
    });
    expect(guessMapping(['Date/Time', 'Symbol', 'Qty', 'Price'])).toMatchObject({
      date: 'Date/Time',
      time: null,
    });
  });
});
