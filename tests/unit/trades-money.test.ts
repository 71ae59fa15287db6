import { describe, expect, it } from 'vitest';
import { amount, parseBrokerNumber, parsePriceInput, toDecimal } from '../../functions/_lib/trades/money.ts';
import { matchRoundTrips } from '../../functions/_lib/trades/round-trips.ts';
import { fill } from '../support/trades.ts';

describe('exact money', () => {
  it('0.0001 × 3,000,000 shares is 300.0000 exactly', () => {
    expect(amount(toDecimal('0.0001').times(3_000_000))).toBe('300.0000');
  });

  it('a 0.0042 → 0.0051 round trip on 1,000,000 shares makes 900.0000 exactly', () => {
    const { closed_trades } = matchRoundTrips([
      fill({ time: '2026-03-16T09:30:00', side: 'buy', qty: 1_000_000, price: '0.0042' }),
      fill({ time: '2026-03-16T09:45:00', side: 'sell', qty: 1_000_000, price: '0.0051' }),
    ]);
    expect(closed_trades[0]?.gross).toBe('900.0000');
    expect(closed_trades[0]?.net).toBe('900.0000');
  });

  it('does not drift like floats (0.1 + 0.2, 0.0003 × 3 sells)', () => {
    expect(0.1 + 0.2).not.toBe(0.3); // the float problem this module exists for
    expect(amount(toDecimal('0.1').plus('0.2'))).toBe('0.3000');
    const { closed_trades } = matchRoundTrips([
      fill({ time: '2026-03-16T09:30:00', side: 'buy', qty: 3, price: '0.1', fees: '0.1' }),
      fill({ time: '2026-03-16T09:31:00', side: 'sell', qty: 1, price: '0.2', fees: '0.2' }),
      fill({ time: '2026-03-16T09:32:00', side: 'sell', qty: 1, price: '0.2' }),
      fill({ time: '2026-03-16T09:33:00', side: 'sell', qty: 1, price: '0.2' }),
    ]);
    expect(closed_trades[0]).toMatchObject({ gross: '0.3000', fees: '0.3000', net: '0.0000' });
  });

  it('never rounds an amount that needs more than 4 decimals', () => {
    expect(amount(toDecimal('0.00435').times(1001))).toBe('4.35435');
    expect(amount(toDecimal('-0.5'))).toBe('-0.5000');
  });

  it('reads broker number styles', () => {
    expect(parseBrokerNumber('-$4,100.00')?.toFixed()).toBe('-4100');
    expect(parseBrokerNumber('$-4,100.00')?.toFixed()).toBe('-4100');
    expect(parseBrokerNumber('(0.20)')?.toFixed()).toBe('-0.2');
    expect(parseBrokerNumber('.0252')?.toFixed()).toBe('0.0252');
    expect(parseBrokerNumber('+1500000')?.toFixed()).toBe('1500000');
    expect(parseBrokerNumber('1.2.3')).toBeNull();
  });

  it.each([
    ['($18,740.00)', '-18740'],
    ['4.20-', '-4.2'],
    ['US$2.7401', '2.7401'],
    ['C$1.50', '1.5'],
    ['USD 12.50', '12.5'],
    ['12.50 CAD', '12.5'],
    ['€3.00', '3'],
    ['1,000,000', '1000000'],
    ['1E-04', '0.0001'],
    ['4.5e-3', '0.0045'],
  ])('reads %s as %s', (raw, value) => {
    expect(parseBrokerNumber(raw)?.toFixed()).toBe(value);
  });

  it('refuses what is not a number', () => {
    expect(parseBrokerNumber('')).toBeNull();
    expect(parseBrokerNumber('abc')).toBeNull();
  });
});

describe('price input', () => {
  it.each([
    ['0.0042', '0.0042'],
    ['0,0042', '0.0042'],
    [' 1,5 ', '1.5'],
    ['12', '12'],
    ['0.1000', '0.1'],
    ['.5', '0.5'],
    [',0001', '0.0001'],
  ])('accepts %j as %s', (input, value) => {
    expect(parsePriceInput(input)).toEqual({ ok: true, value });
  });

  it.each([
    ['0.00435', /5 decimals; at most 4/],
    ['0,00001', /5 decimals/],
    ['abc', /not a price/],
    ['1.2a', /not a price/],
    ['1,000.50', /not a price/],
    ['-0.01', /not a price/],
    ['1.', /not a price/],
    ['.00001', /5 decimals/],
    ['', /empty/],
    ['   ', /empty/],
  ])('rejects %j with a reason', (input, reason) => {
    const result = parsePriceInput(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
});
