import { describe, expect, it } from 'vitest';
import { nameSet } from '../../functions/_lib/trades/brokers/header.ts';
import {
  closestFormats,
  detect,
  detectBroker,
  outranks,
  rankOf,
} from '../../functions/_lib/trades/brokers/index.ts';
import { guessMapping } from '../../functions/_lib/trades/brokers/mapping-guess.ts';
import { feeOrTimeLike } from '../../functions/_lib/trades/brokers/unread.ts';
import { analyzeFile } from '../../functions/_lib/trades/import-file.ts';

/** Headers as exports print them (public sources in tests/fixtures/brokers/README.md), and what they are. */
const HEADERS: [string, string][] = [
  // Fidelity's header variants F1–F5 and the one in TradeTally's detector.
  [
    'Run Date,Action,Symbol,Security Description,Security Type,Quantity,Price ($),Commission ($),Fees ($),Accrued Interest ($),Amount ($),Settlement Date',
    'fidelity',
  ],
  [
    'Run Date,Account,Action,Symbol,Security Description,Security Type,Quantity,Price ($),Commission ($),Fees ($),Accrued Interest ($),Amount ($),Settlement Date',
    'fidelity',
  ],
  [
    'Run Date,Action,Symbol,Description,Type,Quantity,Price ($),Commission ($),Fees ($),Accrued Interest ($),Amount ($),Cash Balance ($),Settlement Date',
    'fidelity',
  ],
  [
    'Run Date,Action,Symbol,Description,Type,Price ($),Quantity,Commission ($),Fees ($),Accrued Interest ($),Amount ($),Cash Balance ($),Settlement Date',
    'fidelity',
  ],
  [
    'Run Date,Account,Account Number,Action,Symbol,Description,Type,Exchange Quantity,Exchange Currency,Currency,Price,Quantity,Exchange Rate,Commission,Fees,Accrued Interest,Amount,Settlement Date',
    'fidelity',
  ],
  [
    'Run Date,Account,Account Number,Action,Symbol,Description,Type,Price ($),Quantity,Commission ($),Fees ($),Amount ($),Settlement Date',
    'fidelity',
  ],
  // DAS: the full trades window, the hidden/reordered one, an older "Symb" one, the logs.
  [
    'Time,Symbol,Side,Price,Qty,Route,Broker,Account,Type,Cloid,Liq,ECNFee,P / L,SecType,LiqType,BP,Value,P/L R,',
    'das',
  ],
  ['Time,Symbol,Side,Price,Qty,Route,Account,LiqType,ECNFee,P / L,', 'das'],
  ['Time,Symb,Side,Price,Qty,Route,Broker,Account,Type,Cloid', 'das'],
  ['Event,B/S,Symbol,Shares,Price,Route,Time,Account,Note', 'das-orders'],
  ['TradeID,OrderID,B/S,Symbol,Qty,Price,Time', 'das-executions'],
  // Where two formats fit, the more specific wins: Tradervue's columns also hold DAS's five.
  ['Date,Time,Symbol,Quantity,Price,Side', 'tradervue'],
  ['Date,Time,Symbol,Quantity,Price,Side,Commission,TransFee,ECNFee', 'tradervue'],
  [
    'Activity/Trade Date,Transaction Date,Settlement Date,Activity Type,Description,Symbol,Cusip,Quantity #,Price $,Amount $,Commission,Category,Note',
    'etrade',
  ],
  [
    'TransactionDate,TransactionType,SecurityType,Symbol,Quantity,Amount,Price,Commission,Description',
    'etrade-legacy',
  ],
  [
    '"Activity Date","Process Date","Settle Date","Instrument","Description","Trans Code","Quantity","Price","Amount"',
    'robinhood',
  ],
  [
    'Symbol,Quantity,Price,Action,Description,TradeDate,SettledDate,Interest,Amount,Commission,Fee,CUSIP,RecordType',
    'firstrade',
  ],
  [
    'Date,Type,Sub Type,Action,Symbol,Instrument Type,Description,Value,Quantity,Average Price,Commissions,Fees,Multiplier,Root Symbol,Underlying Symbol,Expiration Date,Strike Price,Call or Put,Order #,Currency',
    'tastytrade',
  ],
  [
    'Transaction Date,Settlement Date,Action,Symbol,Description,Quantity,Price,Gross Amount,Commission,Net Amount,Currency,Account #,Activity Type,Account Type',
    'questrade',
  ],
  [
    '"Side","Symbol","Name","Order Price","Order Qty","Order Amount","Status","Filled@Avg Price","Order Time"',
    'moomoo',
  ],
  [
    'Account Number,Trade Date,Settlement Date,Transaction Type,Transaction Description,Investment Name,Symbol,Shares,Share Price,Principal Amount,Commissions and Fees,Net Amount,Accrued Interest,Account Type,',
    'vanguard',
  ],
  [
    'Account\tEntered\tOrder Status\tContract Exp Date\tType\tSymbol\tQty Filled\tFilled Price\tCommission',
    'tradestation',
  ],
  [
    'Trades,Header,DataDiscriminator,Asset Category,Currency,Symbol,Date/Time,Quantity,T. Price,C. Price,Proceeds,Comm/Fee,Basis,Realized P/L,MTM P/L,Code',
    'ibkr-statement',
  ],
  [
    'ClientAccountID,Symbol,Buy/Sell,Quantity,Price,Amount,Commission,NetCash,TradeDate,SettleDate,Exchange,OrderType,CurrencyPrimary,AssetClass',
    'ibkr',
  ],
  ['"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount",', 'schwab'],
  [
    'Name,Symbol,Side,Status,Filled,Total Qty,Price,Avg Price,Time-in-Force,Placed Time,Filled Time',
    'webull',
  ],
  // Case and spacing do not matter.
  ['time,SYMBOL,side,price,qty,route,p/l', 'das'],
];

