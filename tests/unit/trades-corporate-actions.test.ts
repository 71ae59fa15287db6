import { describe, expect, it } from 'vitest';
import {
  actionFirst,
  parseRatioInput,
  readRatio,
  splitShares,
} from '../../functions/_lib/trades/corporate-actions.ts';
import type { CorporateAction } from '../../functions/_lib/trades/executions.ts';
import { toDecimal } from '../../functions/_lib/trades/money.ts';
import { matchRoundTrips } from '../../functions/_lib/trades/round-trips.ts';
import { zonedTimeToEpoch } from '../../functions/_lib/trades/zoned-time.ts';
import { fill } from '../support/trades.ts';

// Splits and symbol changes between the fills: every figure below is worked out by hand in its comment.

/** An action on a New York wall time (a date alone: before that day's fills). */
function action(fields: Partial<CorporateAction> & Pick<CorporateAction, 'kind' | 'symbol' | 'time'>) {
  const epochMs = zonedTimeToEpoch(fields.time, 'America/New_York');
  if (epochMs === null) throw new Error(`bad time ${fields.time}`);
  return { account: 'ACC1', currency: 'USD', line: 0, epochMs, ...fields } satisfies CorporateAction;
}

describe('a split between the fills', () => {
  // 1 AVGO bought at 1,680; AVGO splits 10-for-1 (Schwab prints the 9 shares it added); 10 sold at 170.
  const buy = fill({ time: '2024-06-13', symbol: 'AVGO', side: 'buy', qty: '1', price: '1680' });
  const sell = fill({
    time: '2024-07-16',
    symbol: 'AVGO',
    side: 'sell',
    intent: 'close',
    qty: '10',
    price: '170',
  });
  const split = (fields: Partial<CorporateAction>) =>
    action({ kind: 'split', symbol: 'AVGO', time: '2024-07-15', ...fields });

  it.each([
    ['the shares it added', { sharesDelta: '9' }],
    ['its ratio', { ratio: '10' }],
    ['its ratio as a fraction', { ratio: '10/1' }],
  ])('makes 1 share 10 at a tenth of the price, given %s: one closed trip, gross 20', (_, fields) => {
    const result = matchRoundTrips([sell, buy], { actions: [split(fields)] });
    // 10 × 170 − 1 × 1,680 = 1,700 − 1,680 = 20; the trip keeps its shares as traded (1 bought).
    expect(result.closed_trades).toEqual([
      expect.objectContaining({
        symbol: 'AVGO',
        shares: '1',
        avg_entry: '1680',
        avg_exit: '170',
        cost: '1680.0000',
        gross: '20.0000',
        net: '20.0000',
        executions: 2,
      }),
    ]);
    expect(result.opened_before).toEqual([]);
    expect(result.open_positions).toEqual([]);
    expect(result.actions).toEqual([
      expect.objectContaining({ symbol: 'AVGO', outcome: 'applied', before: '1', after: '10' }),
    ]);
  });

  it('without it, the sale of 10 closes the 1 share and calls 9 bought before the file', () => {
    const result = matchRoundTrips([buy, sell]);
    expect(result.closed_trades).toEqual([expect.objectContaining({ gross: '-1510.0000' })]); // 170 − 1,680
    expect(result.opened_before).toEqual([expect.objectContaining({ shares: '9' })]);
    expect(result.actions).toBeUndefined();
  });

  it('applies before the fills of its own day (a date-only file)', () => {
    const sameDay = fill({
      time: '2024-07-15',
      symbol: 'AVGO',
      side: 'sell',
      intent: 'close',
      qty: '10',
      price: '170',
    });
    const result = matchRoundTrips([buy, sameDay], { actions: [split({ sharesDelta: '9' })] });
    expect(result.closed_trades).toEqual([expect.objectContaining({ gross: '20.0000' })]);
  });

  it('makes 1,000 shares at 0.05 100 at 0.50 in a 1-for-10 reverse split, the cost unchanged', () => {
    const penny = fill({
      time: '2026-03-02T09:30:00',
      symbol: 'MULN',
      side: 'buy',
      qty: '1000',
      price: '0.05',
    });
    for (const ratio of ['0.1', '1/10']) {
      const reverse = action({ kind: 'split', symbol: 'MULN', time: '2026-03-05', ratio });
      const { open_positions, actions } = matchRoundTrips([penny], { actions: [reverse] });
      // 1,000 × 0.1 = 100 shares; 50.00 of cost ÷ 100 = 0.50 a share.
      expect(open_positions).toEqual([
        expect.objectContaining({
          symbol: 'MULN',
          shares: '100',
          avg_price: '0.5',
          opened: '2026-03-02T09:30:00',
        }),
      ]);
      expect(actions).toEqual([
        expect.objectContaining({ outcome: 'applied', before: '1000', after: '100' }),
      ]);
    }
    // Sold after it at 0.60: 100 × 0.60 − 1,000 × 0.05 = 60 − 50 = 10.
    const out = fill({
      time: '2026-03-06T10:00:00',
      symbol: 'MULN',
      side: 'sell',
      qty: '100',
      price: '0.60',
    });
    const reverse = action({ kind: 'split', symbol: 'MULN', time: '2026-03-05', ratio: '1/10' });
    const { closed_trades } = matchRoundTrips([penny, out], { actions: [reverse] });
    expect(closed_trades).toEqual([expect.objectContaining({ shares: '1000', gross: '10.0000' })]);
  });

  it('scales every open lot, so partial exits after it are against the right cost', () => {
    const fills = [
      fill({ time: '2026-03-02T09:30:00', side: 'buy', qty: '1000', price: '1.00' }),
      fill({ time: '2026-03-02T09:31:00', side: 'buy', qty: '1000', price: '2.00' }),
      // 500 of the 1.00 lot sold at 3.00: realized 500 × 2.00 = 1,000.
      fill({ time: '2026-03-02T09:32:00', side: 'sell', qty: '500', price: '3.00' }),
      // After a 2-for-1: lots 1,000 @ 0.50 and 2,000 @ 1.00. Selling 1,000 at 1.50 closes the first:
      // realized 1,000 + 1,000 × (1.50 − 0.50) = 2,000.
      fill({ time: '2026-03-04T09:30:00', side: 'sell', qty: '1000', price: '1.50' }),
    ];
    const split2 = action({ kind: 'split', symbol: 'HMBL', time: '2026-03-03', ratio: '2' });
    const { open_positions } = matchRoundTrips(fills, { actions: [split2] });
    expect(open_positions).toEqual([
      expect.objectContaining({ shares: '2000', avg_price: '1', realized_so_far: '2000.0000' }),
    ]);
  });

  it('takes the file’s own count after a reverse split (the fraction paid in cash) when it fits', () => {
    // Schwab: 14,684 PPCB at 0.034 (499.256); the reverse split removes 14,684 and adds 587 (−14,097).
    const buy = fill({ time: '2026-05-01', symbol: 'PPCB', side: 'buy', qty: '14684', price: '0.034' });
    const sell = fill({ time: '2026-05-20', symbol: 'PPCB', side: 'sell', qty: '587', price: '1.00' });
    const reverse = action({ kind: 'split', symbol: 'PPCB', time: '2026-05-18', sharesDelta: '-14097' });
    const result = matchRoundTrips([buy, sell], { actions: [reverse] });
    // 587 × 1.00 − 499.256 = 87.744, and nothing left open.
    expect(result.closed_trades).toEqual([expect.objectContaining({ gross: '87.7440' })]);
    expect(result.open_positions).toEqual([]);
    // A stated 1-for-25 too (IBKR states both): 14,684 ÷ 25 = 587.36, within a share of 587: 587.
    const both = action({
      kind: 'split',
      symbol: 'PPCB',
      time: '2026-05-18',
      sharesDelta: '-14097',
      ratio: '1/25',
    });
    expect(matchRoundTrips([buy], { actions: [both] }).open_positions).toEqual([
      expect.objectContaining({ shares: '587' }),
    ]);
    // A history holding 1,000 only (the rest bought before it): the count does not fit, the ratio does.
    const part = fill({ time: '2026-05-01', symbol: 'PPCB', side: 'buy', qty: '1000', price: '0.034' });
    expect(matchRoundTrips([part], { actions: [both] }).open_positions).toEqual([
      expect.objectContaining({ shares: '40' }),
    ]);
  });

  it('scales a short position too', () => {
    const short = fill({
      time: '2026-03-02T09:30:00',
      side: 'sell',
      intent: 'open',
      qty: '10000',
      price: '0.02',
    });
    const cover = fill({ time: '2026-03-10T09:30:00', side: 'buy', qty: '1000', price: '0.15' });
    const reverse = action({ kind: 'split', symbol: 'HMBL', time: '2026-03-05', ratio: '1/10' });
    const result = matchRoundTrips([short, cover], { actions: [reverse] });
    // Shorted 200.00 worth, covered 1,000 × 0.15 = 150.00: gross 50.
    expect(result.closed_trades).toEqual([expect.objectContaining({ side: 'short', gross: '50.0000' })]);
  });

  it('reports a split of a symbol held nowhere as changing nothing', () => {
    const other = fill({
      time: '2026-03-02T09:30:00',
      symbol: 'SNDL',
      side: 'buy',
      qty: '100',
      price: '1.5',
    });
    const split10 = action({ kind: 'split', symbol: 'AVGO', time: '2026-03-05', ratio: '10' });
    const result = matchRoundTrips([other], { actions: [split10] });
    expect(result.open_positions).toEqual([expect.objectContaining({ symbol: 'SNDL', shares: '100' })]);
    expect(result.actions).toEqual([
      expect.objectContaining({ symbol: 'AVGO', account: 'ACC1', outcome: 'nothing held' }),
    ]);
  });

  it('refuses shares removed beyond what is held, and says so', () => {
    const small = fill({ time: '2026-03-02T09:30:00', side: 'buy', qty: '100', price: '1' });
    const bad = action({ kind: 'split', symbol: 'HMBL', time: '2026-03-05', sharesDelta: '-100' });
    const result = matchRoundTrips([small], { actions: [bad] });
    expect(result.open_positions).toEqual([expect.objectContaining({ shares: '100' })]);
    expect(result.actions).toEqual([
      expect.objectContaining({
        outcome: 'not applied',
        before: '100',
        reason: 'it does not fit the 100 shares held',
      }),
    ]);
  });

  it('applies one split of a position a day: the same split from the file and typed by hand counts once', () => {
    const fromFile = split({ sharesDelta: '9', account: '', currency: 'USD' });
    const typed = split({ ratio: '10/1', account: '', currency: '' });
    const result = matchRoundTrips([buy, sell], { actions: [fromFile, typed] });
    expect(result.closed_trades).toEqual([expect.objectContaining({ gross: '20.0000' })]);
    expect(result.actions).toEqual([
      expect.objectContaining({ outcome: 'applied', before: '1', after: '10' }),
      expect.objectContaining({
        outcome: 'not applied',
        before: '10',
        reason: 'a split of AVGO on 2024-07-15 is applied already',
      }),
    ]);
  });

  it('waits with the fills of a symbol that waits for the member’s answer', () => {
    const sale = fill({ time: '2026-03-02T09:30:00', side: 'sell', qty: '100', price: '1' });
    const split2 = action({ kind: 'split', symbol: 'HMBL', time: '2026-03-05', ratio: '2' });
    expect(matchRoundTrips([sale], { actions: [split2] }).actions).toEqual([
      expect.objectContaining({ outcome: 'waiting' }),
    ]);
  });

  it('applies one the member entered (no account, no currency) in every account', () => {
    const fills = ['A', 'B'].map((account) =>
      fill({ time: '2026-03-02T09:30:00', account, side: 'buy', qty: '100', price: '1' }),
    );
    const entered = action({
      kind: 'split',
      symbol: 'HMBL',
      time: '2026-03-05',
      ratio: '3/2',
      account: '',
      currency: '',
    });
    const result = matchRoundTrips(fills, { actions: [entered] });
    // 100 × 3 ÷ 2 = 150 at 100.00 ÷ 150 = 0.6666… a share.
    expect(result.open_positions.map((p) => [p.account, p.shares])).toEqual([
      ['A', '150'],
      ['B', '150'],
    ]);
    expect(result.actions?.map((o) => o.account)).toEqual(['A', 'B']);
  });
});

