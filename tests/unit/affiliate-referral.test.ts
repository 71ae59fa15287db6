import { describe, expect, it } from 'vitest';
import { commission, formatUnits } from '../../functions/_lib/affiliates/commission.ts';
import {
  parseClickId,
  parseReferral,
  REFERRAL_MAX_AGE_S,
  referralCookie,
  referralFromCookies,
  referralFromSearch,
} from '../../functions/_lib/affiliates/rules.ts';

describe('referral ids', () => {
  it.each([
    ['abc123', 'abc123'],
    ['james-bond', 'james-bond'],
    ['A_b-9', 'A_b-9'],
    ['a'.repeat(64), 'a'.repeat(64)],
    ['a'.repeat(65), null],
    ['', null],
    ['abc def', null],
    ['abc;path=/', null],
    ['<script>', null],
    ['ünï', null],
    ['abc%20', null],
    [undefined, null],
    [42, null],
  ])('parseReferral(%j) → %j', (value, expected) => {
    expect(parseReferral(value)).toBe(expected);
  });

  it.each([
    ['0F8B2C1E-4D5A-4E6F-9A7B-1C2D3E4F5A6B', '0f8b2c1e-4d5a-4e6f-9a7b-1c2d3e4f5a6b'],
    ['0f8b2c1e4d5a4e6f9a7b1c2d3e4f5a6b', null],
    ['', null],
    [null, null],
  ])('parseClickId(%j) → %j', (value, expected) => {
    expect(parseClickId(value)).toBe(expected);
  });
});

describe('the referral in a page address', () => {
  it.each([
    ['?via=abc123', 'abc123'],
    ['?ref=abc123', 'abc123'],
    ['?via=first&ref=second', 'first'],
    ['?via=bad%20id&ref=good', 'good'], // an invalid via does not hide a valid ref
    ['?discount=email&via=abc123', 'abc123'],
    ['?via=', null],
    ['?via=%3Cscript%3E', null],
    ['?video=abc123', null],
    ['', null],
  ])('%j → %j', (search, expected) => {
    expect(referralFromSearch(search)).toBe(expected);
  });
});

describe('the referral cookie', () => {
  it.each([
    ['otc_ref=abc123', 'abc123'],
    ['otc_session=1; otc_ref=abc123; other=x', 'abc123'],
    ['other=x;otc_ref=abc123', 'abc123'],
    ['otc_ref=abc%3Bx', null],
    ['xotc_ref=abc123', null],
    ['otc_ref=', null],
    ['', null],
  ])('%j → %j', (cookies, expected) => {
    expect(referralFromCookies(cookies)).toBe(expected);
  });

  it('keeps it 30 days on the whole site, first party, secure on https', () => {
    expect(REFERRAL_MAX_AGE_S).toBe(30 * 24 * 60 * 60);
    expect(referralCookie('abc123', true)).toBe(
      'otc_ref=abc123; path=/; max-age=2592000; samesite=lax; secure',
    );
    expect(referralCookie('abc123', false)).toBe('otc_ref=abc123; path=/; max-age=2592000; samesite=lax');
  });
});

describe('commission, exact', () => {
  it.each([
    ['64.99', 30, '19.497'],
    ['599.99', 30, '179.997'],
    ['479.99', 30, '143.997'],
    ['60.00', 30, '18.00'],
    ['0.01', 30, '0.003'],
    ['58.49', 30, '17.547'],
    ['64.99', 100, '64.99'],
    ['0.00', 30, '0.00'],
  ])('%s at %i%% → %s', (amount, percent, expected) => {
    expect(commission(amount, percent)).toBe(expected);
  });

  it('formats ten-thousandths with at least two decimals', () => {
    expect(formatUnits(194_975)).toBe('19.4975');
    expect(formatUnits(10_000)).toBe('1.00');
    expect(formatUnits(5)).toBe('0.0005');
  });

  it('refuses a percent that is not whole', () => {
    expect(() => commission('10.00', 12.5)).toThrow(/not a percent/);
  });
});
