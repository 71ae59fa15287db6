import type { Descendant } from 'slate';
import { describe, expect, it } from 'vitest';
import { loadSanitizer, sanitizeNoteBody } from '../../functions/_lib/journal/sanitize.ts';
import { symbolsOf } from '../../member-app/journal/editor/cashtags.ts';
import { serialize } from '../../member-app/journal/editor/html.ts';
import { normalized } from '../../member-app/journal/editor/schema.ts';
import { MARKS, type Mark, type NoteElement } from '../../member-app/journal/editor/types.ts';
import { imageAlt, imageSrc, linkHref, videoLinkId } from '../../member-app/journal/editor/urls.ts';
import { ATOM, decodeSpaces, encodeSpaces } from '../../member-app/journal/editor/whitespace.ts';

await loadSanitizer();

// The editor's HTML must be the sanitizer's canonical form: saved, a note comes back unchanged.
const expectStable = (html: string) => expect(sanitizeNoteBody(html)).toBe(html);

const text = (value: string, ...marks: Mark[]) => ({
  text: value,
  ...Object.fromEntries(marks.map((m) => [m, true])),
});
const p = (...children: Descendant[]): NoteElement => ({ type: 'paragraph', children });
const line = (type: NoteElement['type'], value: string) =>
  ({ type, children: [{ text: value }] }) as NoteElement;
const cell = (value: string): NoteElement => line('table-cell', value);
const chip = (symbol: string): NoteElement => ({ type: 'cashtag', symbol, children: [{ text: '' }] });
const link = (url: string, ...children: Descendant[]): NoteElement => ({ type: 'link', url, children });
const image = (src: string, alt: string): NoteElement => ({
  type: 'image',
  src,
  alt,
  children: [{ text: '' }],
});
const video = (id: string, title: string): NoteElement => ({
  type: 'video',
  id,
  title,
  children: [{ text: '' }],
});

describe('serialize: one canonical form per element', () => {
  it.each<[string, Descendant[], string]>([
    ['paragraph', [p(text('Plain'))], '<p>Plain</p>'],
    ['empty paragraph', [p(text(''))], '<p></p>'],
    [
      'headings',
      [line('heading-one', 'A'), line('heading-two', 'B'), line('heading-three', 'C')],
      '<h1>A</h1><h2>B</h2><h3>C</h3>',
    ],
    [
      'consecutive quote lines: one blockquote',
      [line('quote', 'Cut'), line('quote', 'losses')],
      '<blockquote><p>Cut</p><p>losses</p></blockquote>',
    ],
    [
      'lists',
      [
        { type: 'bulleted-list', children: [line('list-item', 'one'), line('list-item', '')] },
        { type: 'numbered-list', children: [line('list-item', 'first')] },
      ],
      '<ul><li>one</li><li></li></ul><ol><li>first</li></ol>',
    ],
    [
      'code block',
      [{ type: 'code-block', children: [{ text: 'if (gap > 20)\n  watch();' }] }],
      '<pre><code>if (gap &gt; 20)\n  watch();</code></pre>',
    ],
    [
      'table with a header row',
      [
        {
          type: 'table',
          children: [
            { type: 'table-row', header: true, children: [cell('Entry'), cell('Exit')] },
            { type: 'table-row', children: [cell('0.0042'), cell('')] },
          ],
        },
      ],
      '<table><thead><tr><th>Entry</th><th>Exit</th></tr></thead><tbody><tr><td>0.0042</td><td></td></tr></tbody></table>',
    ],
    [
      'table without a header row',
      [{ type: 'table', children: [{ type: 'table-row', children: [cell('x')] }] }],
      '<table><tbody><tr><td>x</td></tr></tbody></table>',
    ],
    [
      'video',
      [video('abc123', 'Level 2 basics')],
      '<div data-video="abc123" data-title="Level 2 basics"></div>',
    ],
    ['video without a title', [video('abc123', '')], '<div data-video="abc123"></div>'],
    [
      'link',
      [p(text(''), link('https://www.otcmarkets.com/', text('filing')), text(''))],
      '<p><a href="https://www.otcmarkets.com/">filing</a></p>',
    ],
    [
      'site and mailto links',
      [p(link('/videos/watch/abc/x', text('lesson')), link('mailto:ir@example.com', text('IR')))],
      '<p><a href="/videos/watch/abc/x">lesson</a><a href="mailto:ir@example.com">IR</a></p>',
    ],
    [
      'cashtag chip',
      [p(text('Watching '), chip('ABCD'), text(' today'))],
      '<p>Watching <span data-cashtag="ABCD">$ABCD</span> today</p>',
    ],
    [
      'image, alone on its line',
      [p(text(''), image('https://images.example.com/chart.png', 'chart.png'), text(''))],
      '<p><img src="https://images.example.com/chart.png" alt="chart.png" /></p>',
    ],
    [
      'image without alt text',
      [p(image('https://x.example/a.png', ''))],
      '<p><img src="https://x.example/a.png" alt="" /></p>',
    ],
    ['line break', [p(text('Line one\nLine two'))], '<p>Line one<br />Line two</p>'],
    [
      'marks nest in a fixed order',
      [p(text('all', 'code', 'underline', 'italic', 'bold'))],
      '<p><strong><em><u><code>all</code></u></em></strong></p>',
    ],
    [
      'marks shared by neighbours stay open',
      [p(text('a', 'bold'), text('b', 'bold', 'italic'), text('c', 'bold'))],
      '<p><strong>a<em>b</em>c</strong></p>',
    ],
    [
      'marks inside a link',
      [p(link('/x', text('a', 'bold'), text('b')))],
      '<p><a href="/x"><strong>a</strong>b</a></p>',
    ],
  ])('%s', (_name, doc, html) => {
    expect(serialize(doc)).toBe(html);
    expectStable(html);
  });

  it('every combination of marks is stable', () => {
    for (let bits = 0; bits < 16; bits++) {
      const marks = MARKS.filter((_, i) => bits & (1 << i));
      expectStable(serialize([p(text('x', ...marks), text('y'), text('z', ...marks))]));
    }
  });
});

