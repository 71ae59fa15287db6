import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { stringify } from 'yaml';
import siteJson from '../../content/site.json' with { type: 'json' };
import { cmsConfig, EDITOR_PATH, editorBackend } from '../cms/config.ts';

/**
 * After `astro build`: the content editor in dist/admin/ — its page, the Decap CMS bundle (from the
 * npm package, served by the site like any file: no CDN), config.yml generated from the content
 * schemas, and preview.css, the styles the built pages inline. Built apart from Astro's pages, so no
 * byte of it reaches the marketing pages or the member app. Its CSP is in dist/_headers
 * (security-headers.ts).
 */
export function contentEditor(): AstroIntegration {
  let root = process.cwd();
  return {
    name: 'otc-edge:content-editor',
    hooks: {
      'astro:config:setup': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const admin = path.join(out, EDITOR_PATH);
        mkdirSync(admin, { recursive: true });
        const script = await bundle(root, admin);
        const config = cmsConfig({ siteUrl: siteJson.url, backend: editorBackend(process.env) });
        writeFileSync(path.join(admin, 'config.yml'), stringify(config, { lineWidth: 0 }));
        writeFileSync(path.join(admin, 'index.html'), page(`${EDITOR_PATH}${script}`));
        writeFileSync(path.join(admin, 'preview.css'), previewStyles(out));
        logger.info(`${EDITOR_PATH} written: ${config.backend.name} backend, ${script}`);
      },
    },
  };
}

async function bundle(root: string, outdir: string): Promise<string> {
  const result = await build({
    entryPoints: { cms: path.join(root, 'site/cms/main.tsx') },
    entryNames: '[name]-[hash]',
    outdir,
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    jsx: 'automatic',
    legalComments: 'linked',
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    metafile: true,
    logLevel: 'warning',
  });
  const script = Object.keys(result.metafile.outputs).find((file) => file.endsWith('.js'));
  if (!script) throw new Error('the content editor bundle was not written');
  return path.basename(script);
}

const page = (script: string) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex, nofollow">
  <title>Content editor</title>
  <link rel="icon" href="/favicon.svg" type="image/svg+xml">
  <link rel="cms-config-url" href="${EDITOR_PATH}config.yml" type="text/yaml">
</head>
<body>
  <script src="${script}"></script>
</body>
</html>
`;

/**
 * The styles of a built static page and of a built article, without Astro's scoping attributes
 * (the preview renders the same class names, not the same attributes).
 */
function previewStyles(out: string): string {
  const articles = path.join(out, 'articles');
  const article = readdirSync(articles, { withFileTypes: true }).find((entry) => entry.isDirectory());
  const pages = [
    path.join(out, 'faq/index.html'),
    ...(article ? [path.join(articles, article.name, 'index.html')] : []),
  ];
  const blocks = new Set(
    pages.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(
        (match) => match[1] ?? '',
      ),
    ),
  );
  return [...blocks].join('\n').replace(/\[data-astro-cid-[\w-]+\]/g, '');
}
