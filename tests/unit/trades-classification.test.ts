import { describe, expect, it } from 'vitest';
import {
  classify,
  instrumentOfClass,
  instrumentOfSymbol,
} from '../../functions/_lib/trades/brokers/instruments.ts';
import { analyzeFile } from '../../functions/_lib/trades/import-file.ts';

// Every row is classified before matching: only stock rows become executions; options, futures,
// funds, crypto, FX are listed apart and counted, never read as shares.

describe('instrumentOfClass: the asset class a row prints', () => {
  it.each([
    ['STK', 'stock'],
    ['Stocks', 'stock'],
    ['EQ', 'stock'],
    ['Equity', 'stock'],
    ['ETF', 'stock'],
    ['equity', 'stock'],
    ['OPT', 'option'],
    ['Equity Option', 'option'],
    ['OPTN', 'option'],
    ['FOP', 'option'],
    ['CALL', 'option'],
    ['FUT', 'future'],
    ['Future', 'future'],
    ['MF', 'fund'],
    ['Mutual Fund', 'fund'],
    ['Cryptocurrency', 'crypto'],
    ['BOND', 'bond'],
    ['CASH', 'cash'],
    ['Forex', 'cash'],
    ['WAR', 'unknown'],
  ] as const)('%s → %s', (label, instrument) => {
    expect(instrumentOfClass(label)).toBe(instrument);
  });

  it('says nothing for an empty cell or a code that is no asset class (TradeZero `Type` 2)', () => {
    expect(instrumentOfClass('')).toBeNull();
    expect(instrumentOfClass('2')).toBeNull();
    expect(instrumentOfClass('Margin')).toBeNull();
  });
});

describe('instrumentOfSymbol: the symbol’s shape', () => {
  it.each([
    // OCC/OSI option symbols, padded or not, with the marks platforms put before them.
    ['SPXW260309C06975000', 'option'],
    ['VIX260121P00017000', 'option'],
    ['AAPL  260315C00150000', 'option'],
    ['-SPXW260618P7400', 'option'],
    ['.AAPL260315C150', 'option'],
    // Described contracts.
    ['AAPL 03/15/2026 150.00 C', 'option'],
    ['SPY 3/27/2026 Call $580.00', 'option'],
    ['AAPL 15 MAR 26 150 C', 'option'],
    ['TSLA MAR 20 2026 250 PUT', 'option'],
    // Futures.
    ['/ES', 'future'],
    ['/ESZ25:XCME', 'future'],
    ['ESZ5', 'future'],
    ['MNQH26', 'future'],
    // Pairs and funds.
    ['BTC-USD', 'crypto'],
    ['ETH/USDT', 'crypto'],
    ['EUR.USD', 'cash'],
    ['SPAXX', 'fund'],
    ['VTSAX', 'fund'],
    // Stocks, OTC ones with their fifth letters included (F foreign, Y ADR, Q bankrupt).
    ['AITX', 'stock'],
    ['HMBL', 'stock'],
    ['TSNP', 'stock'],
    ['NSRGY', 'stock'],
    ['BAYRY', 'stock'],
    ['TOSYF', 'stock'],
    ['BRK.B', 'stock'],
    ['ETH', 'stock'],
    ['SOL', 'stock'],
    ['ES', 'stock'],
  ] as const)('%s → %s', (symbol, instrument) => {
    expect(instrumentOfSymbol(symbol)).toBe(instrument);
  });

  it('lets a printed non-stock class win, and an option symbol win over a class that says stock', () => {
    expect(classify('OPT', 'AAPL')).toBe('option');
    expect(classify('STK', 'SPXW260309C06975000')).toBe('option');
    expect(classify('STK', 'VTSAX')).toBe('stock'); // the class says it trades like a stock
    expect(classify(undefined, 'AITX')).toBe('stock');
  });
});

// Webull's order export with options: the contract symbol in Symbol, the contract price in Avg Price.
const WEBULL_HEADER =
  'Name,Symbol,Side,Status,Filled,Total Qty,Price,Avg Price,Time-in-Force,Placed Time,Filled Time';
const webullRow = (symbol: string, side: string, qty: number, price: string, time: string) =>
  `${symbol},${symbol},${side},Filled,${qty},${qty},${price},${price},DAY,03/09/2026 ${time} EDT,03/09/2026 ${time} EDT`;

describe('a file with option rows', () => {
  const text = [
    WEBULL_HEADER,
    webullRow('SPXW260309C06975000', 'Buy', 2, '4.10', '09:35:00'),
    webullRow('SPXW260309C06975000', 'Sell', 2, '5.30', '09:50:00'),
    webullRow('VIX260121P00017000', 'Sell', 1, '1.20', '10:01:00'),
    webullRow('AITX', 'Buy', 100000, '0.0061', '10:00:00'),
    webullRow('AITX', 'Sell', 100000, '0.0064', '10:20:00'),
  ].join('\n');

  it('imports the stock legs only, and lists every option row with its line and why', () => {
    const result = analyzeFile(text);
    expect(result.executions.map((e) => e.symbol)).toEqual(['AITX', 'AITX']);
    expect(result.closed_trades).toMatchObject([{ symbol: 'AITX', gross: '30.0000' }]); // 100,000 × 0.0003
    expect(result.open_positions).toEqual([]);
    expect(result.unresolved).toEqual([]);
    expect(result.rejected).toEqual([
      {
        line: 2,
        instrument: 'option',
        reason: 'SPXW260309C06975000: an option, not imported (options are not supported yet)',
      },
      expect.objectContaining({ line: 3, instrument: 'option' }),
      expect.objectContaining({ line: 4, instrument: 'option' }),
    ]);
    expect(result.warnings).toContainEqual({
      line: 2,
      message: '3 option rows not imported: options are not supported yet (lines 2, 3, 4)',
    });
  });

  it('refuses a file whose every row is an option, naming the lines', () => {
    const options = [WEBULL_HEADER, webullRow('SPXW260309C06975000', 'Buy', 2, '4.10', '09:35:00')];
    expect(() => analyzeFile(options.join('\n'))).toThrow(
      'no trade could be read from this file: its 1 row was rejected (line 2: SPXW260309C06975000: an option, not imported (options are not supported yet))',
    );
  });

  it('refuses an IBKR row whose AssetClass says option before reading its price', () => {
    const flex = [
      '"ClientAccountID","CurrencyPrimary","AssetClass","Symbol","Date/Time","Buy/Sell","Quantity","Price","Commission"',
      '"U1","USD","OPT","AAPL  260315C00150000","20260309;093500","BUY","1","2.5","-0.65"',
      '"U1","USD","STK","AITX","20260309;094000","BUY","1000","0.0061","-1"',
    ].join('\n');
    const result = analyzeFile(flex);
    expect(result.executions.map((e) => e.symbol)).toEqual(['AITX']);
    expect(result.rejected.map((row) => row.line)).toEqual([2]);
  });
});
