import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ArticleContentError,
  BUNDLE_FILE,
  loadArticles,
  MAX_IMAGE_BYTES,
  parseArticle,
  writeArticleBundle,
} from '../../functions/_lib/articles/content.ts';
import { articleSlug } from '../../functions/_lib/articles/rules.ts';

const IMAGE = '/images/articles/cover.webp';
const images: Record<string, number> = { [IMAGE]: 20_000, '/images/articles/huge.webp': MAX_IMAGE_BYTES + 1 };
const options = { imageSize: (sitePath: string) => images[sitePath] };

const PREVIEW = 'A preview long enough to pass the check, about how OTC stocks are quoted and traded.';
const frontMatter = (fields: Record<string, string> = {}) =>
  Object.entries({
    title: 'Reading the Tape',
    preview: PREVIEW,
    image: IMAGE,
    imageAlt: 'A price chart',
    date: '2026-05-01',
    free: 'true',
    ...fields,
  })
    .filter(([, value]) => value !== '')
    .map(([key, value]) => `${key}: ${value}`)
    .join('\n');
const file = (fields: Record<string, string> = {}, body = 'Some text.\n\n## A section\n\nMore text.') =>
  `---\n${frontMatter(fields)}\n---\n\n${body}\n`;

describe('the articles in content/articles', () => {
  const articles = loadArticles();

  it('pass every check, at least six, some free and some for members', () => {
    expect(articles.length).toBeGreaterThanOrEqual(6);
    expect(articles.filter((a) => a.free).length).toBeGreaterThanOrEqual(2);
    expect(articles.filter((a) => !a.free).length).toBeGreaterThanOrEqual(2);
  });

  it('are newest first, each at the address its title gives', () => {
    const dates = articles.map((a) => a.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const article of articles) expect(article.slug).toBe(articleSlug(article.title));
  });

  it('have a cover image that exists and bodies rendered to HTML', () => {
    for (const article of articles) {
      expect(statSync(path.join('site/public', article.img)).size).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
      expect(article.body).toMatch(/^<p>/);
    }
  });
});

describe('parseArticle accepts a well-formed article', () => {
  it('with its fields and a rendered body', () => {
    const body = [
      'A [link](https://example.com) and a [page](/faq).',
      '',
      `![A ladder](${IMAGE})`,
      '',
      '| Bid | Ask |',
      '| --- | --- |',
      '| 0.0042 | 0.0043 |',
    ].join('\n');
    const result = parseArticle('reading_the_tape.md', file({}, body), options);
    expect(result).toEqual({
      article: {
        slug: 'reading_the_tape',
        title: 'Reading the Tape',
        preview: PREVIEW,
        img: IMAGE,
        imgAlt: 'A price chart',
        date: '2026-05-01',
        free: true,
        body: expect.any(String),
      },
    });
    const html = 'article' in result ? result.article.body : '';
    expect(html).toContain('<a href="https://example.com" rel="noopener">link</a>');
    expect(html).toContain('<a href="/faq">page</a>');
    expect(html).toContain(`<img src="${IMAGE}" alt="A ladder" loading="lazy" decoding="async">`);
    expect(html).toContain('<td>0.0042</td>');
  });

  it('escapes text rather than trusting it', () => {
    const result = parseArticle('reading_the_tape.md', file({}, 'Price < 0.01 & "quotes"'), options);
    expect('article' in result && result.article.body).toBe(
      '<p>Price &lt; 0.01 &amp; &quot;quotes&quot;</p>\n',
    );
  });
});

