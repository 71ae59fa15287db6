import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectBroker } from '../../functions/_lib/trades/brokers/index.ts';
import { analyzeFile } from '../../functions/_lib/trades/import-file.ts';

const DIR = new URL('../fixtures/brokers/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, DIR), 'utf8');

/** A Transaction History report: the preamble of a real one, a base currency, then these rows. */
function report(base: string, header: string, ...rows: string[]): string {
  return [
    'Statement,Header,Field Name,Field Value',
    'Statement,Data,Title,Transaction History',
    'Summary,Header,Field Name,Field Value',
    `Summary,Data,Base Currency,${base}`,
    `Transaction History,Header,${header}`,
    ...rows.map((row) => `Transaction History,Data,${row}`),
    '',
  ].join('\n');
}

const SHORT_HEADER =
  'Date,Account,Description,Transaction Type,Symbol,Quantity,Price,Price Currency,Gross Amount,Commission,Net Amount';
const FULL_HEADER = `${SHORT_HEADER},Sub Type,Exchange Rate,Transaction Fees,Multiplier`;

describe('IBKR Transaction History', () => {
  it('is told apart from the Activity Statement, whose first line it shares', () => {
    expect(detectBroker(fixture('ibkr-history.csv'))).toBe('ibkr-history');
    expect(detectBroker(fixture('ibkr-statement.csv'))).toBe('ibkr-statement');
  });

  it('reads Buy and Sell rows: fees −Commission, the Net Amount kept, a CAD commission converted', () => {
    const result = analyzeFile(fixture('ibkr-history.csv'));
    expect(
      result.executions.map((e) => [e.line, e.symbol, e.side, e.currency, e.fees, e.amount, e.amountFees]),
    ).toEqual([
      // −0.74 USD ÷ 0.74 USD per CAD = 1 CAD; −0.73 ÷ 0.73 = 1. USD amounts are not in CAD: none kept.
      [11, 'WEED', 'sell', 'CAD', '1', undefined, undefined],
      [12, 'WEED', 'buy', 'CAD', '1', undefined, undefined],
      [14, 'SNDL', 'buy', 'USD', '1', '-2801', 'net'],
      [15, 'AITX', 'sell', 'USD', '3.05', '6596.95', 'net'],
      [16, 'AITX', 'buy', 'USD', '3', '-6003', 'net'],
    ]);
    expect(result.rejected).toEqual([
      { line: 13, reason: 'not a trade: Forex Trade Component' },
      { line: 17, reason: 'not a trade: Other Fee' },
      { line: 18, reason: 'not a trade: Deposit' },
    ]);
    expect(result.warnings).toContainEqual({
      line: 10,
      message:
        "Commission is in the account's base currency (USD): converted into each trade's currency by its Exchange Rate",
    });
  });

  it('without an Exchange Rate, converts by the rate its own Gross Amount implies', () => {
    const text = report(
      'EUR',
      SHORT_HEADER,
      // 100 × 10.00 USD = 1,000 USD; Gross −850.0 EUR: 0.85 EUR per USD; −1.7 EUR ÷ 0.85 = 2 USD.
      '2026-03-19,U1,EXAMPLE CORP,Buy,EXM,100.0,10.0,USD,-850.0,-1.7,-851.7',
    );
    expect(analyzeFile(text).executions.map((e) => [e.currency, e.fees, e.amount])).toEqual([
      ['USD', '2', undefined],
    ]);
  });

  it('a row with Transaction Fees keeps its Gross Amount (fees apart) and counts them as fees', () => {
    const text = report(
      'USD',
      FULL_HEADER,
      // fees = −(−1.0 + −0.05) = 1.05; Gross −1,400.0 = 1,000 × 1.40, before any fee.
      '2026-03-19,U1,SUNDIAL GROWERS INC,Buy,SNDL,1000.0,1.4,USD,-1400.0,-1.0,-1401.0,-,1.0,-0.05,1.0',
    );
    expect(analyzeFile(text).executions.map((e) => [e.fees, e.amount, e.amountFees])).toEqual([
      ['1.05', '-1400', 'gross'],
    ]);
  });

  it('lists contracts and contradictions as not imported, and passes over total lines', () => {
    const text = report(
      'USD',
      FULL_HEADER,
      '2026-03-19,U1,SUNDIAL GROWERS INC,Buy,SNDL,1000.0,1.4,USD,-1400.0,-1.0,-1401.0,-,1.0,-,1.0',
      '2026-03-19,U1,SPY 20MAR26 560 C,Buy,SPY 260320C00560000,1.0,2.15,USD,-215.0,-0.65,-215.65,-,1.0,-,100.0',
      '2026-03-20,U1,SUNDIAL GROWERS INC,Buy,SNDL,-1000.0,1.5,USD,1500.0,-1.0,1499.0,-,1.0,-,1.0',
      'Total,,,,,,,,-115.0,-2.65,-117.65,,,,',
    );
    const result = analyzeFile(text);
    expect(result.executions.map((e) => e.line)).toEqual([6]);
    expect(result.rejected).toEqual([
      { line: 7, reason: 'Multiplier 100: a contract (option or future), not shares' },
      { line: 8, reason: 'Transaction Type Buy with a negative Quantity "-1000.0"' },
    ]);
  });
});
