import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { buildSync } from 'esbuild';
import { htmlFiles } from './security-headers.ts';

/** Astro's own limit for putting a page's script in the page (Vite's `assetsInlineLimit` default). */
export const INLINE_SCRIPT_LIMIT = 4096;

/**
 * After `astro build`: a page's small script files become inline module scripts, with the chunks
 * they import bundled in. Astro inlines a script under 4 KB only when it imports nothing; the
 * landing's two (the stored prices and the sample video cards) import helpers the member app
 * shares, so they came as five files in a chain three deep (entry → landing-state → prices). Each
 * is a round trip on a mobile connection, and Lighthouse's simulation counts them before the hero's
 * paint (it cannot see that a module script runs after it): `/` LCP 1.23 s, 0.91 s without them.
 * Inline module scripts still run after the page is parsed, in order, as the files did.
 *
 * Kept as files: a script that loads more later (a dynamic import: the member article's reader),
 * or over the limit. Runs before security-headers, which hashes the inline scripts for the CSP.
 */
export function inlinePageScripts(): AstroIntegration {
  return {
    name: 'otc-edge:inline-page-scripts',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const bundles = new Map<string, string | null>();
        const bundled = (src: string) => {
          if (!bundles.has(src)) bundles.set(src, bundleScript(path.join(out, src)));
          return bundles.get(src) ?? null;
        };
        let pages = 0;
        for (const file of htmlFiles(out)) {
          const html = readFileSync(file, 'utf8');
          const inlined = inlineModuleScripts(html, bundled);
          if (inlined === html) continue;
          writeFileSync(file, inlined);
          pages++;
        }
        const inlined = [...bundles.values()].filter((code) => code !== null).length;
        logger.info(`${inlined} of ${bundles.size} page scripts inlined, in ${pages} pages`);
      },
    },
  };
}

/**
 * The page with each `<script type="module" src="/_astro/…">` Astro wrote replaced by the code
 * `bundled` gives for its address; a script it gives null for keeps its file.
 */
export function inlineModuleScripts(html: string, bundled: (src: string) => string | null): string {
  return html.replace(/<script type="module" src="(\/_astro\/[^"]+\.js)"><\/script>/g, (tag, src: string) => {
    const code = bundled(src);
    return code === null ? tag : `<script type="module">${code}</script>`;
  });
}

/**
 * A built script file and the chunks it imports as one minified module, or null when it should stay
 * a file: it imports more code later, it is over INLINE_SCRIPT_LIMIT, or its text would end the
 * `<script>` element early.
 */
export function bundleScript(file: string): string | null {
  const result = buildSync({
    entryPoints: [file],
    bundle: true,
    minify: true,
    format: 'esm',
    legalComments: 'none',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const loadsLater = Object.values(result.metafile.inputs).some((input) =>
    input.imports.some((imported) => imported.kind === 'dynamic-import'),
  );
  const code = result.outputFiles[0]?.text.trim() ?? '';
  if (loadsLater || code === '' || Buffer.byteLength(code) > INLINE_SCRIPT_LIMIT || /<\/script/i.test(code)) {
    return null;
  }
  return code;
}
