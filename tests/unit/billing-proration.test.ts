import { describe, expect, it } from 'vitest';
import { periodEnd } from '../../functions/_lib/billing/local-billing.ts';
import { amountDueNow, fromMinorUnits, periodStart } from '../../functions/_lib/billing/proration.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('the amount a change of plan charges now (local billing, as Stripe prorates)', () => {
  const start = Date.UTC(2026, 2, 1);
  const end = Date.UTC(2026, 3, 1); // 31 days

  it('charges the new price less the unused share of the paid one, to the cent', () => {
    const change = { paid: '64.99', newPrice: '599.99', periodStart: start, periodEnd: end };
    expect(amountDueNow({ ...change, now: start })).toBe('535.00');
    expect(amountDueNow({ ...change, now: end })).toBe('599.99');
    // 10 of 31 days used: credit 64.99 × 21/31 = 44.0254…, due 555.9645… → 555.96 (half up).
    expect(amountDueNow({ ...change, now: start + 10 * DAY })).toBe('555.96');
  });

  it('credits what was paid (a promo price), and never goes below zero', () => {
    expect(
      amountDueNow({ paid: '58.49', newPrice: '599.99', periodStart: start, periodEnd: end, now: start }),
    ).toBe('541.50');
    expect(
      amountDueNow({ paid: '100.00', newPrice: '10.00', periodStart: start, periodEnd: end, now: start }),
    ).toBe('0.00');
  });

  it('steps a period back as periods are made', () => {
    expect(periodStart(end, 'monthly')).toBe(start);
    expect(periodStart(Date.UTC(2027, 2, 1), 'yearly')).toBe(start);
    const from = Date.UTC(2026, 4, 17, 9, 30);
    expect(periodStart(periodEnd(from, 'monthly'), 'monthly')).toBe(from);
  });

  it("turns Stripe's cents into exact decimals", () => {
    expect(fromMinorUnits(53566)).toBe('535.66');
    expect(fromMinorUnits(5)).toBe('0.05');
    expect(fromMinorUnits(0)).toBe('0.00');
  });
});