describe('a header is recognised by what its columns mean', () => {
  it.each(HEADERS)('%s', (header, id) => {
    expect(detect(`${header}\n`).found?.format.id).toBe(id);
  });

  it('in any order (a statement line keeps its section and kind first)', () => {
    for (const [header, id] of HEADERS.filter(([header]) => !header.startsWith('Trades,Header'))) {
      const delimiter = header.includes('\t') ? '\t' : ',';
      const reversed = header.split(delimiter).reverse().join(delimiter);
      expect(detect(`${reversed}\n`).found?.format.id, header).toBe(id);
    }
  });

  it('anywhere in the first 200 lines, not after', () => {
    const header = 'Date,Time,Symbol,Quantity,Price,Side';
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `note ${i}`).join('\n');
    expect(detect(`${lines(199)}\n${header}\n`).found?.headerLine).toBe(200);
    expect(detect(`${lines(200)}\n${header}\n`).found).toBeNull();
  });

  it('names the closest header and the required columns it lacks', () => {
    expect(detect('Date,Time,Symbol,Quantity,Price\n').nearest).toMatchObject({
      line: 1,
      missing: ['Side'],
    });
    expect(detectBroker(['Foo', 'Bar'])).toBeNull();
  });
});

describe('when two formats fit, the one that reads more of the header wins', () => {
  // Coverage: the share of the header’s names the format reads; then score; then declared precedence.
  const TIES: [string, string, string][] = [
    // DAS (Route is distinctive: the higher score) reads 8 of 11 and drops Commission; Tradervue reads 9.
    ['Time,Symbol,Side,Price,Qty,Route,Date,Account,Commission,Currency,Quantity', 'tradervue', 'das'],
    // Tradervue reads all six, DAS five.
    ['Date,Time,Symbol,Quantity,Price,Side', 'tradervue', 'das'],
    // DAS's own window: Tradervue does not fit at all (no Quantity, no Date).
    ['Time,Symbol,Side,Price,Qty,Route,Account,LiqType,ECNFee,P / L', 'das', 'tradervue'],
  ];
  it.each(TIES)('%s → %s over %s', (header, winner) => {
    expect(detect(`${header}\n`).found?.format.id).toBe(winner);
  });

  it.each([
    [{ coverage: 0.8, score: 6 }, { coverage: 0.7, score: 11 }, true],
    [{ coverage: 0.7, score: 11 }, { coverage: 0.8, score: 6 }, false],
    [{ coverage: 0.8, score: 7 }, { coverage: 0.8, score: 6 }, true],
    // A full rank tie keeps the one found first (earlier line; between formats, `precedes`).
    [{ coverage: 0.8, score: 6 }, { coverage: 0.8, score: 6 }, false],
  ])('rank %o outranks %o: %s', (a, b, expected) => {
    expect(outranks(a, b)).toBe(expected);
  });

  it('coverage is the share of the header names a format reads; a marker format covers its header', () => {
    const names = nameSet(['Date', 'Time', 'Symbol', 'Quantity']);
    expect(rankOf({ complete: true, score: 3, missing: [], found: 3, reads: 3 }, names)).toEqual({
      coverage: 0.75,
      score: 3,
    });
    expect(rankOf({ complete: true, score: 50, missing: [], found: 1 }, names).coverage).toBe(1);
  });
});