describe('serialize: escaping, as the sanitizer prints', () => {
  it('escapes &, < and > in text; quotes stay', () => {
    const html = serialize([p(text(`5 < 6 > 4 & "quoted" it's &amp; 📈`))]);
    expect(html).toBe(`<p>5 &lt; 6 &gt; 4 &amp; "quoted" it's &amp;amp; 📈</p>`);
    expectStable(html);
  });

  it('escapes &, <, > and " in attributes', () => {
    const html = serialize([
      p(
        link('https://x.example/a?b=1&c="2"', text('q')),
        image('https://x.example/i.png?w=1&h=2', `"Daily" <chart> & more`),
      ),
      video('abc_1-2', `Level 2 "basics" & <more>`),
    ]);
    expect(html).toBe(
      '<p><a href="https://x.example/a?b=1&amp;c=%222%22">q</a><img src="https://x.example/i.png?w=1&amp;h=2" alt="&quot;Daily&quot; &lt;chart&gt; &amp; more" /></p>' +
        '<div data-video="abc_1-2" data-title="Level 2 &quot;basics&quot; &amp; &lt;more&gt;"></div>',
    );
    expectStable(html);
  });

  it('cuts a video title to the 200 characters the sanitizer keeps, never inside a character', () => {
    const title = `${'x'.repeat(199)}📈 and more`;
    const html = serialize([video('abc', title)]);
    expect(html).toBe(`<div data-video="abc" data-title="${'x'.repeat(199)}"></div>`);
    expectStable(html);
  });

  it('leaves out the empty line the editor keeps after a final table or video', () => {
    const table = { type: 'table', children: [{ type: 'table-row', children: [cell('x')] }] } as NoteElement;
    expect(serialize([video('abc', 'V'), p(text(''))])).toBe('<div data-video="abc" data-title="V"></div>');
    expect(serialize([table, p(text(''))])).toBe('<table><tbody><tr><td>x</td></tr></tbody></table>');
    expect(serialize([video('abc', 'V'), p(text('x'))])).toBe(
      '<div data-video="abc" data-title="V"></div><p>x</p>',
    );
    expect(serialize([p(text('')), p(text(''))])).toBe('<p></p><p></p>');
  });

  it('drops what the sanitizer would drop: unsafe links become text, unsafe images and videos go', () => {
    const doc = [
      p(
        link('javascript:alert(1)', text('x')),
        link('//evil.example', text('y')),
        image('data:image/png;base64,AA', ''),
        image('/a.png', ''),
      ),
      video('../../etc', 'x'),
      p(chip('<img>'), chip('ABC1')),
    ];
    const html = serialize(doc);
    expect(html).toBe('<p>xy</p><p></p>');
    expectStable(html);
  });
});

