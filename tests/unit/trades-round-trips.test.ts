import { describe, expect, it } from 'vitest';
import { matchRoundTrips } from '../../functions/_lib/trades/round-trips.ts';
import { fill } from '../support/trades.ts';

const T = (hms: string) => `2026-03-16T${hms}`;

describe('round trips (FIFO, flat to flat)', () => {
  it('matches partial fills and scaling in and out against the oldest lots', () => {
    const { closed_trades, open_positions } = matchRoundTrips([
      fill({ time: T('09:30:00'), side: 'buy', qty: '400000', price: '0.0040', fees: '0.50' }),
      fill({ time: T('09:30:00'), side: 'buy', qty: '600000', price: '0.0041', fees: '0.50' }),
      fill({ time: T('09:40:00'), side: 'sell', qty: '500000', price: '0.0045', fees: '1.00' }),
      fill({ time: T('09:50:00'), side: 'buy', qty: '500000', price: '0.0043', fees: '0.50' }),
      fill({ time: T('10:00:00'), side: 'sell', qty: '1000000', price: '0.0050', fees: '2.00' }),
    ]);
    expect(open_positions).toEqual([]);
    // Σ sells 2250 + 5000 − Σ buys (1600 + 2460 + 2150) = 1040
    expect(closed_trades).toEqual([
      expect.objectContaining({
        side: 'long',
        shares: '1500000',
        entry: T('09:30:00'),
        exit: T('10:00:00'),
        gross: '1040.0000',
        fees: '4.5000',
        net: '1035.5000',
        executions: 5,
        avg_entry: '0.00414',
        avg_exit: '0.00483333333333333333', // non-terminating: big.js rounds at 20 dp
      }),
    ]);
  });

  it('reports realized P&L, FIFO cost and fees of a position still open', () => {
    const { closed_trades, open_positions } = matchRoundTrips([
      fill({ time: T('09:30:00'), side: 'buy', qty: '1000', price: '1.00', fees: '1' }),
      fill({ time: T('09:31:00'), side: 'buy', qty: '1000', price: '2.00', fees: '1' }),
      fill({ time: T('09:32:00'), side: 'sell', qty: '1500', price: '3.00', fees: '1' }),
    ]);
    expect(closed_trades).toEqual([]);
    // Sold 1,000 @1 lot (+2000) and 500 of the @2 lot (+500); 500 @ 2.00 remain.
    expect(open_positions).toEqual([
      expect.objectContaining({
        side: 'long',
        shares: '500',
        avg_price: '2',
        fees_so_far: '3.0000',
        realized_so_far: '2500.0000',
        opened: T('09:30:00'),
      }),
    ]);
  });

  it('treats a short sale covered by a plain buy as a short trip', () => {
    const { closed_trades } = matchRoundTrips([
      fill({ time: T('10:15:00'), side: 'sell', intent: 'open', qty: '5000', price: '0.315', fees: '0.15' }),
      fill({ time: T('10:20:00'), side: 'sell', intent: 'open', qty: '5000', price: '0.320', fees: '0.15' }),
      fill({ time: T('10:40:33'), side: 'buy', qty: '10000', price: '0.298', fees: '-0.10' }),
    ]);
    expect(closed_trades).toEqual([
      expect.objectContaining({
        side: 'short',
        shares: '10000',
        gross: '195.0000',
        fees: '0.2000',
        net: '194.8000',
      }),
    ]);
  });

  it('puts the opening fill first when a close has the same time stamp', () => {
    const { closed_trades, open_positions } = matchRoundTrips([
      fill({ time: T('13:05:10'), side: 'sell', intent: 'close', qty: '100000', price: '0.0253' }),
      fill({ time: T('13:05:10'), side: 'buy', intent: 'open', qty: '100000', price: '0.0251' }),
    ]);
    expect(open_positions).toEqual([]);
    expect(closed_trades).toEqual([expect.objectContaining({ side: 'long', gross: '20.0000' })]);
  });

  it('keeps symbols, accounts and currencies apart and lists trips by entry', () => {
    const { closed_trades, open_positions } = matchRoundTrips([
      fill({ time: T('09:31:00'), symbol: 'ENZC', side: 'buy', qty: '10', price: '1' }),
      fill({ time: T('09:30:00'), symbol: 'AITX', side: 'buy', qty: '10', price: '1' }),
      fill({ time: T('09:32:00'), symbol: 'AITX', side: 'buy', qty: '10', price: '1', account: 'ACC2' }),
      fill({ time: T('09:33:00'), symbol: 'AITX', side: 'sell', qty: '10', price: '2' }),
      // A short sale (a plain sell from flat would close shares held before the file).
      fill({
        time: T('09:34:00'),
        symbol: 'ENZC',
        side: 'sell',
        intent: 'open',
        qty: '10',
        price: '2',
        currency: 'CAD',
      }),
      fill({ time: T('09:35:00'), symbol: 'ENZC', side: 'sell', qty: '10', price: '3' }),
    ]);
    expect(closed_trades.map((t) => [t.symbol, t.account, t.currency, t.gross])).toEqual([
      ['AITX', 'ACC1', 'USD', '10.0000'],
      ['ENZC', 'ACC1', 'USD', '20.0000'],
    ]);
    expect(open_positions.map((p) => [p.symbol, p.account, p.currency, p.side])).toEqual([
      ['AITX', 'ACC2', 'USD', 'long'],
      ['ENZC', 'ACC1', 'CAD', 'short'],
    ]);
  });

  it('splits a fill that goes through flat into a close and a new trip the other way', () => {
    const { closed_trades, open_positions } = matchRoundTrips([
      fill({ time: T('09:30:00'), side: 'buy', qty: '100', price: '1', fees: '1' }),
      // A sale that also opens a short (IBKR Code `C;O`): the rest opens the other way.
      fill({ time: T('09:31:00'), side: 'sell', intent: 'open', qty: '300', price: '2', fees: '3' }),
    ]);
    expect(closed_trades).toEqual([
      expect.objectContaining({ gross: '100.0000', fees: '2.0000', net: '98.0000' }),
    ]);
    expect(open_positions).toEqual([
      expect.objectContaining({ side: 'short', shares: '200', avg_price: '2', fees_so_far: '2.0000' }),
    ]);
  });

  it('returns nothing for no executions', () => {
    expect(matchRoundTrips([])).toEqual({
      closed_trades: [],
      open_positions: [],
      opened_before: [],
      unresolved: [],
    });
  });
});
