import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { buildSync } from 'esbuild';
import { loadArticles } from '../functions/_lib/articles/content.ts';
import { buildIfStale } from './local/build.ts';
import { startChild } from './local/child.ts';

/**
 * `npm run bench`: load on the functions over loopback beside a bare node:http floor, and the
 * JavaScript each kind of page ships. Bounded: a few seconds of load per target.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ENDPOINT = '/api/tags';
const bundleDir = mkdtempSync(path.join(tmpdir(), 'otc-fn-'));

buildIfStale(root);
const product = await startTarget(['product']);
const payload = await (await fetch(product.url + ENDPOINT, { method: 'POST' })).text();
const bare = await startTarget(['bare', payload]);
try {
  console.log(
    `\nLoad: POST ${ENDPOINT}, ${CONNECTIONS} connections, ${SECONDS} s each (after a 2 s warm-up)\n`,
  );
  const fn = await load(product.url + ENDPOINT);
  const floor = await load(bare.url + ENDPOINT);
  console.table({ 'functions (bridge + Redis)': fn, 'bare node:http (memory)': floor });
  console.log(
    `functions / bare: ${(fn['req/s'] / floor['req/s']).toFixed(2)}× the throughput, p95 ${(fn.p95 / floor.p95).toFixed(1)}× the latency`,
  );
} finally {
  await Promise.all([product.stop(), bare.stop()]);
}

console.log(
  '\nFunction module init (cold import of the esbuild bundle in a fresh Node process, median of 3)',
);
console.table(Object.fromEntries(functionFiles().map((file) => [file, { ms: coldImportMs(file) }])));
rmSync(bundleDir, { recursive: true, force: true });

const articles = loadArticles(root);
const freeArticle = articles.find((article) => article.free);
const memberArticle = articles.find((article) => !article.free);
console.log("\nJavaScript shipped (first load; a signed-in member's extra imports excluded)");
console.table({
  'landing /': pageScripts('dist/index.html'),
  'features /features': pageScripts('dist/features/index.html'),
  'articles /articles': pageScripts('dist/articles/index.html'),
  ...(freeArticle && { 'free article': pageScripts(`dist/articles/${freeArticle.slug}/index.html`) }),
  ...(memberArticle && {
    'members-only article': pageScripts(`dist/articles/${memberArticle.slug}/index.html`),
  }),
  'member app (island first load)': pageScripts('dist/app/index.html'),
});

function functionFiles(): string[] {
  return readdirSync(path.join(root, 'functions')).filter((f) => f.endsWith('.ts'));
}

/**
 * What a cold start pays before the first request: importing the function bundled the way Netlify
 * deploys it (node_bundler = "esbuild": one ESM file with its dependencies).
 */
function coldImportMs(file: string): number {
  const bundle = path.join(bundleDir, file.replace(/\.ts$/, '.mjs'));
  buildSync({
    entryPoints: [path.join(root, 'functions', file)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    outfile: bundle,
    logLevel: 'error',
  });
  const code = `const t = performance.now(); await import(${JSON.stringify(bundle)}); console.log(performance.now() - t);`;
  const runs = [0, 1, 2].map(() =>
    Number(execFileSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' }).trim()),
  );
  return Number(runs.sort((a, b) => a - b)[1]?.toFixed(1));
}

type Row = { 'req/s': number; p50: number; p95: number; p99: number; errors: number };

async function load(url: string): Promise<Row> {
  const options = { url, method: 'POST' as const, connections: CONNECTIONS, pipelining: 1 };
  await autocannon({ ...options, duration: 2 });
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ ...options, duration: SECONDS }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    // Every response time, so p95 is exact (autocannon's summary has p90 and p97.5 only).
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    Number((latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0).toFixed(2));
  return {
    'req/s': Math.round(result.requests.average),
    p50: pct(0.5),
    p95: pct(0.95),
    p99: pct(0.99),
    errors: result.errors + result.non2xx,
  };
}

async function startTarget(args: string[]) {
  const target = await startChild<{ url: string }>(path.join(root, 'scripts/local/bench-target.ts'), args);
  return { url: target.info.url, stop: target.stop };
}

/** Scripts a built page loads before it is interactive: inline, external, and their static imports. */
function pageScripts(htmlFile: string) {
  const html = readFileSync(path.join(root, htmlFile), 'utf8');
  const seen = new Set<string>();
  let raw = 0;
  let gzip = 0;
  const add = (code: string) => {
    raw += Buffer.byteLength(code);
    gzip += gzipSync(code).length;
  };
  // Inline scripts that run (structured data, type="application/ld+json", is not code).
  for (const [, code] of html.matchAll(
    /<script(?![^>]*\b(?:src=|type="application\/ld\+json"))[^>]*>([\s\S]*?)<\/script>/g,
  )) {
    if (code?.trim()) add(code);
  }
  const visit = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    const code = readFileSync(path.join(root, 'dist', url), 'utf8');
    add(code);
    // Static imports only: lazy route chunks load later, on navigation.
    for (const [, spec] of code.matchAll(
      /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g,
    )) {
      if (spec) visit(path.posix.join(path.posix.dirname(url), spec));
    }
  };
  const entries = [
    ...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/\b(?:component-url|renderer-url)="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ];
  for (const [, url] of entries) if (url?.startsWith('/')) visit(url);
  return { files: seen.size, 'raw KB': +(raw / 1024).toFixed(1), 'gzip KB': +(gzip / 1024).toFixed(1) };
}