describe('a refusal names the closest formats by what they miss, not a guess at the broker', () => {
  const refusal = (text: string) => {
    try {
      analyzeFile(text, { date: '2026-03-16' });
    } catch (error) {
      return (error as Error).message;
    }
    return 'read';
  };
  it.each([
    [
      'Time,Symbol,Price,Qty,Route,LiqType,ECNFee\n09:30:01,ABCD,1,100,ARCA,,0\n',
      'line 1: unknown file format: no supported header; closest are DAS Trader (missing Side), DAS Trader order log (missing Event, B/S) and DAS Trader executions (missing TradeID, B/S) (map its columns to read it)',
    ],
    [
      'Name,Symbol,Side,Status,Total Qty,Price,Avg Price,Placed Time\nX,ABCD,Buy,Filled,100,1,1,03/16/2026 09:30:01 EDT\n',
      /^line 1: unknown file format: no supported header; closest (?:is|are) .*Webull.* \(missing Filled, Filled Time\)/,
    ],
    [
      'Foo,Bar,Baz\n1,2,3\n',
      /^line 1: unknown file format: no supported broker header in the first lines: a header needs date .* symbol, side .* quantity and price columns/,
    ],
  ])('%s', (text, message) => {
    if (typeof message === 'string') expect(refusal(text)).toBe(message);
    else expect(refusal(text)).toMatch(message);
  });

  it('lists the closest formats, closest first', () => {
    const { closest } = detect('Date,Time,Symbol,Quantity,Price\n');
    expect(closest[0]).toMatchObject({ line: 1, missing: ['Side'] });
    expect(closestFormats(closest)).toMatch(/^Generic \(Tradervue layout\) \(missing Side\)/);
    expect(closestFormats([])).toBe('');
  });
});

describe('symbol aliases and a date and a time in columns of their own', () => {
  it.each([
    ['TradeID,OrderID,B/S,symb,Qty,Price,Time', 'das-executions'],
    ['TradeID,OrderID,B/S,Sym,Qty,Price,Time', 'das-executions'],
    ['Event,B/S,Symb,Shares,Price,Route,Time,Account,Note', 'das-orders'],
    ['Date,Time,Ticker,Quantity,Price,Side', 'tradervue'],
    ['Date,Time,Symb,Quantity,Price,Side,Commission', 'tradervue'],
    ['Trade Date,Execution Time,Symbol,Quantity,Price,Side', 'tradervue'],
    ['Trade Date,Exec Time,Ticker,Quantity,Price,Side,Commission', 'tradervue'],
  ])('%s → %s', (header, id) => {
    expect(detect(`${header}\n`).found?.format.id).toBe(id);
  });

  it('reads a DAS executions export whose symbol column is spelled symb', () => {
    const text =
      'TradeID,OrderID,B/S,symb,Qty,Price,Time\n1,11,B,abcd,100,1.5,09:30:01\n2,12,S,abcd,100,1.6,09:31:00\n';
    const analysis = analyzeFile(text, { date: '2026-03-16' });
    expect(analysis.broker).toBe('das-executions');
    expect(analysis.closed_trades).toHaveLength(1);
    expect(analysis.closed_trades[0]).toMatchObject({ symbol: 'ABCD', gross: '10.0000' });
  });

  it('reads the date and the time of a generic file from separate columns', () => {
    const text = [
      'Trade Date,Execution Time,Symbol,Quantity,Price,Side,Commission',
      '03/16/2026,09:30:01,ABCD,100,1.50,Buy,1',
      '03/16/2026,10:15:30,ABCD,100,1.60,Sell,1',
      // An execution time that carries its own date is read alone.
      '03/17/2026,03/17/2026 09:45:00,EFGH,10,2,Buy,0',
    ].join('\n');
    const analysis = analyzeFile(text);
    expect(analysis.broker).toBe('tradervue');
    expect(analysis.executions.map((e) => e.time)).toEqual([
      '2026-03-16T09:30:01',
      '2026-03-16T10:15:30',
      '2026-03-17T09:45:00',
    ]);
  });
});

