import { describe, expect, it } from 'vitest';
import { articleSlug, PREVIEW_LENGTH, previewText } from '../../functions/_lib/articles/rules.ts';

// docs/product.md §2: title lower-cased, spaces to underscores, characters other than letters, digits,
// hyphen and underscore removed.
describe.each([
  ['How the OTC Market Works', 'how_the_otc_market_works'],
  [
    'Dilution 101: Authorized, Outstanding and the Float',
    'dilution_101_authorized_outstanding_and_the_float',
  ],
  ['Reading Level 2 on a Sub-Penny Stock', 'reading_level_2_on_a_sub-penny_stock'],
  ["Reading an OTC Company's Filings in 20 Minutes", 'reading_an_otc_companys_filings_in_20_minutes'],
  ['Position Sizing When a Tick Is 10%', 'position_sizing_when_a_tick_is_10'],
  ['already_snake-case', 'already_snake-case'],
  ['Two  spaces', 'two__spaces'],
  [' Leading and trailing ', '_leading_and_trailing_'],
  ['Stocks - A Primer', 'stocks_-_a_primer'],
  ['$ABCD: +300%?!', 'abcd_300'],
  ['Tabs\tand\nnew lines are not spaces', 'tabsandnew_lines_are_not_spaces'],
  ['Café Penny Stocks', 'caf_penny_stocks'],
  ['Emoji 🚀 Rally', 'emoji__rally'],
  ['UPPER lower 123', 'upper_lower_123'],
  ['', ''],
])('articleSlug(%j)', (title, slug) => {
  it(`is ${JSON.stringify(slug)}`, () => {
    expect(articleSlug(title)).toBe(slug);
  });
});

const repeat = (count: number, text = 'a') => text.repeat(count);

// docs/product.md §2: previews cut to 140 characters plus an ellipsis.
describe.each(
  [
    ['a short preview', 'a short preview'],
    ['exactly 140 characters', repeat(140), repeat(140)],
    ['141 characters', repeat(141), `${repeat(140)}…`],
    ['far longer', repeat(400), `${repeat(140)}…`],
    ['spaces left at the cut are dropped', `${repeat(138)}  tail`, `${repeat(138)}…`],
    ['surrounding spaces do not count', `  ${repeat(140)}  `, repeat(140)],
    ['an emoji is one character and never split', `${repeat(139)}🚀🚀`, `${repeat(139)}🚀…`],
    [
      'a letter with a combining accent is one character',
      `${repeat(139)}e\u0301xyz`,
      `${repeat(139)}e\u0301…`,
    ],
    ['an empty preview', '', ''],
  ].map((row) => (row.length === 2 ? [row[0], row[0], row[1]] : row)) as Array<[string, string, string]>,
)('previewText: %s', (_case, preview, expected) => {
  it('is cut as docs/product.md §2 says', () => {
    expect(previewText(preview)).toBe(expected);
  });
});

describe('previewText with another length', () => {
  it.each([
    [10, 'Penny stocks move fast', 'Penny stoc…'],
    [4, 'OTC Markets', 'OTC…'],
    [22, 'Penny stocks move fast', 'Penny stocks move fast'],
  ])('cut at %i', (length, preview, expected) => {
    expect(previewText(preview, length)).toBe(expected);
  });

  it('uses the brief length by default', () => {
    expect(PREVIEW_LENGTH).toBe(140);
  });
});
