import { describe, expect, it } from 'vitest';
import { ImportedExecution } from '../../functions/_lib/contract/trades.ts';
import { analyzeFile } from '../../functions/_lib/trades/import-file.ts';
import { matchRoundTrips } from '../../functions/_lib/trades/round-trips.ts';
import { previewOf } from '../../member-app/trades/import/to-api.ts';
import { fill } from '../support/trades.ts';

// Quantities are exact decimals end to end: fractional shares are read, matched, reported and sent
// to the server as printed, never rounded and never refused.

const ROBINHOOD = [
  '"Activity Date","Process Date","Settle Date","Instrument","Description","Trans Code","Quantity","Price","Amount"',
  '"3/31/2026","3/31/2026","4/1/2026","AAPL","Apple","Sell","1","$200.00","$200.00"',
  '"3/30/2026","3/30/2026","3/31/2026","AAPL","Apple","Buy","2.5","$190.12","($475.30)"',
].join('\n');

describe('fractional shares', () => {
  it('reads Robinhood’s 2.5-share buy and matches the 1-share sale against it', () => {
    const result = analyzeFile(ROBINHOOD);
    expect(result.rejected).toEqual([]);
    expect(result.executions.map((e) => [e.side, e.qty])).toEqual([
      ['buy', '2.5'],
      ['sell', '1'],
    ]);
    // 1.5 shares still open at 190.12; the 1 sold realised 200.00 − 190.12 = 9.88.
    expect(result.open_positions).toMatchObject([
      { symbol: 'AAPL', side: 'long', shares: '1.5', avg_price: '190.12', realized_so_far: '9.8800' },
    ]);
    expect(result.opened_before).toEqual([]);
    expect(result.unresolved).toEqual([]);
  });

  it('closes a fractional position exactly at flat, FIFO across lots', () => {
    const result = matchRoundTrips([
      fill({ time: '2026-03-30T10:00:00', side: 'buy', qty: '0.125', price: '100' }),
      fill({ time: '2026-03-30T10:01:00', side: 'buy', qty: '1.375', price: '104' }),
      fill({ time: '2026-03-30T11:00:00', side: 'sell', qty: '1.5', price: '110' }),
    ]);
    // Cost 0.125 × 100 + 1.375 × 104 = 12.5 + 143 = 155.5; proceeds 1.5 × 110 = 165; gross 9.5.
    expect(result.closed_trades).toMatchObject([
      { shares: '1.5', cost: '155.5000', gross: '9.5000', avg_entry: '103.66666666666666666667' },
    ]);
    expect(result.open_positions).toEqual([]);
  });

  it('sends the quantity to the server as exact decimal text the import call accepts', () => {
    const preview = previewOf(analyzeFile(ROBINHOOD), 'Robinhood');
    expect(preview.executions.map((e) => e.qty)).toEqual(['2.5', '1']);
    for (const execution of preview.executions)
      expect(ImportedExecution.parse(execution).qty).toBe(execution.qty);
    // A whole number as older clients send it is still accepted.
    expect(ImportedExecution.parse({ ...preview.executions[1], qty: 1 }).qty).toBe(1);
    expect(() => ImportedExecution.parse({ ...preview.executions[1], qty: '0' })).toThrow();
    expect(() => ImportedExecution.parse({ ...preview.executions[1], qty: '1e3' })).toThrow();
  });
});