describe('serialize: spaces show as typed', () => {
  it.each([
    ['a  b', '<p>a \u00a0b</p>'],
    [' lead', '<p>\u00a0lead</p>'],
    ['trail ', '<p>trail\u00a0</p>'],
    ['   ', '<p>\u00a0 \u00a0</p>'],
    ['a \nb', '<p>a\u00a0<br />b</p>'],
    ['tab\there', '<p>tab here</p>'],
    ['\u00a0kept\u00a0', '<p>\u00a0kept\u00a0</p>'],
  ])('%j → %j', (value, html) => {
    expect(serialize([p(text(value))])).toBe(html);
    expectStable(html);
  });

  it('works across marks, links and chips', () => {
    const html = serialize([
      p(text('a '), text(' b', 'bold'), chip('ABCD'), text(' '), link('/x', text(' c '))),
    ]);
    expect(html).toBe(
      '<p>a <strong>\u00a0b</strong><span data-cashtag="ABCD">$ABCD</span> <a href="/x">\u00a0c\u00a0</a></p>',
    );
    expectStable(html);
  });

  it('reading back the written spaces changes nothing (deserialize collapses as a browser does)', () => {
    const random = seeded(7);
    const pool = [' ', ' ', ' ', 'a', '\n', '\u00a0', ATOM];
    for (let run = 0; run < 500; run++) {
      const parts = Array.from({ length: 1 + random(4) }, () =>
        Array.from({ length: random(6) }, () => pool[random(pool.length)]).join(''),
      );
      const written = encodeSpaces(parts);
      expect(decodeSpaces(written)).toEqual(written);
    }
  });
});

describe('serialize: any document the editor can hold is stable through the sanitizer', () => {
  it('random documents of every element, mark and awkward character', () => {
    const random = seeded(42);
    for (let run = 0; run < 400; run++) {
      const html = serialize(randomDocument(random));
      expectStable(html);
    }
  });

  it('is total: misplaced nodes are written as well-nested markup, still stable', () => {
    const doc = [
      { type: 'list-item', children: [text('stray item')] },
      text('stray text'),
      {
        type: 'bulleted-list',
        children: [
          p(text('not an item')),
          { type: 'numbered-list', children: [line('list-item', 'nested')] },
        ],
      },
      { type: 'table', children: [cell('cell without a row'), { type: 'table-row', children: [] }] },
      p(p(text('block in a line')), {
        type: 'table',
        children: [{ type: 'table-row', children: [cell('t')] }],
      }),
      p(link('/a', link('/b', text('link in a link')))),
    ] as Descendant[];
    const html = serialize(doc);
    expectStable(html);
    expect(html).toContain('<a href="/a">link in a link</a>');
  });

  it('normalized() puts a messy document in the editor’s shape', () => {
    const doc = normalized([
      text('loose') as unknown as Descendant,
      { type: 'list-item', children: [text('stray')] },
      {
        type: 'bulleted-list',
        children: [p(text('line')), { type: 'bulleted-list', children: [line('list-item', 'nested')] }],
      },
      { type: 'code-block', children: [text('x', 'bold'), chip('ABCD'), text('')] as never },
      p(link('/x', text(''))),
      video('abc', 'V'),
    ]);
    expect(serialize(doc)).toBe(
      '<p>loose</p><p>stray</p><ul><li>line</li><li>nested</li></ul><pre><code>x$ABCD</code></pre><p></p><div data-video="abc" data-title="V"></div>',
    );
  });
});

describe('symbolsOf', () => {
  it('lists chips upper-case, once, in document order, as docs/product.md §5 keeps them', () => {
    const doc = [
      p(chip('ABCD'), text(' '), link('/x', chip('BRK.A'))),
      {
        type: 'table',
        children: [
          { type: 'table-row', children: [{ type: 'table-cell', children: [chip('^DJI'), chip('ABCD')] }] },
        ],
      },
      p(chip('ABCDEFGH')),
    ] as Descendant[];
    expect(symbolsOf(doc)).toEqual(['ABCD', 'BRK.A', '^DJI']);
  });
});

