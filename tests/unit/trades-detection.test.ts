import { describe, expect, it } from 'vitest';
import { detect, detectBroker } from '../../functions/_lib/trades/brokers/index.ts';

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
