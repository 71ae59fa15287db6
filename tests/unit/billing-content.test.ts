import { describe, expect, it } from 'vitest';
import raw from '../../content/billing.json' with { type: 'json' };
import { parseBillingContent } from '../../functions/_lib/billing/billing-content.ts';
import { discounted, fromCents, toCents, yearlySaveLabel } from '../../functions/_lib/billing/prices.ts';

describe('content/billing.json', () => {
  it('is valid', () => {
    expect(() => parseBillingContent(raw)).not.toThrow();
  });

  it.each([
    [{ ...raw, plans: { ...raw.plans, monthly: { price: '64.9' } } }, /plans.monthly.price/],
    [
      { ...raw, promoCodes: [...raw.promoCodes, { code: 'WELCOME10', percentOff: 5, plan: 'monthly' }] },
      /each code once/,
    ],
    [{ ...raw, promoCodes: [{ code: 'lower', percentOff: 5, plan: 'monthly' }] }, /capital letters/],
    [{ ...raw, emailPromoCode: 'MISSING' }, /emailPromoCode must be one of promoCodes/],
    [{ ...raw, extra: 1 }, /extra/],
  ])('fails with the field named: %#', (content, message) => {
    expect(() => parseBillingContent(content)).toThrow(message);
  });
});

describe('prices (exact cents)', () => {
  it.each([
    ['64.99', 10, '58.49'], // 58.491
    ['599.99', 20, '479.99'], // 479.992
    ['64.99', 15, '55.24'], // 55.2415
    ['64.99', 50, '32.50'], // 32.495 → half up
    ['10.00', 100, '0.00'],
    ['0.01', 0, '0.01'],
  ])('%s less %i%% is %s', (price, percent, expected) => {
    expect(discounted(price, percent)).toBe(expected);
  });

  it('round-trips cents', () => {
    expect(toCents('599.99')).toBe(59999);
    expect(toCents('5.5')).toBe(550);
    expect(fromCents(5)).toBe('0.05');
    expect(() => toCents('1.234')).toThrow();
  });

  it("labels yearly 'Save 20%' once plans are stored, 'Save 23%' before (docs/product.md §9)", () => {
    expect(yearlySaveLabel(null)).toBe('Save 23%');
    expect(yearlySaveLabel({ yearly: { id: 'y', price: '599.99' } })).toBe('Save 20%');
  });
});