// Each broken file is reported with its file and the field or rule, so the build says what to fix.
describe.each([
  ['no front-matter', 'Just text', 'must start with front-matter'],
  ['front-matter that is not YAML', '---\ntitle: [unclosed\n---\nBody', 'front-matter is not valid YAML'],
  ['a missing title', file({ title: '' }), 'title:'],
  ['a short preview', file({ preview: 'Too short.' }), 'preview:'],
  ['an unknown field', file({ author: 'Someone' }), 'author'],
  ['no free flag', file({ free: '' }), 'free: must be true (everyone may read it) or false (members only)'],
  ['free as text', file({ free: 'yes' }), 'free: must be true'],
  ['a date in another format', file({ date: '05/01/2026' }), 'date: must be a date written YYYY-MM-DD'],
  ['an impossible date', file({ date: '2026-02-30' }), 'date: must be a date written YYYY-MM-DD'],
  [
    'an image outside the article images',
    file({ image: '/favicon.svg' }),
    'image: must be a file in site/public/images/articles/',
  ],
  ['a remote image', file({ image: 'https://example.com/x.webp' }), 'image: must be a file'],
  [
    'a missing image',
    file({ image: '/images/articles/missing.webp' }),
    'image: site/public/images/articles/missing.webp does not exist',
  ],
  ['an image that is too big', file({ image: '/images/articles/huge.webp' }), 'keep images under 150 KB'],
  ['no alt text', file({ imageAlt: '' }), 'imageAlt:'],
  ['an empty body', file({}, ''), 'the body (the Markdown after the front-matter) is empty'],
  ['HTML in the body', file({}, 'Text\n\n<div onclick="x()">Hi</div>'), 'the body may not contain HTML'],
  [
    'inline HTML in the body',
    file({}, 'Text with <script>alert(1)</script> inside'),
    'the body may not contain HTML',
  ],
  ['a second top heading', file({}, '# Another title\n\nText'), "the title is the page's only top heading"],
  ['a javascript: link', file({}, '[x](javascript:alert(1))'), 'link "javascript:alert(1)": use https://'],
  ['a plain http link', file({}, '[x](http://example.com)'), 'link "http://example.com": use https://'],
  [
    'a remote body image',
    file({}, '![x](https://example.com/x.png)'),
    'put it in site/public/images/articles/',
  ],
  [
    'a missing body image',
    file({}, '![x](/images/articles/nope.webp)'),
    'site/public/images/articles/nope.webp does not exist',
  ],
  ['a body image without alt text', file({}, `![](${IMAGE})`), 'describe it between the brackets'],
])('parseArticle rejects %s', (_case, source, message) => {
  it('naming the file and what is wrong', () => {
    const result = parseArticle('reading_the_tape.md', source, options);
    expect(result).toHaveProperty('problems');
    const problems = 'problems' in result ? result.problems : [];
    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems) expect(problem).toMatch(/^content\/articles\/reading_the_tape\.md: /);
    expect(problems.join('\n')).toContain(message);
  });
});

describe('the file name', () => {
  it('must be the slug of the title', () => {
    const result = parseArticle('tape.md', file(), options);
    expect(result).toEqual({
      problems: [
        'content/articles/tape.md: the file name must be the address of the title: rename it to reading_the_tape.md (/articles/reading_the_tape)',
      ],
    });
  });

  it('needs a title with a letter or digit', () => {
    const result = parseArticle('_.md', file({ title: "'?!'" }), options);
    expect('problems' in result && result.problems.join()).toContain(
      'title: needs at least one letter or digit',
    );
  });
});

describe('loading a folder', () => {
  let root = '';
  const setUp = (files: Record<string, string>) => {
    root = mkdtempSync(path.join(tmpdir(), 'otc-articles-'));
    mkdirSync(path.join(root, 'content/articles'), { recursive: true });
    mkdirSync(path.join(root, 'site/public/images/articles'), { recursive: true });
    mkdirSync(path.join(root, path.dirname(BUNDLE_FILE)), { recursive: true });
    writeFileSync(path.join(root, 'site/public', IMAGE), 'image');
    for (const [name, text] of Object.entries(files))
      writeFileSync(path.join(root, 'content/articles', name), text);
  };
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('reports the problems of every file at once', () => {
    setUp({
      'reading_the_tape.md': file({ date: 'soon' }),
      'other.md': file({ title: 'Other', free: 'maybe' }),
      'notes.txt': 'not an article',
    });
    let error: unknown;
    try {
      loadArticles(root);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ArticleContentError);
    expect((error as ArticleContentError).problems).toEqual([
      'content/articles/other.md: free: must be true (everyone may read it) or false (members only)',
      'content/articles/reading_the_tape.md: date: must be a date written YYYY-MM-DD',
    ]);
    expect((error as Error).message).toContain('content/articles has 2 problem(s)');
  });

  it('sorts newest first and writes the functions bundle only when the articles change', () => {
    setUp({
      'reading_the_tape.md': file({ date: '2026-01-01' }),
      'level_2.md': file({ title: 'Level 2', date: '2026-03-01', free: 'false' }),
    });
    expect(loadArticles(root).map((a) => [a.slug, a.free])).toEqual([
      ['level_2', false],
      ['reading_the_tape', true],
    ]);
    expect(writeArticleBundle(root)).toEqual({ articles: 2, written: true });
    const bundle = path.join(root, BUNDLE_FILE);
    const before = statSync(bundle).mtimeMs;
    expect(writeArticleBundle(root)).toEqual({ articles: 2, written: false });
    expect(statSync(bundle).mtimeMs).toBe(before);
    expect(JSON.parse(readFileSync(bundle, 'utf8'))).toEqual(loadArticles(root));

    writeFileSync(path.join(root, 'content/articles/level_2.md'), file({ title: 'Level 2', free: 'true' }));
    expect(writeArticleBundle(root)).toEqual({ articles: 2, written: true });
  });
});