describe('the mapping guess of a file with the date and the time apart', () => {
  it.each([
    [
      'Trade Date,Execution Time,Symb,Shares,Fill Price,Action,Comm',
      [],
      'Trade Date',
      'Execution Time',
      'Symb',
    ],
    ['Settle Date,Trade Date,Time,Symbol,Qty,Price', [], 'Trade Date', 'Time', 'Symbol'],
    // The execution time carries its own date: it is the date column, the trade date unused.
    [
      'Execution Time,Trade Date,Stock,Qty,Price,Side',
      [['03/16/2026 09:30:01', '03/16/2026', 'A', '1', '1', 'Buy']],
      'Execution Time',
      null,
      'Stock',
    ],
    ['Exec Time,Settlement Date,Ticker,Qty,Price,Side', [], 'Exec Time', null, 'Ticker'],
  ])('%s', (header, rows, date, time, symbol) => {
    expect(guessMapping(header.split(','), rows)).toMatchObject({ date, time, symbol });
  });

  it('reads the file through that guess', () => {
    const text =
      'Trade Date,Execution Time,Symb,Shares,Fill Price,Action\n03/16/2026,09:30:01,ABCD,100,1.5,Bought\n';
    const header = text.split('\n')[0]?.split(',') ?? [];
    const analysis = analyzeFile(text, { mapping: guessMapping(header) });
    expect(analysis.executions[0]?.time).toBe('2026-03-16T09:30:01');
  });
});

describe('a fee or time column the chosen format does not read is said, not dropped', () => {
  it.each([
    ['Comm/Fee', true],
    ['Commission', true],
    ['Fees ($)', true],
    ['Tax', true],
    ['SEC Fee', true],
    ['TAF', true],
    ['ECN', true],
    ['Exec Time', true],
    ['Execution Time', true],
    ['Time', true],
    ['Time-in-Force', false],
    ['Placed Time', false],
    ['Security Type', false],
    ['Accrued Interest', false],
    ['Symbol', false],
  ])('%s is fee- or time-like: %s', (cell, expected) => {
    expect(feeOrTimeLike(cell)).toBe(expected);
  });

  it.each([
    [
      'Date,Time,Symbol,Quantity,Price,Side,Commission,SEC Fee,Tax\n03/16/2026,09:30:01,ABCD,100,1.5,Buy,1,0.01,0\n',
      'line 1: columns SEC Fee, Tax not read (Generic (Tradervue layout) does not take them): fees or times there are not imported',
    ],
    [
      'Time,Symbol,Side,Price,Qty,Route,Account,ECNFee,Comm\n09:30:01,ABCD,B,1.5,100,ARCA,X,0.1,1\n',
      'line 1: column Comm not read (DAS Trader does not take it): fees or times there are not imported',
    ],
  ])('%s', (text, message) => {
    const warnings = analyzeFile(text, { date: '2026-03-16' }).warnings.map(
      (w) => `line ${w.line}: ${w.message}`,
    );
    expect(warnings).toContain(message);
  });

  it('names none when the format reads them all, nor for a mapped fee column', () => {
    const text = 'Date,Time,Symbol,Quantity,Price,Side,Commission\n03/16/2026,09:30:01,ABCD,100,1.5,Buy,1\n';
    expect(analyzeFile(text).warnings).toEqual([]);
    const mapped = 'When,Ticker,Qty,Fill,Action,Comm\n03/16/2026 09:30,ABCD,100,1.5,Buy,1\n';
    const mapping = guessMapping(['When', 'Ticker', 'Qty', 'Fill', 'Action', 'Comm']);
    expect(mapping.fees).toEqual(['Comm']);
    expect(analyzeFile(mapped, { mapping: { ...mapping, date: 'When', price: 'Fill' } }).warnings).toEqual(
      [],
    );
    expect(
      analyzeFile(mapped, { mapping: { ...mapping, date: 'When', price: 'Fill', fees: [] } }).warnings,
    ).toEqual([
      {
        line: 1,
        message:
          'column Comm not read (Your column mapping does not take it): fees or times there are not imported',
      },
    ]);
  });
});
