import { describe, expect, it } from 'vitest';
import type { BrokerFormat } from '../../functions/_lib/trades/brokers/format.ts';
import { BROKER_FORMATS, detect, onUndeclaredTie } from '../../functions/_lib/trades/brokers/index.ts';
import { sortExecutions } from '../../functions/_lib/trades/executions.ts';
import { analyzeFile } from '../../functions/_lib/trades/import-file.ts';
import { seeded } from '../support/seeded.ts';

/**
 * Every listed format read from its smallest real variant: the fewest columns a real user's file of
 * it has (the public sources in tests/fixtures/brokers/README.md and the research note), or, for an
 * export whose columns are fixed, its one real header — in the date order its users write. Each row's
 * expected fills are worked out by hand from the rows (a date-only file's time is its date).
 */
type Fill = [symbol: string, side: 'buy' | 'sell', qty: number, price: string, time: string];

interface Case {
  format: string;
  variant: string;
  text: string;
  want: Fill[];
  /** The trade date a file without one is read with (DAS). */
  date?: string;
}

const lines = (...rows: string[]) => `${rows.join('\n')}\n`;

/** A wide header's rows written by column name, every other cell empty (Lightspeed's 46 columns). */
function byName(header: string, rows: Record<string, string>[], delimiter = ','): string {
  const names = header.split(delimiter);
  const quoted = (cell: string) => (cell.includes(delimiter) ? `"${cell}"` : cell);
  return lines(header, ...rows.map((row) => names.map((name) => quoted(row[name] ?? '')).join(delimiter)));
}

const LIGHTSPEED =
  'Account Number,Account Type,Side,Symbol,CUSIP,Currency Code,Security Type,Buy/Sell,Trade Date,Settlement Date,Process Date,Price,Qty,Trade Number,Principal Amount,NET Amount,Commission Amount,Execution Time,Raw Exec. Time,Market Code,Trailer,FeeSEC,FeeMF,Fee1,Fee2,Fee3,FeeStamp,FeeTAF,Fee4,Sequence Number,Side Seq Code,Capacity Code,Office Code,Rep Code,Special Code,Instructions Trade Legend Code,Factor Type2,Trade Interest,Original TradeNumber,Entry Time,Entered By,YieldToMature,YieldToCall,Mutual Fund Sales Charge Rate,Mutual Fund Load Indicator,Transtype';
const SCHWAB_REALIZED =
  'Symbol,Name,Closed Date,Opened Date,Quantity,Proceeds Per Share,Cost Per Share,Proceeds,Cost Basis (CB),Gain/Loss ($),Gain/Loss (%),Long Term Gain/Loss,Short Term Gain/Loss,Term,Unadjusted Cost Basis,Wash Sale?,Disallowed Loss,Transaction Closed Date,Transaction Cost Basis,Total Transaction Gain/Loss ($),Total Transaction Gain/Loss (%),LT Transaction Gain/Loss ($),LT Transaction Gain/Loss (%),ST Transaction Gain/Loss ($),ST Transaction Gain/Loss (%)';
const TRADERVUE_TRADES =
  'Open Datetime,Close Datetime,Symbol,Side,Volume,Exec Count,Entry Price,Exit Price,Gross P&L,Gross P&L (%),Shared,Notes,Tags,Gross P&L (t),Net P&L,Commissions,Fees,Initial Risk,P&L (R),Position MFE,Position MAE,Price MFE,Price MAE,Position MFE Datetime,Position MAE Datetime,Price MFE Datetime,Price MAE Datetime,Best Exit P&L,Best Exit Datetime';
const TRADEZERO =
  'Account,T/D,S/D,Currency,Type,Side,Symbol,Qty,Price,Exec Time,Comm,SEC,TAF,NSCC,Nasdaq,ECN Remove,ECN Add,Gross Proceeds,Net Proceeds,Clr Broker,Liq,Note';