describe('a symbol change between the fills', () => {
  const buy = fill({ time: '2021-04-20', symbol: 'BSRC', side: 'buy', qty: '1000', price: '0.10' });
  const sell = fill({ time: '2021-05-03', symbol: 'NEWH', side: 'sell', qty: '1000', price: '0.12' });
  const change = action({ kind: 'rename', symbol: 'BSRC', toSymbol: 'NEWH', time: '2021-04-30' });

  it('moves the open position to the new symbol: the trip keeps its id and closes under it', () => {
    const result = matchRoundTrips([buy, sell], { actions: [change] });
    // 1,000 × 0.12 − 1,000 × 0.10 = 20.
    expect(result.closed_trades).toEqual([
      expect.objectContaining({ id: buy.fingerprint, symbol: 'NEWH', shares: '1000', gross: '20.0000' }),
    ]);
    expect(result.unresolved).toEqual([]);
    expect(result.actions).toEqual([
      expect.objectContaining({ symbol: 'BSRC', outcome: 'applied', before: '1000', after: '1000' }),
    ]);
  });

  it('joins a later fill of the old symbol to the new one', () => {
    const late = fill({ time: '2021-05-03', symbol: 'BSRC', side: 'sell', qty: '1000', price: '0.12' });
    expect(matchRoundTrips([buy, late], { actions: [change] }).closed_trades).toEqual([
      expect.objectContaining({ symbol: 'NEWH', gross: '20.0000' }),
    ]);
  });

  it('keeps an open position under the new symbol, and a split of it after applies there', () => {
    const split = action({ kind: 'split', symbol: 'NEWH', time: '2021-05-10', ratio: '1/4' });
    const result = matchRoundTrips([buy], { actions: [split, change] });
    expect(result.open_positions).toEqual([
      expect.objectContaining({ symbol: 'NEWH', shares: '250', avg_price: '0.4' }),
    ]);
  });

  it('is not applied onto a symbol already held, and says so', () => {
    const held = fill({ time: '2021-04-21', symbol: 'NEWH', side: 'buy', qty: '10', price: '1' });
    const result = matchRoundTrips([buy, held], { actions: [change] });
    expect(result.open_positions.map((p) => p.symbol)).toEqual(['BSRC', 'NEWH']);
    expect(result.actions).toEqual([
      expect.objectContaining({ outcome: 'not applied', reason: 'NEWH is already held' }),
    ]);
  });
});

