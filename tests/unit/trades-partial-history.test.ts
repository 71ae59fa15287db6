import { describe, expect, it } from 'vitest';
import type { ColumnMapping } from '../../functions/_lib/trades/brokers/column-mapping.ts';
import { sideWords } from '../../functions/_lib/trades/brokers/sides.ts';
import type { Intent, Side } from '../../functions/_lib/trades/executions.ts';
import { analyzeFile } from '../../functions/_lib/trades/import-file.ts';
import { matchRoundTrips } from '../../functions/_lib/trades/round-trips.ts';
import { fill } from '../support/trades.ts';

// A history that starts mid-position (most members export "the last 90 days"): a closing fill with
// nothing open in the file closes a position opened before it. It is never turned into a trade the
// other way, and stays out of P&L until the earlier file brings its opening. A plain sell with nothing
// held says neither: it waits for the member's answer (a short sale, or shares held before).

const T = (hms: string) => `2026-03-16T${hms}`;
/** The side and intent a broker's label gives a fill. */
const labelled = (label: string): { side: Side; intent: Intent } => {
  const words = sideWords(label);
  if (!words) throw new Error(`no side in ${label}`);
  return words;
};

describe.each([
  // Explicit short words: a plain sell is a sale; the short sale says so.
  ['DAS codes', 'S', 'SS'],
  ['Fidelity sentences', 'YOU SOLD', 'YOU SOLD SHORT SALE'],
  ['Schwab actions', 'Sell', 'Sell Short'],
  ['Lightspeed sides', 'Long Sell', 'Short Sell'],
  // What the fill did, in words: TO CLOSE with nothing open, TO OPEN.
  ['thinkorswim position effect', 'SELL TO CLOSE', 'SELL TO OPEN'],
  ['Tastytrade actions', 'SELL_TO_CLOSE', 'SELL_TO_OPEN'],
])('%s', (_, sale, shortSale) => {
  const fills = [
    fill({ time: T('09:30:00'), ...labelled(sale), qty: '2000', price: '4.168', fees: '0.05' }, 5),
    fill({ time: T('10:00:00'), ...labelled('BUY'), qty: '500', price: '4.00' }, 6),
  ];
  const plain = labelled(sale).intent === null;

  it(`a first "${sale}" with no answer is ${plain ? 'asked, in no figure' : 'a close, as the file says'}`, () => {
    const result = matchRoundTrips(fills);
    expect(result.closed_trades).toEqual([]);
    if (plain) {
      expect(result.opened_before).toEqual([]);
      expect(result.open_positions).toEqual([]);
      expect(result.unresolved).toEqual([
        expect.objectContaining({ symbol: 'HMBL', shares: '2000', value: '8336.0000', line: 5 }),
      ]);
      expect(result.unresolved[0]?.fills).toHaveLength(2);
    } else expect(result.unresolved).toEqual([]);
  });

  it(`a first "${sale}" answered "held before" (or a close) sells shares held before the file: no trade, no short`, () => {
    const result = matchRoundTrips(fills, { sellsFromFlat: () => 'held' });
    expect(result.closed_trades).toEqual([]);
    expect(result.opened_before).toEqual([
      expect.objectContaining({
        side: 'long',
        shares: '2000',
        value: '8336.0000',
        fees: '0.0500',
        line: 5,
      }),
    ]);
    // The later buy is a position of its own, whole: not 500 less the 2,000 sold before.
    expect(result.open_positions).toEqual([expect.objectContaining({ side: 'long', shares: '500' })]);
  });

  it(`a first "${shortSale}" is a short, as the file says`, () => {
    const result = matchRoundTrips([
      fill({ time: T('09:30:00'), ...labelled(shortSale), qty: '100', price: '2' }),
      fill({ time: T('09:40:00'), ...labelled('BUY'), qty: '100', price: '1.5' }),
    ]);
    expect(result.opened_before).toEqual([]);
    expect(result.closed_trades).toEqual([expect.objectContaining({ side: 'short', gross: '50.0000' })]);
  });
});

describe.each([
  ['Buy to Cover', 'BC'],
  ['thinkorswim', 'BUY TO CLOSE'],
  ['Tastytrade', 'BUY_TO_CLOSE'],
])('a %s with nothing open', (_, cover) => {
  it('covers a short opened before the file: no long position is made up', () => {
    const result = matchRoundTrips([
      fill({ time: T('09:30:00'), ...labelled(cover), qty: '86', price: '1.25' }, 3),
    ]);
    expect(result.open_positions).toEqual([]);
    expect(result.closed_trades).toEqual([]);
    expect(result.opened_before).toEqual([
      expect.objectContaining({ side: 'short', shares: '86', value: '107.5000', line: 3 }),
    ]);
  });
});