describe('addresses a note may hold', () => {
  it.each([
    ['https://www.otcmarkets.com', 'https://www.otcmarkets.com/'],
    ['  http://x.example/a b ', 'http://x.example/a%20b'],
    ['mailto:ir@example.com', 'mailto:ir@example.com'],
    ['/videos/watch/abc/x?t=1#c', '/videos/watch/abc/x?t=1#c'],
    ['javascript:alert(1)', null],
    ['jav\tascript:alert(1)', null],
    ['//evil.example/x', null],
    ['/\\evil.example/x', null],
    ['data:text/html,x', null],
    ['ftp://x.example', null],
    ['mailto:', null],
    ['example.com', null],
    ['', null],
  ])('link %j → %j', (input, href) => {
    expect(linkHref(input)).toBe(href);
    if (href) expectStable(`<p><a href="${href.replaceAll('&', '&amp;')}">x</a></p>`);
  });

  it.each([
    [
      'https://images.example.com/chart%20one.png?w=2',
      'https://images.example.com/chart%20one.png?w=2',
      'chart one.png',
    ],
    ['http://x.example/', 'http://x.example/', ''],
    ['/a.png', null, ''],
    ['data:image/png;base64,AA', null, ''],
  ])('image %j → %j, alt %j', (input, src, alt) => {
    expect(imageSrc(input)).toBe(src);
    if (src) expect(imageAlt(src)).toBe(alt);
  });

  it.each([
    ['https://otcedge.app/videos/watch/abc123/level-2-basics', 'abc123'],
    ['  /videos/watch/vid_x-1  ', 'vid_x-1'],
    ['see https://otcedge.app/videos/watch/abc123/x', null],
    ['javascript:/videos/watch/abc123', null],
    ['https://otcedge.app/articles/x', null],
  ])('pasted %j is video %j', (input, id) => {
    expect(videoLinkId(input)).toBe(id);
  });
});

// ---------- random documents ----------

/** A small deterministic generator (mulberry32): random(n) is an integer in [0, n). */
function seeded(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

const CHARS = [
  'a',
  'Z',
  ' ',
  ' ',
  '  ',
  '\n',
  '\t',
  '\r',
  '\r\n',
  '&',
  '<',
  '>',
  '"',
  "'",
  '\u00a0',
  '📈',
  'é',
  '&amp;',
  '\0',
  '$ABCD',
];
const URLS = [
  'https://x.example/a?b=1&c=2',
  '/videos/watch/a1/b',
  'mailto:a@b.example',
  'http://x.example/"q"',
];

function randomDocument(random: (n: number) => number): Descendant[] {
  const str = () => Array.from({ length: random(5) }, () => CHARS[random(CHARS.length)]).join('');
  const inlines = (depth = 0): Descendant[] =>
    Array.from({ length: 1 + random(4) }, (): Descendant => {
      const kind = random(8);
      if (kind === 0 && depth === 0) return link(URLS[random(URLS.length)] as string, ...inlines(1));
      if (kind === 1) return chip(['ABCD', 'BRK.A', '^DJI', 'OTC-X'][random(4)] as string);
      if (kind === 2) return image(`https://i.example/${str()}.png`, str());
      return text(str(), ...MARKS.filter(() => random(3) === 0));
    });
  const block = (): Descendant => {
    const kind = random(9);
    if (kind === 0) return { type: 'heading-one', children: inlines() };
    if (kind === 1) return { type: 'quote', children: inlines() };
    if (kind === 2)
      return {
        type: random(2) ? 'bulleted-list' : 'numbered-list',
        children: [
          { type: 'list-item', children: inlines() },
          { type: 'list-item', children: inlines() },
        ],
      };
    if (kind === 3) return { type: 'code-block', children: [{ text: str() }] };
    if (kind === 4) {
      const row = (header: boolean): Descendant =>
        ({
          type: 'table-row',
          ...(header ? { header: true } : {}),
          children: [
            { type: 'table-cell', children: inlines() },
            { type: 'table-cell', children: inlines() },
          ],
        }) as Descendant;
      return { type: 'table', children: [row(random(2) === 0), row(false)] };
    }
    if (kind === 5)
      return video(['abc', 'vid_1-x', 'a'.repeat(64)][random(3)] as string, str().repeat(random(60)));
    return p(...inlines());
  };
  return Array.from({ length: 1 + random(5) }, block);
}
