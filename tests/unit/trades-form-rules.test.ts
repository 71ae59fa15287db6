import { describe, expect, it } from 'vitest';
import type { Trade } from '../../functions/_lib/contract/index.ts';
import { CLOCK_SKEW_MS, TRADE_MESSAGES, tradeFormProblem } from '../../functions/_lib/trades/rules.ts';
import { formTime, formValues, shownPrices } from '../../member-app/trades/trade-form-values.ts';

// The trade form's rules by field (docs/product.md §5 Trade form) and its values in market time.

const base = { symbol: 'ABCD', buyPrice: '0.0042', shares: '1000' };
const now = Date.UTC(2026, 10, 25, 21, 0);

describe('the rules name the field at fault', () => {
  it.each([
    [{ symbol: '$$' }, 'symbol', TRADE_MESSAGES.symbol],
    [{ buyPrice: '' }, 'buyPrice', TRADE_MESSAGES.price],
    [{ tradeType: 'sell', buyPrice: '', sellPrice: '' }, 'sellPrice', TRADE_MESSAGES.price],
    [{ tradeType: 'sell', buyPrice: '', sellPrice: '1.23456' }, 'sellPrice', TRADE_MESSAGES.invalidPrice],
    [{ shares: '0' }, 'shares', TRADE_MESSAGES.invalidShares],
    [{ time: Number.NaN }, 'time', TRADE_MESSAGES.time],
    [{ time: now + CLOCK_SKEW_MS + 1 }, 'time', TRADE_MESSAGES.futureTime],
    [{ fees: '-0.05' }, 'fees', TRADE_MESSAGES.fees],
    [{ fees: '1.2.3' }, 'fees', TRADE_MESSAGES.fees],
  ] as const)('%j → %s', (fields, field, message) => {
    expect(tradeFormProblem({ ...base, ...fields }, now)).toEqual({ field, message });
  });

  it('takes a sell with its sell price only, a time up to a minute ahead, and fees of 0 or more', () => {
    expect(
      tradeFormProblem({ ...base, tradeType: 'sell', buyPrice: '', sellPrice: '0.0051' }, now),
    ).toBeNull();
    expect(tradeFormProblem({ ...base, time: now + CLOCK_SKEW_MS }, now)).toBeNull();
    expect(tradeFormProblem({ ...base, fees: '0' }, now)).toBeNull();
    expect(tradeFormProblem({ ...base, fees: '1,99' }, now)).toBeNull();
    // A sell saved earlier with only its buy price (its execution price then) can still be edited.
    expect(tradeFormProblem({ ...base, tradeType: 'sell', sellPrice: '' }, now)).toBeNull();
  });
});

describe('the form’s values', () => {
  const sell = { tradeType: 'sell', buyPrice: null, sellPrice: '0.0051', fees: '1.5', time: now } as Trade;

  it('reads a trade’s time on the market’s clock and back, and its fees', () => {
    const values = formValues(sell);
    expect(values).toMatchObject({ date: '2026-11-25', time: '16:00:00', fees: '1.5', sellPrice: '0.0051' });
    expect(formTime(values, 'America/New_York')).toBe(now);
    expect(formTime({ date: '2026-11-24', time: '10:00' }, 'America/New_York')).toBe(
      Date.UTC(2026, 10, 24, 15),
    );
    expect(formTime({ date: '', time: '10:00' })).toBeNaN();
  });

  it('starts a new trade as a buy, now, with no fees', () => {
    expect(formValues(null, now)).toMatchObject({
      tradeType: 'buy',
      date: '2026-11-25',
      time: '16:00:00',
      fees: '0',
    });
  });

  it('asks for the side’s own price, and keeps a price an edited trade has', () => {
    expect(shownPrices('buy', null)).toEqual({ buyPrice: true, sellPrice: false });
    expect(shownPrices('sell', null)).toEqual({ buyPrice: false, sellPrice: true });
    expect(shownPrices('sell', sell)).toEqual({ buyPrice: false, sellPrice: true });
    expect(shownPrices('sell', { ...sell, buyPrice: '0.0042' })).toEqual({ buyPrice: true, sellPrice: true });
  });
});