const CASES: Case[] = [
  {
    format: 'das',
    variant: 'trades window with every optional column hidden',
    text: lines(
      'Time,Symbol,Side,Price,Qty',
      '09:31:05,HMBL,B,0.0042,1000000',
      '09:40:10,HMBL,S,0.0045,1000000',
    ),
    date: '2026-03-16',
    want: [
      ['HMBL', 'buy', 1000000, '0.0042', '2026-03-16T09:31:05'],
      ['HMBL', 'sell', 1000000, '0.0045', '2026-03-16T09:40:10'],
    ],
  },
  {
    format: 'das-orders',
    variant: 'order log (its one header)',
    text: lines(
      'Event,B/S,Symbol,Shares,Price,Route,Time,Account,Note',
      'Execute,Buy,AITX,500000,0.0061,ARCA,09:35:00,TR1,',
      'Execute,Sell,AITX,500000,0.0064,ARCA,09:58:30,TR1,',
    ),
    date: '2026-03-26',
    want: [
      ['AITX', 'buy', 500000, '0.0061', '2026-03-26T09:35:00'],
      ['AITX', 'sell', 500000, '0.0064', '2026-03-26T09:58:30'],
    ],
  },
  {
    format: 'das-executions',
    variant: 'executions, the columns the detector names',
    text: lines(
      'TradeID,OrderID,B/S,Symbol,Qty,Price,Time',
      '1001,501,B,AITX,500000,0.0061,03/26/26 09:35:00',
      '1002,502,S,AITX,500000,0.0064,03/26/26 09:58:30',
    ),
    want: [
      ['AITX', 'buy', 500000, '0.0061', '2026-03-26T09:35:00'],
      ['AITX', 'sell', 500000, '0.0064', '2026-03-26T09:58:30'],
    ],
  },
  {
    format: 'tradezero',
    variant: 'trades CSV (its one header)',
    text: lines(
      TRADEZERO,
      'TZ1,03/17/2026,03/18/2026,USD,2,SS,ALPP,10000,0.32,10:05:00,0.99,0.03,0.01,0.02,0,0,0,3200.00,3198.95,VIRTU,1,',
      'TZ1,03/17/2026,03/18/2026,USD,2,BC,ALPP,10000,0.30,10:45:00,0.99,0,0,0.02,0,0,0,-3000.00,-3001.01,VIRTU,1,',
    ),
    want: [
      ['ALPP', 'sell', 10000, '0.32', '2026-03-17T10:05:00'],
      ['ALPP', 'buy', 10000, '0.3', '2026-03-17T10:45:00'],
    ],
  },
  {
    format: 'webull',
    variant: 'B/S layout, US dates',
    text: lines(
      'Symbol,B/S,Side Type,Qty,Filled Qty,Filled Avg Price,Filled Time,Status',
      'SNDL,Buy,Long,1000,1000,1.5000,07/20/2026 09:31:02 EDT,Filled',
      'SNDL,Sell,Long,1000,1000,1.5600,07/20/2026 10:02:44 EDT,Filled',
    ),
    want: [
      ['SNDL', 'buy', 1000, '1.5', '2026-07-20T09:31:02'],
      ['SNDL', 'sell', 1000, '1.56', '2026-07-20T10:02:44'],
    ],
  },
  {
    format: 'webull',
    variant: 'B/S layout outside the US: day first (20/07), which settles the 03/08 below it',
    text: lines(
      'Symbol,B/S,Side Type,Qty,Filled Qty,Filled Avg Price,Filled Time,Status',
      'SNDL,Buy,Long,1000,1000,1.5000,20/07/2026 09:31:02 EDT,Filled',
      'SNDL,Sell,Long,1000,1000,1.5600,03/08/2026 10:02:44 EDT,Filled',
    ),
    want: [
      ['SNDL', 'buy', 1000, '1.5', '2026-07-20T09:31:02'],
      ['SNDL', 'sell', 1000, '1.56', '2026-08-03T10:02:44'],
    ],
  },
  {
    format: 'webull-intl',
    variant: 'trade records without a Time column, day first',
    text: lines(
      'Symbol & Name,Trade Date,Settlement Date,Buy/Sell,Quantity,Traded Price,Gross Amount,Comm/Fee/Tax,VAT,Net Amount',
      'SNDL SUNDIAL GROWERS INC,20/07/2026,21/07/2026,BUY,2000,1.5000,3000.00,-1.00,-0.07,3001.07',
      'SNDL SUNDIAL GROWERS INC,21/07/2026,22/07/2026,SELL,2000,1.5600,3120.00,-1.06,-0.08,3118.86',
    ),
    want: [
      ['SNDL', 'buy', 2000, '1.5', '2026-07-20'],
      ['SNDL', 'sell', 2000, '1.56', '2026-07-21'],
    ],
  },
  {
    format: 'tiger',
    variant: 'trade history re-saved outside the US: day first',
    text: lines(
      'Symbol,Name,Currency,Trade Date,Time,Buy/Sell,Quantity,Trade Price,Amount,Comm/Fee/Tax,Realized P/L,Exchange',
      'TLRY,TILRAY BRANDS INC,USD,21/07/2026,09:41:08,BUY,100,5.0059,-500.59,-0.01,0.00,NASDAQ',
      'TLRY,TILRAY BRANDS INC,USD,21/07/2026,10:02:44,SELL,100,5.0118,501.18,-0.01,0.57,NASDAQ',
    ),
    want: [
      ['TLRY', 'buy', 100, '5.0059', '2026-07-21T09:41:08'],
      ['TLRY', 'sell', 100, '5.0118', '2026-07-21T10:02:44'],
    ],
  },
  {
    format: 'ibkr',
    variant: 'Flex query of Symbol, Date/Time, Quantity, Price and charges (side in the sign)',
    text: lines(
      'Symbol,Date/Time,Quantity,Price,Commission,Fees',
      'AITX,20260319;093001,1000000,0.0060,-1.00,-0.10',
      'AITX,20260319;100501,-1000000,0.0066,-1.00,-0.20',
    ),
    want: [
      ['AITX', 'buy', 1000000, '0.006', '2026-03-19T09:30:01'],
      ['AITX', 'sell', 1000000, '0.0066', '2026-03-19T10:05:01'],
    ],
  },
  {
    format: 'ibkr-statement',
    variant: 'the Trades section alone',
    text: lines(
      'Trades,Header,DataDiscriminator,Asset Category,Currency,Symbol,Date/Time,Quantity,T. Price,C. Price,Proceeds,Comm/Fee,Basis,Realized P/L,MTM P/L,Code',
      'Trades,Data,Order,Stocks,USD,AITX,"2026-03-19, 09:30:01",1000000,0.006,0.0061,-6000,-3,6003,0,100,O',
      'Trades,Data,Order,Stocks,USD,AITX,"2026-03-19, 10:05:01",-1000000,0.0066,0.0061,6600,-3,-6003,594,-500,C',
    ),
    want: [
      ['AITX', 'buy', 1000000, '0.006', '2026-03-19T09:30:01'],
      ['AITX', 'sell', 1000000, '0.0066', '2026-03-19T10:05:01'],
    ],
  },
  {
    format: 'ibkr-history',
    variant: 'Transaction History, its ten columns (no Price Currency)',
    text: lines(
      'Statement,Header,Field Name,Field Value',
      'Statement,Data,Title,Transaction History',
      'Summary,Header,Field Name,Field Value',
      'Summary,Data,Base Currency,USD',
      'Transaction History,Header,Date,Account,Description,Transaction Type,Symbol,Quantity,Price,Gross Amount ,Commission,Net Amount',
      'Transaction History,Data,2026-03-20,U***00001,SUNDIAL GROWERS INC,Sell,SNDL,-2000.0,1.45,2900.0,-1.0,2899.0',
      'Transaction History,Data,2026-03-19,U***00001,SUNDIAL GROWERS INC,Buy,SNDL,2000.0,1.4,-2800.0,-1.0,-2801.0',
    ),
    want: [
      ['SNDL', 'buy', 2000, '1.4', '2026-03-19'],
      ['SNDL', 'sell', 2000, '1.45', '2026-03-20'],
    ],
  },
  {
    format: 'ibkr-xml',
    variant: 'Flex XML with the attributes a trade needs',
    text: lines(
      '<FlexQueryResponse><FlexStatements><FlexStatement><Trades>',
      '<Trade symbol="AITX" dateTime="20260319;093001" quantity="1000000" tradePrice="0.006" buySell="BUY" />',
      '<Trade symbol="AITX" dateTime="20260319;100501" quantity="-1000000" tradePrice="0.0066" buySell="SELL" />',
      '</Trades></FlexStatement></FlexStatements></FlexQueryResponse>',
    ),
    want: [
      ['AITX', 'buy', 1000000, '0.006', '2026-03-19T09:30:01'],
      ['AITX', 'sell', 1000000, '0.0066', '2026-03-19T10:05:01'],
    ],
  },
  {
    format: 'thinkorswim',
    variant: 'Account Trade History alone (newest first)',
    text: lines(
      ',Exec Time,Spread,Side,Qty,Pos Effect,Symbol,Exp,Strike,Type,Price,Net Price,Order Type',
      ',7/20/26 10:05:00,STOCK,SELL,-1000,TO CLOSE,SNDL,,,STOCK,1.56,1.56,LMT',
      ',7/20/26 09:35:00,STOCK,BUY,+1000,TO OPEN,SNDL,,,STOCK,1.50,1.50,LMT',
    ),
    want: [
      ['SNDL', 'buy', 1000, '1.5', '2026-07-20T09:35:00'],
      ['SNDL', 'sell', 1000, '1.56', '2026-07-20T10:05:00'],
    ],
  },
  {
    format: 'lightspeed',
    variant: 'web blotter (its 46 columns)',
    text: byName(LIGHTSPEED, [
      {
        'Account Number': '2LD1',
        Symbol: 'AITX',
        'Buy/Sell': 'Long Buy',
        'Trade Date': '03/23/2026',
        Price: '.0060',
        Qty: '1000000',
        'Execution Time': '09:32',
        'Raw Exec. Time': '03/23/2026 09:32:00',
      },
      {
        'Account Number': '2LD1',
        Symbol: 'AITX',
        'Buy/Sell': 'Long Sell',
        'Trade Date': '03/23/2026',
        Price: '.0062',
        Qty: '-1000000',
        'Execution Time': '09:48',
        'Raw Exec. Time': '03/23/2026 09:48:00',
      },
    ]),
    want: [
      ['AITX', 'buy', 1000000, '0.006', '2026-03-23T09:32:00'],
      ['AITX', 'sell', 1000000, '0.0062', '2026-03-23T09:48:00'],
    ],
  },
  {
    format: 'schwab',
    variant: 'transactions (its one header)',
    text: lines(
      '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"',
      '"03/25/2026","Sell","TSNP","TESORO ENTERPRISES INC","400,000","$0.0251","$0.02","$10,039.98"',
      '"03/24/2026","Buy","TSNP","TESORO ENTERPRISES INC","400,000","$0.0246","","-$9,840.00"',
    ),
    want: [
      ['TSNP', 'buy', 400000, '0.0246', '2026-03-24'],
      ['TSNP', 'sell', 400000, '0.0251', '2026-03-25'],
    ],
  },
  {
    format: 'schwab-realized',
    variant: 'realized gain/loss, lot details',
    text: byName(SCHWAB_REALIZED, [
      {
        Symbol: 'SNDL',
        Name: 'SUNDIAL GROWERS INC',
        'Closed Date': '07/21/2026',
        'Opened Date': '07/20/2026',
        Quantity: '1000',
        Proceeds: '$1,560.00',
        'Cost Basis (CB)': '$1,500.00',
        'Gain/Loss ($)': '$60.00',
      },
    ]),
    want: [
      ['SNDL', 'buy', 1000, '1.5', '2026-07-20'],
      ['SNDL', 'sell', 1000, '1.56', '2026-07-21'],
    ],
  },
  {
    format: 'fidelity',
    variant: 'accounts history, the older twelve columns (F1)',
    text: lines(
      'Run Date,Action,Symbol,Security Description,Security Type,Quantity,Price ($),Commission ($),Fees ($),Accrued Interest ($),Amount ($),Settlement Date',
      '03/25/2026, YOU SOLD HUMBL INC (HMBL) (Cash), HMBL, HUMBL INC,Cash,-500000,0.0058,,0.02,,2899.98,03/26/2026',
      '03/24/2026, YOU BOUGHT HUMBL INC (HMBL) (Cash), HMBL, HUMBL INC,Cash,500000,0.0052,,,,-2600,03/25/2026',
    ),
    want: [
      ['HMBL', 'buy', 500000, '0.0052', '2026-03-24'],
      ['HMBL', 'sell', 500000, '0.0058', '2026-03-25'],
    ],
  },
  {
    format: 'etrade',
    variant: 'DownloadTxnHistory.csv, header without its preamble',
    text: lines(
      'Activity/Trade Date,Transaction Date,Settlement Date,Activity Type,Description,Symbol,Cusip,Quantity #,Price $,Amount $,Commission,Category,Note',
      '03/25/26,03/25/26,03/26/26,Sold,ENZON PHARMACEUTICALS,ENZC,--,-2000000.0,0.0013,2599.95,0.0,--,--',
      '03/24/26,03/24/26,03/25/26,Bought,ENZON PHARMACEUTICALS,ENZC,--,2000000.0,0.0011,-2200.0,0.0,--,--',
    ),
    want: [
      ['ENZC', 'buy', 2000000, '0.0011', '2026-03-24'],
      ['ENZC', 'sell', 2000000, '0.0013', '2026-03-25'],
    ],
  },
  {
    format: 'etrade-legacy',
    variant: 'older transaction history',
    text: lines(
      'TransactionDate,TransactionType,SecurityType,Symbol,Quantity,Amount,Price,Commission,Description',
      '03/25/26,Sold,EQ,ALPP,-1000,1540.0,1.54,0.0,ALPINE 4 HOLDINGS',
      '03/24/26,Bought,EQ,ALPP,1000,-1150.0,1.15,0.0,ALPINE 4 HOLDINGS',
    ),
    want: [
      ['ALPP', 'buy', 1000, '1.15', '2026-03-24'],
      ['ALPP', 'sell', 1000, '1.54', '2026-03-25'],
    ],
  },
  {
    format: 'robinhood',
    variant: 'activity report (its one header)',
    text: lines(
      '"Activity Date","Process Date","Settle Date","Instrument","Description","Trans Code","Quantity","Price","Amount"',
      '"3/31/2026","3/31/2026","4/1/2026","SNDL","Sundial Growers","Sell","1000","$1.60","$1,600.00"',
      '"3/30/2026","3/30/2026","3/31/2026","SNDL","Sundial Growers","Buy","1000","$1.50","($1,500.00)"',
    ),
    want: [
      ['SNDL', 'buy', 1000, '1.5', '2026-03-30'],
      ['SNDL', 'sell', 1000, '1.6', '2026-03-31'],
    ],
  },
  {
    format: 'firstrade',
    variant: 'account history (its one header), padded cells',
    text: lines(
      'Symbol,Quantity,Price,Action,Description,TradeDate,SettledDate,Interest,Amount,Commission,Fee,CUSIP,RecordType',
      'DPLS        ,2000000.00,0.0021,BUY,DARKPULSE INC      ,2026-03-26,2026-03-27,0.00,-4200.00,0.00,0.00,23725X108,Trade',
      'DPLS        ,-2000000.00,0.0023,SELL,DARKPULSE INC      ,2026-03-27,2026-03-30,0.00,4599.95,0.00,0.05,23725X108,Trade',
    ),
    want: [
      ['DPLS', 'buy', 2000000, '0.0021', '2026-03-26'],
      ['DPLS', 'sell', 2000000, '0.0023', '2026-03-27'],
    ],
  },
  {
    format: 'tastytrade',
    variant: 'transactions, the twenty columns without Total',
    text: lines(
      'Date,Type,Sub Type,Action,Symbol,Instrument Type,Description,Value,Quantity,Average Price,Commissions,Fees,Multiplier,Root Symbol,Underlying Symbol,Expiration Date,Strike Price,Call or Put,Order #,Currency',
      '2026-03-27T15:45:00-0400,Trade,Sell to Close,SELL_TO_CLOSE,TLRY,Equity,Sold 100 TLRY @ 5.20,520.00,100,5.20,0.00,-0.14,1,TLRY,--,--,--,--,405,USD',
      '2026-03-27T10:30:00-0400,Trade,Buy to Open,BUY_TO_OPEN,TLRY,Equity,Bought 100 TLRY @ 5.00,-500.00,100,-5.00,-1.00,0.00,1,TLRY,--,--,--,--,404,USD',
    ),
    want: [
      ['TLRY', 'buy', 100, '5', '2026-03-27T10:30:00'],
      ['TLRY', 'sell', 100, '5.2', '2026-03-27T15:45:00'],
    ],
  },
  {
    format: 'tastytrade',
    variant: 'tastyworks history, its fifteen columns (newest first)',
    text: lines(
      'Date/Time,Transaction Code,Transaction Subcode,Symbol,Buy/Sell,Open/Close,Quantity,Expiration Date,Strike,Call/Put,Price,Fees,Amount,Description,Account Reference',
      '03/27/2026 3:45 PM,Trade,Sell to Close,TLRY,Sell,Close,100,,,,5.20,0.14,519.86,Sold 100 TLRY @ 5.20,Individual XXX39',
      '03/27/2026 10:30 AM,Trade,Buy to Open,TLRY,Buy,Open,100,,,,5.00,1.00,-501.00,Bought 100 TLRY @ 5.00,Individual XXX39',
    ),
    want: [
      ['TLRY', 'buy', 100, '5', '2026-03-27T10:30:00'],
      ['TLRY', 'sell', 100, '5.2', '2026-03-27T15:45:00'],
    ],
  },
  {
    format: 'questrade',
    variant: 'activities saved as CSV (its one header)',
    text: lines(
      'Transaction Date,Settlement Date,Action,Symbol,Description,Quantity,Price,Gross Amount,Commission,Net Amount,Currency,Account #,Activity Type,Account Type',
      '2026-03-26 12:00:00 AM,2026-03-27 12:00:00 AM,Buy,WEED.TO,CANOPY GROWTH CORP,1000,1.50,-1500.00,-4.95,-1504.95,CAD,51234567,Trades,Individual margin',
      '2026-03-27 12:00:00 AM,2026-03-30 12:00:00 AM,Sell,WEED.TO,CANOPY GROWTH CORP,-1000,1.65,1650.00,-4.95,1645.05,CAD,51234567,Trades,Individual margin',
    ),
    want: [
      ['WEED.TO', 'buy', 1000, '1.5', '2026-03-26'],
      ['WEED.TO', 'sell', 1000, '1.65', '2026-03-27'],
    ],
  },
  {
    format: 'questrade',
    variant: 'activities re-saved in Canada: day first (27/03), which settles the 03/04 below it',
    text: lines(
      'Transaction Date,Settlement Date,Action,Symbol,Description,Quantity,Price,Gross Amount,Commission,Net Amount,Currency,Account #,Activity Type,Account Type',
      '27/03/2026,30/03/2026,Buy,WEED.TO,CANOPY GROWTH CORP,1000,1.50,-1500.00,-4.95,-1504.95,CAD,51234567,Trades,Individual margin',
      '03/04/2026,07/04/2026,Sell,WEED.TO,CANOPY GROWTH CORP,-1000,1.65,1650.00,-4.95,1645.05,CAD,51234567,Trades,Individual margin',
    ),
    want: [
      ['WEED.TO', 'buy', 1000, '1.5', '2026-03-27'],
      ['WEED.TO', 'sell', 1000, '1.65', '2026-04-03'],
    ],
  },
  {
    format: 'questrade-fills',
    variant: 'Edge executions with day.month.year times and their offset',
    text: lines(
      'Symbol,Action,Fill qty,Fill price,Currency,Exec time,Total value,Time placed,Option,Strategy,Commission,Account',
      'SNDL,Buy,1000,1.40,USD,20.07.2026 15:30:00 UTC+02,1400.00,20.07.2026 15:29:41 UTC+02,,,4.95,51234567 - Individual margin',
      'SNDL,Sell,1000,1.50,USD,20.07.2026 16:30:00 UTC+02,1500.00,20.07.2026 16:29:50 UTC+02,,,4.95,51234567 - Individual margin',
    ),
    want: [
      ['SNDL', 'buy', 1000, '1.4', '2026-07-20T15:30:00'],
      ['SNDL', 'sell', 1000, '1.5', '2026-07-20T16:30:00'],
    ],
  },
  {
    format: 'moomoo',
    variant: 'order history, the nine-column quoted header',
    text: lines(
      '"Side","Symbol","Name","Order Price","Order Qty","Order Amount","Status","Filled@Avg Price","Order Time"',
      '"Buy","US.AITX","Artificial Intelligence","0.0060","1000000","6000.00","Filled","1000000@0.0060","Mar 26, 2026 09:31:00 ET"',
      '"Sell","US.AITX","Artificial Intelligence","0.0064","1000000","6400.00","Filled","1000000@0.0064","Mar 26, 2026 10:12:30 ET"',
    ),
    want: [
      ['AITX', 'buy', 1000000, '0.006', '2026-03-26T09:31:00'],
      ['AITX', 'sell', 1000000, '0.0064', '2026-03-26T10:12:30'],
    ],
  },
  {
    format: 'vanguard',
    variant: 'OfxDownload.csv, the transactions table alone',
    text: lines(
      'Account Number,Trade Date,Settlement Date,Transaction Type,Transaction Description,Investment Name,Symbol,Shares,Share Price,Principal Amount,Commission Fees,Net Amount,Accrued Interest,Account Type,',
      '12345678,03/25/2026,03/26/2026,Sell,Sell,SUNDIAL GROWERS INC,SNDL,-1000,1.4,1400,0.02,1399.98,0,CASH,',
      '12345678,03/24/2026,03/25/2026,Buy,Buy,SUNDIAL GROWERS INC,SNDL,1000,1.5,-1500,0,-1500,0,CASH,',
    ),
    want: [
      ['SNDL', 'buy', 1000, '1.5', '2026-03-24'],
      ['SNDL', 'sell', 1000, '1.4', '2026-03-25'],
    ],
  },
  {
    format: 'tradestation',
    variant: 'TradeManager filled orders, the columns TradeNote reads (tabs)',
    text: lines(
      'Account\tEntered\tOrder Status\tContract Exp Date\tType\tSymbol\tQty Filled\tFilled Price\tCommission',
      '11223344\t3/26/26 9:41:05 AM\tFilled\t\tBuy\tHMBL\t1,000,000\t0.0041\t$1.00',
      '11223344\t3/26/26 2:15:30 PM\tFilled\t\tSell\tHMBL\t1,000,000\t0.0045\t$1.00',
    ),
    want: [
      ['HMBL', 'buy', 1000000, '0.0041', '2026-03-26T09:41:05'],
      ['HMBL', 'sell', 1000000, '0.0045', '2026-03-26T14:15:30'],
    ],
  },
  {
    format: 'tradervue-trades',
    variant: 'trades list export (its one header)',
    text: byName(TRADERVUE_TRADES, [
      {
        'Open Datetime': '2026-03-16 09:45:12',
        'Close Datetime': '2026-03-16 10:20:30',
        Symbol: 'HMBL',
        Side: 'L',
        Volume: '2000000',
        'Exec Count': '2',
        'Entry Price': '0.0042',
        'Exit Price': '0.0046',
        'Gross P&L': '400.00',
      },
    ]),
    want: [
      ['HMBL', 'buy', 1000000, '0.0042', '2026-03-16T09:45:12'],
      ['HMBL', 'sell', 1000000, '0.0046', '2026-03-16T10:20:30'],
    ],
  },
  {
    format: 'tradervue',
    variant: 'the documented template, six columns',
    text: lines(
      'Date,Time,Symbol,Quantity,Price,Side',
      '03/26/2026,09:31:00,AITX,500000,0.0060,Buy',
      '03/26/2026,09:45:00,AITX,-500000,0.0065,',
    ),
    want: [
      ['AITX', 'buy', 500000, '0.006', '2026-03-26T09:31:00'],
      ['AITX', 'sell', 500000, '0.0065', '2026-03-26T09:45:00'],
    ],
  },
  {
    format: 'tradervue',
    variant: 'a journal sheet: Trade Date, Execution Time, Ticker, Shares, Fill Price, Action',
    text: lines(
      'Trade Date,Execution Time,Ticker,Shares,Fill Price,Action,Commission',
      '2026-03-26,09:31:00,AITX,500000,0.0060,Buy,1.00',
      '2026-03-26,09:45:00,AITX,500000,0.0065,Sell,1.00',
    ),
    want: [
      ['AITX', 'buy', 500000, '0.006', '2026-03-26T09:31:00'],
      ['AITX', 'sell', 500000, '0.0065', '2026-03-26T09:45:00'],
    ],
  },
  {
    format: 'tradervue',
    variant: 'a journal sheet: Qty and Buy/Sell',
    text: lines(
      'Date,Time,Symbol,Qty,Price,Buy/Sell',
      '03/26/2026,09:31:00,AITX,500000,0.0060,BUY',
      '03/26/2026,09:45:00,AITX,500000,0.0065,SELL',
    ),
    want: [
      ['AITX', 'buy', 500000, '0.006', '2026-03-26T09:31:00'],
      ['AITX', 'sell', 500000, '0.0065', '2026-03-26T09:45:00'],
    ],
  },
];

