import { describe, expect, it } from 'vitest';
import { loadSanitizer, sanitizeNoteBody } from '../../functions/_lib/journal/sanitize.ts';

await loadSanitizer();

// What must never survive in a stored note: anything that runs, loads from a scheme other than
// http(s)/mailto, styles, frames or handles events.
const DANGEROUS =
  /<script|<iframe|<object|<embed|<svg|<math|<style|<form|<input|<meta|<link|<base|\son\w+=|javascript:|vbscript:|data:|style=|srcdoc|xlink|formaction/i;

describe('sanitizeNoteBody: hostile markup', () => {
  it.each([
    ['<script>alert(1)</script>', ''],
    ['<p>hi<script src="https://evil.example/x.js"></script></p>', '<p>hi</p>'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<img src="https://x.example/a.png" onerror="alert(1)">', '<img src="https://x.example/a.png" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="jav&#x09;ascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', ''],
    ['<img src="javascript:alert(1)">', ''],
    ['<img src="//evil.example/a.png">', ''],
    ['<svg onload=alert(1)><circle /></svg>', ''],
    ['<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>', ''],
    ['<math><mtext><script>alert(1)</script></mtext></math>', ''],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
    ['<object data="x.swf"></object><embed src="x.swf">', ''],
    ['<p style="background:url(javascript:alert(1))">s</p>', '<p>s</p>'],
    ['<style>p{color:red}</style><p>s</p>', '<p>s</p>'],
    ['<p onclick="alert(1)" onmouseover="alert(2)">s</p>', '<p>s</p>'],
    [
      '<form action="https://evil.example"><input name="q"><button formaction="javascript:alert(1)">go</button></form>',
      'go',
    ],
    [
      '<meta http-equiv="refresh" content="0;url=https://evil.example"><link rel="stylesheet" href="x.css">',
      '',
    ],
    ['<base href="https://evil.example/">', ''],
    ['<details open ontoggle=alert(1)>x</details>', 'x'],
    ['<scr<script>ipt>alert(1)</scr</script>ipt>', 'ipt&gt;alert(1)ipt&gt;'],
    ['<<script>script>alert(1)<</script>/script>', '&lt;/script&gt;'],
    ['<!--<img src=x onerror=alert(1)>-->', ''],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>', ''],
    ['<div data-video="abc" onclick="alert(1)" style="x"></div>', '<div data-video="abc"></div>'],
    ['<div data-video="../../etc"></div>', '<p></p>'],
    ['<span data-cashtag="<img src=x>" onmouseover="alert(1)">$X</span>', '<span>$X</span>'],
    ['<template><script>alert(1)</script></template>', ''],
  ])('%s → %s', (input, output) => {
    const clean = sanitizeNoteBody(input);
    expect(clean).toBe(output);
    expect(clean).not.toMatch(DANGEROUS);
  });
});

describe("sanitizeNoteBody: the editor's own markup survives unchanged", () => {
  it.each([
    '<p>Plain text with <strong>bold</strong>, <em>italic</em>, <u>underline</u> and <code>code</code>.</p>',
    '<h1>Heading one</h1><h2>Heading two</h2><h3>Heading three</h3>',
    '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol>',
    '<blockquote><p>Cut losses fast.</p></blockquote>',
    '<pre><code>if (gap &gt; 20) watch();</code></pre>',
    '<p>Read <a href="https://www.otcmarkets.com/stock/ABCD/disclosure">the filing</a> or <a href="mailto:ir@example.com">ask IR</a>.</p>',
    '<p>See <a href="/videos/watch/abc123/level-2-basics">the lesson</a>.</p>',
    '<p><img src="https://images.example.com/chart.png?w=800&amp;h=400" alt="Daily chart" /></p>',
    '<table><thead><tr><th>Entry</th><th>Exit</th><th>P&amp;L</th></tr></thead><tbody><tr><td>0.0042</td><td>0.0051</td><td>+21%</td></tr><tr><td></td><td></td><td></td></tr></tbody></table>',
    '<p>Watching <span data-cashtag="ABCD">$ABCD</span> and <span data-cashtag="BRK.A">$BRK.A</span> today.</p>',
    '<div data-video="abc123" data-title="Level 2 &quot;basics&quot; &amp; more"></div>',
    '<p>Line one<br />Line two</p>',
    '<p>Quotes "like this" and it\'s fine; 5 &lt; 6 &gt; 4 &amp; emoji 📈</p>',
  ])('%s', (html) => {
    expect(sanitizeNoteBody(html)).toBe(html);
  });

  it('turns pasted b, i and plain div into the editor’s strong, em and p', () => {
    expect(sanitizeNoteBody('<div><b>bold</b> <i>it</i></div>')).toBe(
      '<p><strong>bold</strong> <em>it</em></p>',
    );
  });
});
