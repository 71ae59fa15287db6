import { describe, expect, it } from 'vitest';
import { cleanSymbol } from '../../functions/_lib/trades/brokers/fields.ts';
import { COVER, sideWords } from '../../functions/_lib/trades/brokers/sides.ts';

// Cell readings every format shares: one rule each, not one per broker.
describe('cleanSymbol', () => {
  it.each([
    ['abcd', 'ABCD'],
    [' US.TLRY ', 'TLRY'],
    ['HK.700', '700'],
    ['$SNDL', 'SNDL'],
    ['BRK.B', 'BRK.B'],
    ['', ''],
  ])('%j is %j', (cell, symbol) => {
    expect(cleanSymbol(cell)).toBe(symbol);
  });
});

describe('side codes', () => {
  it("reads Questrade's `Cov` as a cover", () => {
    expect(sideWords('Cov')).toBe(COVER);
  });
});