describe('when an action falls between fills', () => {
  const at = (time: string) => fill({ time, side: 'buy', qty: '1', price: '1' });
  const timed = { time: '2022-06-03T20:25:00', epochMs: Date.UTC(2022, 5, 4, 0, 25) };
  const dated = { time: '2022-06-06', epochMs: Date.UTC(2022, 5, 6, 4) };

  it('a timed one (IBKR, after the close) by the instant, and after a date-only fill of its day', () => {
    expect(actionFirst(timed, at('2022-06-03T15:59:00'))).toBe(false);
    expect(actionFirst(timed, at('2022-06-06T09:30:00'))).toBe(true);
    expect(actionFirst(timed, at('2022-06-03'))).toBe(false);
    expect(actionFirst(timed, at('2022-06-04'))).toBe(true);
  });

  it('a date-only one before every fill of its day', () => {
    expect(actionFirst(dated, at('2022-06-03T15:59:00'))).toBe(false);
    expect(actionFirst(dated, at('2022-06-06T04:00:00'))).toBe(true);
    expect(actionFirst(dated, at('2022-06-06'))).toBe(true);
  });
});

describe('split ratios', () => {
  it('reads decimals and fractions of new over old shares, nothing else', () => {
    expect(readRatio('10')).toEqual({ new: toDecimal(10), old: toDecimal(1) });
    expect(readRatio('1/6')).toEqual({ new: toDecimal(1), old: toDecimal(6) });
    for (const bad of ['0', '1/0', '-2', '1/2/3', 'ten', '']) expect(readRatio(bad), bad).toBeNull();
  });

  it('turns what a member types into the stored fraction', () => {
    expect(parseRatioInput('10 for 1')).toBe('10/1');
    expect(parseRatioInput('1-for-10')).toBe('1/10');
    expect(parseRatioInput('3:2')).toBe('3/2');
    expect(parseRatioInput(' 1 FOR 7 ')).toBe('1/7');
    for (const bad of ['2 for 2', '10', 'for 1', '0 for 1', '1 for 0'])
      expect(parseRatioInput(bad), bad).toBeNull();
  });

  it('leaves the exact fraction of a ratio that does not divide', () => {
    // 1,000 ÷ 7 = 142.857142…: the fraction paid as cash in lieu stays visible, never rounded away.
    const after = splitShares(
      toDecimal(1000),
      action({ kind: 'split', symbol: 'X', time: '2026-01-02', ratio: '1/7' }),
    );
    expect(after?.toFixed()).toBe('142.85714285714285714286');
  });
});
