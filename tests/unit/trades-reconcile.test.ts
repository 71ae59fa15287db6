import { describe, expect, it } from 'vitest';
import { amountGap } from '../../functions/_lib/trades/brokers/reconcile.ts';
import type { Execution } from '../../functions/_lib/trades/executions.ts';
import { analyzeFile } from '../../functions/_lib/trades/import-file.ts';
import { fill } from '../support/trades.ts';

// Each row checked against its own money: quantity × price ± fees must come to the row's amount within
// the file's own rounding, else the row is not imported and both figures are shown.

const row = (fields: Partial<Execution> & Pick<Execution, 'side' | 'qty' | 'price'>): Execution => ({
  ...fill({ time: '2026-03-09T10:00:00', side: fields.side, qty: fields.qty, price: fields.price }, 7),
  ...fields,
});

describe('amountGap', () => {
  it.each([
    // qty, price, fees, amount, how fees enter: all agree (hand-worked).
    ['buy', '1000', '1.5', '0', '($1,500.00)', undefined],
    ['buy', '1000', '1.5', '0.99', '-1500.99', 'net'],
    ['sell', '1000', '1.5', '0.99', '1499.01', 'net'],
    ['sell', '1000', '1.5', '0.99', '1500.00', 'gross'],
    // A price printed to 4 decimals of an average: 2,000,000 × half a step (0.00005) = 100 of slack.
    ['buy', '2000000', '0.0044', '0', '8,845.00', undefined],
    // The amount's own rounding: 333 × 0.0333 = 11.0889, printed 11.09.
    ['sell', '333', '0.0333', '0', '11.09', undefined],
    // Fractional shares: 2.5 × 190.12 = 475.30.
    ['buy', '2.5', '190.12', '0', '-475.30', undefined],
    // A sale net of the SEC fee and FINRA's TAF the row does not list (Robinhood): 200 × 25.10 = 5,020.00,
    // less 0.14 SEC and 0.04 TAF.
    ['sell', '200', '25.10', '0', '5019.82', undefined],
    // A penny stock's TAF hits its cap: 1,000,000 × 0.0052 = 5,200.00, less 8.30 TAF and 0.15 SEC.
    ['sell', '1000000', '0.0052', '0', '5191.55', undefined],
  ] as const)('%s %s @ %s, fees %s: %s agrees', (side, qty, price, fees, amount, amountFees) => {
    const execution = row({ side, qty, price, fees, amount, ...(amountFees ? { amountFees } : {}) });
    expect(amountGap(execution)).toBeNull();
  });

  it('says nothing for a row without an amount', () => {
    expect(amountGap(row({ side: 'buy', qty: '10', price: '1' }))).toBeNull();
  });

  it('gives both figures when they disagree beyond the rounding', () => {
    // 1,000 × 1.50 = 1,500.00, the row says 1,600.00.
    expect(amountGap(row({ side: 'buy', qty: '1000', price: '1.50', amount: '-1600.00' }))).toEqual({
      line: 7,
      stated: '-1600.00',
      computed: '1500',
      cause: null,
    });
  });

  it('names an option when the amount is 100 × quantity × price (contracts of 100 shares)', () => {
    // 2 contracts at 4.10: 820.00 + 1.30 fees.
    const gap = amountGap(row({ side: 'buy', qty: '2', price: '4.10', fees: '1.30', amount: '-821.30' }));
    expect(gap).toMatchObject({ cause: 'option', stated: '-821.30' });
  });

  it('holds fees to the way the format says they enter the amount', () => {
    // 100 × 15.00 = 1,500.00 less 9.99 of fees is 1,490.01: not the gross when the format says gross.
    const gross = row({ side: 'sell', qty: '100', price: '15.00', fees: '9.99', amount: '1490.01' });
    expect(amountGap({ ...gross, amountFees: 'gross' })).toMatchObject({ computed: '1500' });
    expect(amountGap({ ...gross, amountFees: 'net' })).toBeNull();
  });
});

// A TradeZero row's Net Proceeds = Gross Proceeds − fees (every fixture row holds to it).
const TZ_HEADER =
  'Account,T/D,S/D,Currency,Type,Side,Symbol,Qty,Price,Exec Time,Comm,SEC,TAF,NSCC,Nasdaq,ECN Remove,ECN Add,Gross Proceeds,Net Proceeds,Clr Broker,Liq,Note';

describe('a file whose row contradicts its own amount', () => {
  const text = [
    TZ_HEADER,
    'TZ1,03/17/2026,03/18/2026,USD,2,B,AITX,1000000,0.0061,09:35:02,0.99,0,0,0.02,0,3.00,0,-6100.00,-6104.01,VIRTU,R,',
    // 1,000,000 × 0.0064 = 6,400.00, but the row says 64,000.00 gross and 63,990.99 net: misread price.
    'TZ1,03/17/2026,03/18/2026,USD,2,S,AITX,1000000,0.0064,09:58:30,0.99,0.18,8.30,0.02,0,0,0,64000.00,63990.51,VIRTU,R,',
  ].join('\n');

  it('is not imported; the line, both figures and the count are said; the rest of the file stands', () => {
    const result = analyzeFile(text);
    expect(result.executions.map((e) => e.side)).toEqual(['buy']);
    expect(result.rejected).toEqual([
      {
        line: 3,
        reason:
          "AITX: the row's amount 63990.51 does not match quantity × price (1000000 × 0.0064 − fees 9.49 = 6390.51): not imported",
      },
    ]);
    expect(result.warnings).toContainEqual({
      line: 3,
      message: "1 row not imported: the row's own amount does not match its quantity × price (line 3)",
    });
    // The buy alone is an open position: no trade that never happened.
    expect(result.closed_trades).toEqual([]);
    expect(result.open_positions).toMatchObject([{ symbol: 'AITX', shares: '1000000' }]);
  });

  it('refuses a file whose every row contradicts its amount, naming the lines', () => {
    const bad = [TZ_HEADER, text.split('\n')[2]].join('\n');
    expect(() => analyzeFile(bad)).toThrow(
      /^no trade could be read from this file: its 1 row was rejected \(line 2: AITX: the row's amount 63990\.51/,
    );
  });
});