/** The fills in the order the matcher takes them (by time, opening first): files list newest first too. */
const fills = (text: string, date?: string) =>
  sortExecutions(analyzeFile(text, date ? { date } : {}).executions).map(
    (e): Fill => [e.symbol, e.side, Number(e.qty), e.price, e.time],
  );

/** A seeded shuffle of the registry, as the precedence test does. */
function shuffled(seed: number): BrokerFormat[] {
  const { next } = seeded(seed);
  const out: BrokerFormat[] = [...BROKER_FORMATS];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as BrokerFormat, out[i] as BrokerFormat];
  }
  return out;
}

describe('every listed format reads its smallest real variant', () => {
  it('has a case for every format of the registry', () => {
    const covered = new Set(CASES.map((c) => c.format));
    expect(BROKER_FORMATS.map((format) => format.id).filter((id) => !covered.has(id))).toEqual([]);
  });

  it.each(CASES.map((c) => [`${c.format}: ${c.variant}`, c] as const))('%s', (_name, c) => {
    const result = analyzeFile(c.text, c.date ? { date: c.date } : {});
    expect(result.broker).toBe(c.format);
    expect(result.rejected).toEqual([]);
    expect(fills(c.text, c.date)).toEqual(c.want);
  });

  it.each(CASES.map((c) => [`${c.format}: ${c.variant}`, c] as const))(
    '%s is found whatever the registry order, with no undeclared tie',
    (_name, c) => {
      const ties: string[] = [];
      onUndeclaredTie((a, b) => ties.push(`${a} / ${b}`));
      try {
        for (const formats of [[...BROKER_FORMATS].reverse(), shuffled(1), shuffled(2), shuffled(3)])
          expect(detect(c.text, formats).found?.format.id).toBe(c.format);
      } finally {
        onUndeclaredTie(null);
      }
      expect(ties).toEqual([]);
    },
  );
});

