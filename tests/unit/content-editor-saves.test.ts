import { describe, expect, it } from 'vitest';
import { articleSlug } from '../../functions/_lib/articles/rules.ts';
import { editorSlug, emptyOptionalPaths, entryProblems } from '../../site/cms/validate.ts';
import { staticPageSchema } from '../../site/lib/content-schemas.ts';

/** The check every save of the content editor passes before a file is written (site/cms/validate.ts). */
const article = {
  title: 'Reading Level 2 on a Sub-Penny Stock',
  preview:
    'What the bid and ask ladders really show on a stock that trades below a cent, and what they hide.',
  image: '/images/articles/reading_level_2_on_a_sub-penny_stock.webp',
  imageAlt: 'Two order-book columns side by side',
  date: '2026-10-21',
  free: false,
  body: 'Body text.',
};
const existing = { slug: 'reading_level_2_on_a_sub-penny_stock', isNew: false };

describe('entryProblems', () => {
  it('accepts a valid article and a valid page', () => {
    expect(entryProblems('articles', { ...existing, data: article })).toBeUndefined();
    const faq = {
      title: 'FAQ',
      description: 'Answers about OTC Edge membership: what it is for and what you get.',
    };
    expect(entryProblems('pages', { slug: 'faq', isNew: false, data: faq })).toBeUndefined();
  });

  it.each([
    ['a missing title', { title: undefined }, 'title: '],
    ['a bad date', { date: '21/10/2026' }, 'date: must be a date written YYYY-MM-DD'],
    ['an unknown key', { author: 'Sam' }, 'Unrecognized key: "author"'],
    [
      'a picture outside the article images',
      { image: '/uploads/x.png' },
      'image: must be a file in site/public/images/articles/',
    ],
  ])('refuses %s, naming the file and the field', (_, change, message) => {
    const problem = entryProblems('articles', { ...existing, data: { ...article, ...change } });
    expect(problem?.file).toBe('content/articles/reading_level_2_on_a_sub-penny_stock.md');
    expect(problem?.problems.join('\n')).toContain(message);
  });

  it('refuses a new title on a saved article: its file name is its address', () => {
    const problem = entryProblems('articles', {
      ...existing,
      data: { ...article, title: 'Level 2, Revisited' },
    });
    expect(problem?.problems).toEqual([
      expect.stringMatching(/^title: the address \/articles\/reading_level_2/),
    ]);
  });

  it.each([
    ['Reading Level 2 on a Sub-Penny Stock', true],
    ["Don't Chase: Sizing a $0 Stock (Part 2)", true],
    ['Q&A with a Market Maker', false],
    ['Ticks of $0.0001', false],
    ['Résumé of the Week', false],
    ['Two  Spaces', false],
  ])('a new article titled %j is saved only when its file name is its address (%s)', (title, saved) => {
    expect(editorSlug(title) === articleSlug(title)).toBe(saved);
    const problem = entryProblems('articles', { slug: '', isNew: true, data: { ...article, title } });
    expect(problem === undefined).toBe(saved);
  });
});

describe('emptyOptionalPaths', () => {
  it('finds the optional fields an editor left empty, at any depth, and leaves required ones', () => {
    const page = {
      title: '',
      description: 'x',
      heading: '',
      intro: 'Kept.',
      linkGroups: [{ heading: 'Podcasts', links: [{ label: 'A', url: 'https://a.example', note: '' }] }],
    };
    expect(emptyOptionalPaths(staticPageSchema, page)).toEqual([
      ['heading'],
      ['linkGroups', 0, 'links', 0, 'note'],
    ]);
  });
});
