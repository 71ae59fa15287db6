import { describe, expect, it } from 'vitest';
import {
  customerTerms,
  emailTerms,
  nameTerms,
  QUERY_MAX,
  searchText,
} from '../../functions/_lib/operator/search-terms.ts';

// The terms the console's search files members under (docs/operator.md "Search"), and the one
// spelling terms and queries share.

describe('searchText', () => {
  it('folds case and compatible forms, one space for any run of white space, no control characters', () => {
    expect(searchText('  Ann\t\n  LEE ')).toBe('ann lee');
    expect(searchText('Ｊｏｈｎ')).toBe('john');
    expect(searchText('ÉLODIE')).toBe('élodie');
    expect(searchText('a\u0000b')).toBe('a b');
  });

  it('cuts at the longest query, by characters', () => {
    expect([...searchText('🚀'.repeat(300))]).toHaveLength(QUERY_MAX);
  });
});

describe('terms', () => {
  it('an email: the whole address and the domain after its @', () => {
    expect(emailTerms('Ann.Lee+x@Mail.Example.com')).toEqual([
      'ann.lee+x@mail.example.com',
      '@mail.example.com',
    ]);
    expect(emailTerms('')).toEqual([]);
  });

  it('a customer id, lower-cased; none for none', () => {
    expect(customerTerms('cus_NffrFeUfNV2Hib')).toEqual(['cus_nffrfeufnv2hib']);
    expect(customerTerms('')).toEqual([]);
    expect(customerTerms(null)).toEqual([]);
  });

  it('a name: whole, and what follows each word break (2 characters or more), at most 5 terms', () => {
    expect(nameTerms('Ann  B. Lee')).toEqual(['ann b. lee', 'b. lee', 'lee']);
    expect(nameTerms('trader.one_x')).toEqual(['trader.one_x', 'one_x']);
    expect(nameTerms('Lee A')).toEqual(['lee a']);
    expect(nameTerms('aa bb cc dd ee ff gg')).toEqual([
      'aa bb cc dd ee ff gg',
      'bb cc dd ee ff gg',
      'cc dd ee ff gg',
      'dd ee ff gg',
      'ee ff gg',
    ]);
    expect(nameTerms(null)).toEqual([]);
  });
});
