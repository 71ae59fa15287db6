import { describe, expect, it } from 'vitest';
import { openExecutions } from '../../functions/_lib/trades/open-executions.ts';
import { matchRoundTrips } from '../../functions/_lib/trades/round-trips.ts';
import { type FillSpec, fill } from '../support/trades.ts';

const T = (hms: string) => `2026-03-16T${hms}`;
const tagged = (fingerprint: string, over: Omit<FillSpec, 'price'>) => ({
  ...fill({ price: '1', ...over }),
  fingerprint,
});

describe('executions of positions still open', () => {
  it('is none once every position is flat again', () => {
    const fills = [
      tagged('a', { time: T('09:30:00'), side: 'buy', qty: '400' }),
      tagged('b', { time: T('09:31:00'), side: 'sell', qty: '400' }),
    ];
    expect(openExecutions(fills)).toEqual(new Set());
    expect(matchRoundTrips(fills).open_positions).toEqual([]);
  });

  it('is the fills since the position was last flat, scaling in and out included', () => {
    const fills = [
      tagged('a', { time: T('09:30:00'), side: 'buy', qty: '400' }),
      tagged('b', { time: T('09:31:00'), side: 'sell', qty: '400' }),
      tagged('c', { time: T('09:32:00'), side: 'buy', qty: '300' }),
      tagged('d', { time: T('09:33:00'), side: 'buy', qty: '300' }),
      tagged('e', { time: T('09:34:00'), side: 'sell', qty: '500' }),
    ];
    expect(openExecutions(fills)).toEqual(new Set(['c', 'd', 'e']));
    expect(matchRoundTrips(fills).open_positions).toEqual([expect.objectContaining({ shares: '100' })]);
  });

  it('starts a new position at a fill that goes through flat (a flip)', () => {
    const fills = [
      tagged('a', { time: T('09:30:00'), side: 'buy', qty: '400' }),
      tagged('b', { time: T('09:31:00'), side: 'sell', intent: 'open', qty: '1000' }),
    ];
    expect(openExecutions(fills)).toEqual(new Set(['b']));
    expect(matchRoundTrips(fills).open_positions).toEqual([
      expect.objectContaining({ side: 'short', shares: '600' }),
    ]);
  });

  it('opens nothing with a fill that only closes: past flat, it closed what was held before the file', () => {
    const fills = [
      tagged('earlier-sale', { time: T('09:29:00'), side: 'sell', qty: '50' }),
      tagged('a', { time: T('09:30:00'), side: 'buy', qty: '400' }),
      tagged('b', { time: T('09:31:00'), side: 'sell', qty: '1000' }),
      tagged('cover', { time: T('09:32:00'), symbol: 'WXYZ', side: 'buy', intent: 'close', qty: '5' }),
    ];
    expect(openExecutions(fills)).toEqual(new Set());
    expect(matchRoundTrips(fills).open_positions).toEqual([]);
  });

  it('keeps symbols and accounts apart, and reads fills in time order', () => {
    const fills = [
      tagged('late-sell', { time: T('10:00:00'), symbol: 'ABCD', side: 'sell', qty: '100' }),
      tagged('buy', { time: T('09:00:00'), symbol: 'ABCD', side: 'buy', qty: '100' }),
      tagged('other-symbol', { time: T('09:00:00'), symbol: 'WXYZ', side: 'sell', intent: 'open', qty: '5' }),
      tagged('other-account', { time: T('09:00:00'), symbol: 'ABCD', account: 'B', side: 'buy', qty: '5' }),
    ];
    expect(openExecutions(fills)).toEqual(new Set(['other-symbol', 'other-account']));
  });
});
