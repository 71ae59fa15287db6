import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bundleScript,
  INLINE_SCRIPT_LIMIT,
  inlineModuleScripts,
} from '../../site/integrations/inline-page-scripts.ts';

/** Built script files in a temp folder, as Astro writes them to dist/_astro. */
function builtScripts(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'otc-scripts-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

describe('a page’s script files in the page (site/integrations/inline-page-scripts.ts)', () => {
  it('replaces the module scripts Astro wrote, leaving the others as they were', () => {
    const html =
      '<head><script>early()</script><script type="application/ld+json">{}</script></head>' +
      '<body><h1>Hi</h1></body></html>' +
      '<script type="module" src="/_astro/a.js"></script><script type="module" src="/_astro/b.js"></script>';
    const inlined = inlineModuleScripts(html, (src) => (src === '/_astro/a.js' ? 'run()' : null));
    expect(inlined).toBe(
      '<head><script>early()</script><script type="application/ld+json">{}</script></head>' +
        '<body><h1>Hi</h1></body></html>' +
        '<script type="module">run()</script><script type="module" src="/_astro/b.js"></script>',
    );
  });

  it('bundles a script with the chunks it imports into one module that imports nothing', () => {
    const dir = builtScripts({
      'entry.js': 'import{t as e}from"./prices.js";import{n}from"./slug.js";e(n("A b"));',
      'prices.js': 'var t=e=>document.title=e,u=e=>e;export{t,u};',
      'slug.js': 'function n(e){return e.toLowerCase().replace(/ /g,"-")}export{n};',
    });
    const code = bundleScript(path.join(dir, 'entry.js'));
    expect(code).not.toBeNull();
    expect(code).not.toMatch(/\bimport\b|\bexport\b/);
    expect(code).toContain('toLowerCase');
    expect(code).toContain('document.title');
  });

  it('keeps as a file a script that loads more code later, or one over the limit', () => {
    const dir = builtScripts({
      'reader.js': 'if(document.body)import("./mount.js").then(e=>e.mount());',
      'mount.js': 'export function mount(){}',
      'large.js': `console.log(${JSON.stringify('x'.repeat(INLINE_SCRIPT_LIMIT))});`,
    });
    expect(bundleScript(path.join(dir, 'reader.js'))).toBeNull();
    expect(bundleScript(path.join(dir, 'large.js'))).toBeNull();
  });

  it('never lets a string end the script element early', () => {
    const dir = builtScripts({ 'entry.js': 'document.body.append("</script><b>bold</b>");' });
    const code = bundleScript(path.join(dir, 'entry.js'));
    expect(code === null || !/<\/script/i.test(code)).toBe(true);
  });
});