describe('the rule through a whole file', () => {
  it('a signed quantity without side words: a first negative one is a sale of earlier shares', () => {
    const text = 'Date,Symbol,Qty,Price\n2026-07-01 10:00,ABCD,-500,0.012\n2026-07-01 10:05,ABCD,500,0.010\n';
    const mapping: ColumnMapping = {
      date: 'Date',
      time: null,
      dateOrder: 'MDY',
      execId: null,
      symbol: 'Symbol',
      side: null,
      quantity: 'Qty',
      price: 'Price',
      fees: [],
      orderId: null,
      amount: null,
      account: null,
      currency: null,
    };
    expect(analyzeFile(text, { mapping }).unresolved).toEqual([
      expect.objectContaining({ symbol: 'ABCD', shares: '500', line: 2 }),
    ]);
    const analysis = analyzeFile(text, { mapping, sellsFromFlat: 'held' });
    expect(analysis.closed_trades).toEqual([]);
    expect(analysis.totals).toEqual({});
    expect(analysis.opened_before).toEqual([
      expect.objectContaining({ side: 'long', shares: '500', line: 2 }),
    ]);
    expect(analysis.warnings).toContainEqual({
      line: 2,
      message:
        'a sale of 500 ABCD bought before this file: not counted in P&L or statistics until its opening is known (import the earlier file)',
    });
  });

  it('a sale of more than the file bought closes the trip, and the rest closed earlier shares', () => {
    const fills = [
      fill({ time: T('09:30:00'), side: 'buy', qty: '100', price: '1', fees: '1' }),
      fill({ time: T('09:31:00'), side: 'sell', qty: '150', price: '2', fees: '3' }),
    ];
    // Unanswered, the 50 sold past flat are asked about; the trip it closed stands.
    expect(matchRoundTrips(fills).unresolved).toEqual([expect.objectContaining({ shares: '50' })]);
    expect(matchRoundTrips(fills).closed_trades).toHaveLength(1);
    const result = matchRoundTrips(fills, { sellsFromFlat: () => 'held' });
    expect(result.closed_trades).toEqual([
      expect.objectContaining({
        side: 'long',
        shares: '100',
        gross: '100.0000',
        fees: '3.0000',
        net: '97.0000',
      }),
    ]);
    expect(result.opened_before).toEqual([
      expect.objectContaining({ side: 'long', shares: '50', value: '100.0000', fees: '1.0000' }),
    ]);
    expect(result.open_positions).toEqual([]);
  });

  it('the earlier file imported later completes the round trip, exactly, as one file holding both', () => {
    const earlier = [
      fill({ time: '2026-02-02T09:30:00', side: 'buy', qty: '2000', price: '4.00', fees: '1' }),
    ];
    const later = [
      fill({ time: T('09:30:00'), side: 'sell', qty: '2000', price: '4.168', fees: '0.05' }),
      fill({ time: T('10:00:00'), side: 'buy', qty: '500', price: '4.00' }),
    ];
    const alone = matchRoundTrips(later);
    expect(alone.closed_trades).toEqual([]);
    const both = matchRoundTrips([...later, ...earlier]);
    expect(both).toEqual(matchRoundTrips([...earlier, ...later]));
    expect(both.opened_before).toEqual([]);
    expect(both.closed_trades).toEqual([
      expect.objectContaining({ side: 'long', shares: '2000', gross: '336.0000', net: '334.9500' }),
    ]);
    expect(both.open_positions).toEqual([expect.objectContaining({ side: 'long', shares: '500' })]);
  });

  // The two files the journal once read silently wrong, in their own layouts.
  it('a Fidelity history starting with two plain sales: no short, no phantom net, the later buy whole', () => {
    const text = [
      'Run Date,Action,Symbol,Description,Type,Quantity,Price ($),Commission ($),Fees ($),Accrued Interest ($),Amount ($),Cash Balance ($),Settlement Date',
      '04/02/2026, YOU BOUGHT HUMBL INC COM (HMBL) (Margin), HMBL, HUMBL INC COM,Margin,500,4.00,,,,-2000,,04/03/2026',
      '03/30/2026, YOU SOLD HUMBL INC COM (HMBL) (Margin), HMBL, HUMBL INC COM,Margin,-1000,4.168,,0.02,,4167.98,,03/31/2026',
      '03/30/2026, YOU SOLD HUMBL INC COM (HMBL) (Margin), HMBL, HUMBL INC COM,Margin,-1000,4.168,,0.03,,4167.97,,03/31/2026',
    ].join('\n');
    const analysis = analyzeFile(text);
    expect(analysis.broker).toBe('fidelity');
    expect(analysis.closed_trades).toEqual([]);
    expect(analysis.totals).toEqual({});
    expect(analysis.opened_before.map((c) => [c.side, c.shares, c.value])).toEqual([
      ['long', '1000', '4168.0000'],
      ['long', '1000', '4168.0000'],
    ]);
    expect(analysis.open_positions).toEqual([expect.objectContaining({ side: 'long', shares: '500' })]);
  });

  it('a thinkorswim trade history whose BUY … TO CLOSE has no opening: a cover, no long made up', () => {
    const text = [
      ',Exec Time,Spread,Side,Qty,Pos Effect,Symbol,Exp,Strike,Type,Price,Net Price,Order Type',
      ',3/24/26 11:42:30,STOCK,BUY,+86,TO CLOSE,ABCD,,,STOCK,1.25,1.25,LMT',
      ',3/24/26 10:42:30,STOCK,BUY,+86,TO CLOSE,ABCD,,,STOCK,1.20,1.20,LMT',
    ].join('\n');
    const analysis = analyzeFile(text);
    expect(analysis.broker).toBe('thinkorswim');
    expect(analysis.open_positions).toEqual([]);
    expect(analysis.closed_trades).toEqual([]);
    expect(analysis.opened_before.map((c) => [c.side, c.shares])).toEqual([
      ['short', '86'],
      ['short', '86'],
    ]);
  });
});
