import { describe, expect, it } from 'vitest';
import { valueParts } from '../../functions/_lib/trades/brokers/closed-trades.ts';
import { detect, detectBroker } from '../../functions/_lib/trades/brokers/index.ts';
import { analyzeFile } from '../../functions/_lib/trades/import-file.ts';
import { toDecimal } from '../../functions/_lib/trades/money.ts';

/**
 * Exports of closed trades (Schwab realized lots, Tradervue's trade list), thinkorswim's sections
 * read alone and Questrade Edge fills with offsets: what the fixtures do not pin.
 */

const sum = (parts: { qty: string; price: string }[]) =>
  parts.reduce((total, part) => total.plus(toDecimal(part.price).times(part.qty)), toDecimal(0)).toFixed();

describe('valueParts: fills whose total is a value to the cent', () => {
  it.each([
    ['512.40', 120, 1],
    ['4206.95', 1_000_000, 1],
    ['100.00', 3, 2],
    ['1656.95', 1_500_000, 2],
    ['0.01', 7, 2],
    ['42', 1, 1],
  ])('%s over %i shares: %i fill(s), same total, same shares', (value, qty, fills) => {
    const parts = valueParts(toDecimal(value), String(qty));
    expect(parts).toHaveLength(fills);
    expect(sum(parts)).toBe(toDecimal(value).toFixed());
    expect(parts.reduce((n, part) => n + Number(part.qty), 0)).toBe(qty);
    for (const part of parts) expect(toDecimal(part.price).gt(0)).toBe(true);
  });
});

const SCHWAB_HEADER =
  '"Symbol","Name","Closed Date","Opened Date","Quantity","Proceeds Per Share","Cost Per Share","Proceeds","Cost Basis (CB)","Gain/Loss ($)","Gain/Loss (%)","Long Term Gain/Loss","Short Term Gain/Loss","Term","Unadjusted Cost Basis","Wash Sale?","Disallowed Loss"';

describe('Schwab realized gain/loss', () => {
  it('reads a lot closed before it opened as a short sale covered later', () => {
    const text = `${SCHWAB_HEADER}\n"MULN","MULLEN","03/02/2026","03/04/2026","1,000","$0.20","$0.15","$200.00","$150.00","$50.00","33.3%","","$50.00","Short Term","$150.00","No",""\n`;
    const result = analyzeFile(text);
    expect(result.broker).toBe('schwab-realized');
    expect(result.closed_trades).toMatchObject([
      {
        symbol: 'MULN',
        side: 'short',
        shares: '1000',
        entry: '2026-03-02',
        exit: '2026-03-04',
        gross: '50.0000',
      },
    ]);
  });

  it('counts two lots alike in every column as two', () => {
    const lot =
      '"SNDL","SNDL INC","03/10/2026","03/09/2026","100","$1.50","$1.40","$150.00","$140.00","$10.00","7%","","$10.00","Short Term","$140.00","No",""';
    const result = analyzeFile(`${SCHWAB_HEADER}\n${lot}\n${lot}\n`);
    expect(result.executions).toHaveLength(4);
    expect(result.totals.USD?.gross).toBe('20.0000');
  });

  it('names Opened Date when the summary layout (without it) is given', () => {
    const found = detect(
      'Symbol,Name,Closed Date,Quantity,Closing Price,Cost Basis Method,Proceeds,Cost Basis (CB),Total Gain/Loss ($),Wash Sale?,Disallowed Loss\n',
    );
    expect(found.found).toBeNull();
    expect(found.nearest?.format.id).toBe('schwab-realized');
    expect(found.nearest?.missing).toEqual(['Opened Date']);
  });
});

const TRADERVUE_HEADER =
  'Open Datetime,Close Datetime,Symbol,Side,Volume,Exec Count,Entry Price,Exit Price,Gross P&L,Gross P&L (%),Shared,Notes,Tags,Gross P&L (t),Net P&L,Commissions,Fees';

describe('Tradervue trades export', () => {
  it('takes Volume as the size when the gross says so', () => {
    const text = `${TRADERVUE_HEADER}\n2026-03-16 09:45:12,2026-03-16 10:20:30,HMBL,Long,1000000,2,0.0042,0.0046,400.00,9.52,false,,,400.00,400.00,0,0\n`;
    expect(analyzeFile(text).closed_trades).toMatchObject([{ shares: '1000000', gross: '400.0000' }]);
  });

  it('keeps the gross of the file when the printed prices are rounded averages', () => {
    const text = `${TRADERVUE_HEADER}\n2026-03-17 09:31:00,2026-03-17 09:58:00,MULN,S,6,2,1.0001,0.9,0.33,0,false,,,0.33,0.33,0,0\n`;
    const [trade] = analyzeFile(text).closed_trades;
    expect(trade).toMatchObject({ side: 'short', shares: '3', gross: '0.3300' });
  });

  it('is told apart from the generic import layout of Tradervue', () => {
    expect(detectBroker(TRADERVUE_HEADER.split(','))).toBe('tradervue-trades');
    expect(detectBroker(['Date', 'Time', 'Symbol', 'Quantity', 'Price', 'Side'])).toBe('tradervue');
  });
});

describe('thinkorswim sections read alone', () => {
  const CASH = 'DATE,TIME,TYPE,REF #,DESCRIPTION,Misc Fees,Commissions & Fees,AMOUNT,BALANCE';

  it('reads the Cash Balance block of a statement when its Trade History is missing', () => {
    const text = `Account Statement for 123456789 (Individual) since 3/23/26 through 3/23/26\n\nCash Balance\n${CASH}\n3/23/26,09:31:05,TRD,1,"BOT +1,000 ENZC @.0011",,-6.95,-8.05,1.00\n3/23/26,09:40:00,TRD,2,"SOLD -1,000 ENZC @.0015",-0.01,-6.95,-5.46,1.00\n\nProfits and Losses\nSymbol,Description\nENZC,ENZOLYTICS\n`;
    const result = analyzeFile(text);
    expect(result.broker).toBe('thinkorswim');
    expect(result.executions.map((e) => [e.account, e.side, e.price, e.fees])).toEqual([
      ['123456789', 'buy', '0.0011', '6.95'],
      ['123456789', 'sell', '0.0015', '6.96'],
    ]);
    expect(result.rejected).toEqual([]);
  });

  it('does not take a line of prose quoting a header for one', () => {
    expect(detectBroker(`The Cash Balance (\`${CASH}\`) holds the fees.\n`)).toBeNull();
  });
});

describe('Questrade Edge fills', () => {
  const HEADER =
    'Symbol,Action,Fill qty,Fill price,Currency,Exec time,Total value,Time placed,Option,Strategy,Commission,Account';

  it('places a fill by its UTC offset, and in the file’s zone without one', () => {
    const text = `${HEADER}\nSNDL,Buy,100,1.40,USD,30 Mar 2026 09:58:00 PM UTC+02,140.00,,,,-4.95,51234567 - Margin\nSNDL,Sell,100,1.45,USD,31 Mar 2026 03:58:00 PM,145.00,,,,-4.95,51234567 - Margin\n`;
    const [buy, sell] = analyzeFile(text).executions;
    expect(buy).toMatchObject({ time: '2026-03-30T21:58:00', epochMs: Date.parse('2026-03-30T19:58:00Z') });
    expect(sell).toMatchObject({ time: '2026-03-31T15:58:00', epochMs: Date.parse('2026-03-31T19:58:00Z') });
    expect([buy?.fees, sell?.fees, buy?.account]).toEqual(['4.95', '4.95', '51234567']);
  });
});
