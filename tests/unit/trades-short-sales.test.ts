import { describe, expect, it } from 'vitest';
import { analyzeFile } from '../../functions/_lib/trades/import-file.ts';
import { previewOf } from '../../member-app/trades/import/to-api.ts';

// Ambiguity asked, never guessed: a short-sale marker is honoured; a plain sale with nothing held and
// nothing in the file to say what it was waits for the member's answer, counted nowhere until then.

// DAS Trader's account executions, with the SHORT column its short sales carry.
const DAS = [
  'TradeID,OrderID,B/S,Symbol,Qty,Price,Time,Account,SHORT',
  '1,11,S,ALPP,20000,0.55,03/26/26 09:35:00,TRPA1,Y',
  '2,12,B,ALPP,20000,0.52,03/26/26 10:05:00,TRPA1,N',
].join('\n');

describe('short-sale markers', () => {
  it('reads SHORT = Y as a short sale: a short round trip, no phantom long', () => {
    const result = analyzeFile(DAS);
    expect(result.broker).toBe('das-executions');
    // 20,000 × (0.55 − 0.52) = 600.00.
    expect(result.closed_trades).toMatchObject([
      { symbol: 'ALPP', side: 'short', shares: '20000', gross: '600.0000' },
    ]);
    expect(result.open_positions).toEqual([]);
    expect(result.opened_before).toEqual([]);
    expect(result.unresolved).toEqual([]);
  });

  it('lets the mark win over a close read from a plain label (DAS window `S` with a SHORT column)', () => {
    const text = [
      'Time,Symbol,Side,Price,Qty,Route,SHORT',
      '09:35:00,ALPP,S,0.55,20000,EDGX,Y',
      '10:05:00,ALPP,B,0.52,20000,EDGX,N',
    ].join('\n');
    const result = analyzeFile(text, { date: '2026-03-26' });
    expect(result.broker).toBe('das');
    expect(result.closed_trades).toMatchObject([{ side: 'short', shares: '20000', gross: '600.0000' }]);
    expect(result.open_positions).toEqual([]);
  });

  it('honours a short-sale column a format does not declare, under its usual names', () => {
    const text = [
      'Date,Time,Symbol,Quantity,Price,Side,Short Sale',
      '07/01/2026,10:00:00,WXYZ,2000,4.168,S,Yes',
      '07/01/2026,10:30:00,WXYZ,2000,4.00,B,',
    ].join('\n');
    // Short 2,000 at 4.168, covered at 4.00: 2,000 × 0.168 = 336.00.
    expect(analyzeFile(text).closed_trades).toMatchObject([{ side: 'short', gross: '336.0000' }]);
  });

  it('without the marker, asks instead of calling it a sale of shares held before the file', () => {
    const result = analyzeFile(DAS.replace(',Y\n', ',N\n'));
    expect(result.closed_trades).toEqual([]);
    expect(result.open_positions).toEqual([]);
    expect(result.unresolved).toMatchObject([
      { symbol: 'ALPP', account: 'TRPA1', shares: '20000', value: '11000.0000', line: 2 },
    ]);
    expect(result.unresolved[0]?.fills).toHaveLength(2);
    expect(result.warnings).toContainEqual({
      line: 2,
      message:
        'a sale of 20,000 ALPP with none held in this file: a short sale (covered later) or shares held before this file? Not counted in P&L or positions until answered (2 executions wait)',
    });
    expect(result.totals).toEqual({});
  });

  it('takes the member’s answer per account and symbol, and stores it on the sale itself', () => {
    const text = DAS.replace(',Y\n', ',N\n');
    const short = analyzeFile(text, { sellsFromFlat: { 'ALPP@TRPA1': 'short' } });
    expect(short.closed_trades).toMatchObject([{ side: 'short', gross: '600.0000' }]);
    const preview = previewOf(short, 'DAS');
    expect(preview.executions.map((e) => e.intent)).toEqual(['open', null]);
    // Another account's answer does not apply.
    expect(analyzeFile(text, { sellsFromFlat: { 'ALPP@OTHER': 'short' } }).unresolved).toHaveLength(1);
    // Held before: the sale closes shares from before the file; the buy opens a long of its own.
    const held = analyzeFile(text, { sellsFromFlat: 'held' });
    expect(held.opened_before).toMatchObject([{ side: 'long', shares: '20000' }]);
    expect(held.open_positions).toMatchObject([{ side: 'long', shares: '20000' }]);
    expect(previewOf(held, 'DAS').executions.map((e) => e.intent)).toEqual(['close', null]);
  });
});