describe('what the minimal variants read beyond their fills', () => {
  it('an IBKR Flex query without Buy/Sell: fees are −(Commission + Fees), each row its own', () => {
    const text = CASES.find((c) => c.format === 'ibkr')?.text ?? '';
    // −(−1.00 + −0.10) = 1.10 on the buy, −(−1.00 + −0.20) = 1.20 on the sell.
    expect(analyzeFile(text).executions.map((e) => [e.side, e.fees])).toEqual([
      ['buy', '1.1'],
      ['sell', '1.2'],
    ]);
  });

  it('a bare Symbol, Date, Quantity, Price sheet is no Flex query: it is offered for mapping', () => {
    const text = lines('Symbol,Date,Quantity,Price', 'AITX,2026-03-19,1000000,0.006');
    expect(detect(text).found).toBeNull();
  });

  it('the tastyworks history: Open/Close gives the intent, Fees are a positive charge', () => {
    const text = CASES.find((c) => c.variant.startsWith('tastyworks'))?.text ?? '';
    expect(sortExecutions(analyzeFile(text).executions).map((e) => [e.side, e.intent, e.fees])).toEqual([
      ['buy', 'open', '1'],
      ['sell', 'close', '0.14'],
    ]);
  });
});

describe('the order of numeric dates, decided for the whole file', () => {
  const webull = (first: string, second: string) =>
    lines(
      'Symbol,B/S,Side Type,Qty,Filled Qty,Filled Avg Price,Filled Time,Status',
      `SNDL,Buy,Long,1000,1000,1.50,${first} 09:31:02 EDT,Filled`,
      `SNDL,Sell,Long,1000,1000,1.56,${second} 10:02:44 EDT,Filled`,
    );
  const days = (text: string) => analyzeFile(text).executions.map((e) => e.time.slice(0, 10));

  it('dots are day first whatever the format documents', () => {
    expect(days(webull('03.04.2026', '03.04.2026'))).toEqual(['2026-04-03', '2026-04-03']);
  });

  it('every date ambiguous: the documented order, month first for Webull, day first for its statements', () => {
    expect(days(webull('03/04/2026', '03/04/2026'))).toEqual(['2026-03-04', '2026-03-04']);
    const intl = lines(
      'Symbol & Name,Trade Date,Settlement Date,Buy/Sell,Quantity,Traded Price',
      'SNDL SUNDIAL GROWERS INC,03/04/2026,06/04/2026,BUY,2000,1.50',
    );
    expect(days(intl)).toEqual(['2026-04-03']);
  });

  it('one unambiguous date settles the others, either way round', () => {
    expect(days(webull('07/21/2026', '03/04/2026'))).toEqual(['2026-07-21', '2026-03-04']);
    expect(days(webull('21/07/2026', '03/04/2026'))).toEqual(['2026-07-21', '2026-04-03']);
  });

  it('dates that contradict each other: the documented order, and what it cannot read is rejected', () => {
    const result = analyzeFile(webull('07/21/2026', '21/07/2026'));
    expect(result.executions.map((e) => e.time.slice(0, 10))).toEqual(['2026-07-21']);
    expect(result.rejected.map((row) => row.line)).toEqual([3]);
  });
});
