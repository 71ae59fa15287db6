import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { loadArticles } from '../functions/_lib/articles/content.ts';
import { buildIfStale } from './local/build.ts';
import { grantLocalMembership } from './local/grant-membership.ts';
import { startThrowawayProduct } from './local/throwaway.ts';

/**
 * `npm run lighthouse`: Lighthouse's default (mobile) configuration — Moto G-class screen, slow 4G
 * and 4× CPU slowdown, simulated — against the production build served by the local product, in
 * Debian's Chromium. Prints performance and accessibility for the landing page, the FAQ and a free
 * article and a course's outline, and for a signed-in member's dashboard, /videos, /journal, /trades,
 * /account, the course's outline with their progress and a module page (or the site paths
 * given as arguments; `member:/path` for a member's), and exits non-zero when a page misses its
 * budget. Offline: the pages load nothing from other origins.
 *
 * Scores move by a few points between runs on a small, shared machine (blocking time is measured
 * on this CPU, then scaled), so each page gets one warm-up run and then LIGHTHOUSE_RUNS (default 5)
 * measured runs; the median of each column is reported. "CPU index" is Lighthouse's benchmark of
 * this machine (its mobile throttling is calibrated for a desktop scoring about 1000 or more).
 */
const root = fileURLToPath(new URL('..', import.meta.url));
/** docs/benchmarks.md: static pages 100 and 100; the member app's routes, hydrated and fetching, 98 and 100. */
const BUDGET = { performance: 100, accessibility: 100 } as const;
const MEMBER_BUDGET = { performance: 98, accessibility: 100 } as const;
const MEMBER = 'member:';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
/**
 * Lighthouse's simulated CPU slowdown (its mobile preset: 4). Blocking time is this machine's task
 * times multiplied by it, whatever the machine's speed: 6 scores a machine of CPU index ~3,700 as
 * 4 would score one of ~2,500 (docs/benchmarks.md), to see how a slower machine's figures move.
 */
const CPU_SLOWDOWN = Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN ?? 4);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const MOBILE_THROTTLING = throttling.mobileSlow4G;

if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error(`LIGHTHOUSE_RUNS must be a positive whole number, not "${process.env.LIGHTHOUSE_RUNS}"`);
  process.exit(1);
}
if (!(CPU_SLOWDOWN >= 1)) {
  console.error(
    `LIGHTHOUSE_CPU_SLOWDOWN must be a number of at least 1, not "${process.env.LIGHTHOUSE_CPU_SLOWDOWN}"`,
  );
  process.exit(1);
}

// `npm run lighthouse -- /articles /media` measures other pages instead.
const pages =
  process.argv.length > 2
    ? process.argv.slice(2)
    : [
        '/',
        '/faq',
        `/articles/${newestFreeSlug()}`,
        '/courses/penny-stock-essentials',
        ...[
          '/',
          '/videos',
          '/journal',
          '/trades',
          '/account',
          '/courses/penny-stock-essentials',
          '/learn/penny-stock-essentials/the-market',
        ].map((path) => `${MEMBER}${path}`),
      ];

function newestFreeSlug(): string {
  const freeArticle = loadArticles().find((article) => article.free);
  if (!freeArticle) {
    console.error('content/articles has no free article to measure.');
    process.exit(1);
  }
  return freeArticle.slug;
}

buildIfStale(root);
const product = await startThrowawayProduct();
const chrome = await launchChromium();

type Row = {
  page: string;
  performance: number;
  accessibility: number;
  'LCP ms': number;
  'TBT ms': number;
  CLS: number;
  'CPU index': number;
};
const rows: Row[] = [];
/** Accessibility audits a page failed, with the elements named: what to fix, not only a score. */
const accessibilityFindings = new Map<string, string[]>();
/** Each page's largest contentful paint: which element, and where its time went (the last run's). */
const lcpFindings = new Map<string, string>();
try {
  // Visitors' pages first: the member's session (storage and the session cookie, which Lighthouse's
  // storage reset does not clear) would otherwise turn / into the member app.
  const ordered = [
    ...pages.filter((p) => !p.startsWith(MEMBER)),
    ...pages.filter((p) => p.startsWith(MEMBER)),
  ];
  let signedIn = false;
  for (const page of ordered) {
    if (page.startsWith(MEMBER) && !signedIn) {
      await signInAsMember();
      signedIn = true;
    }
    await measure(page); // warm-up: browser, server and disk caches
    const runs: Row[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(page));
    rows.push(median(runs, page));
  }
} finally {
  await chrome.stop();
  await product.stop();
}

console.log(
  `\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile preset${CPU_SLOWDOWN === 4 ? '' : ` with ${CPU_SLOWDOWN}× CPU slowdown`}, Chromium at ${chromePath}`,
);
console.table(rows);
for (const [page, lcp] of lcpFindings) console.log(`LCP on ${page}: ${lcp}`);
for (const [page, findings] of accessibilityFindings) {
  console.log(`Accessibility findings on ${page}:\n  ${findings.join('\n  ')}`);
}
const misses = rows.flatMap((row) => {
  const budget = row.page.startsWith(MEMBER) ? MEMBER_BUDGET : BUDGET;
  return (Object.keys(budget) as Array<keyof typeof budget>)
    .filter((category) => row[category] < budget[category])
    .map((category) => `${row.page}: ${category} ${row[category]} < ${budget[category]}`);
});
if (misses.length > 0) {
  console.error(`Budget missed:\n  ${misses.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `Budgets met: performance ≥ ${BUDGET.performance} (member routes ≥ ${MEMBER_BUDGET.performance}), accessibility ≥ ${BUDGET.accessibility} on every page.`,
);
process.exit(0);

async function measure(page: string): Promise<Row> {
  const member = page.startsWith(MEMBER);
  const result = await lighthouse(`${product.url}${member ? page.slice(MEMBER.length) : page}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // A member's session lives in this profile's storage: Lighthouse must not clear it.
    disableStorageReset: member,
    ...(CPU_SLOWDOWN === 4
      ? {}
      : { throttling: { ...MOBILE_THROTTLING, cpuSlowdownMultiplier: CPU_SLOWDOWN } }),
  });
  if (!result) throw new Error(`Lighthouse returned no result for ${page}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // LIGHTHOUSE_REPORTS=DIR keeps each page's last report (open it in the Lighthouse viewer).
  if (process.env.LIGHTHOUSE_REPORTS) {
    mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
    const name = page.replace(/[^a-z0-9]+/gi, '_').replace(/^_+|_+$/g, '') || 'home';
    writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, `${name}.json`), JSON.stringify(lhr));
    // And its trace (open it in DevTools' Performance panel): what each long task ran.
    writeFileSync(
      path.join(process.env.LIGHTHOUSE_REPORTS, `${name}.trace.json`),
      JSON.stringify(result.artifacts.Trace),
    );
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const failed = (lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map((audit) => {
      const items =
        (audit?.details as { items?: Array<{ node?: { selector?: string } }> } | undefined)?.items ?? [];
      const where = items
        .map((item) => item.node?.selector)
        .filter(Boolean)
        .slice(0, 3)
        .join(', ');
      return `${audit?.id}: ${audit?.title}${where ? ` (${where})` : ''}`;
    });
  if (failed.length > 0) accessibilityFindings.set(page, failed);
  lcpFindings.set(page, describeLcp(lhr.audits['lcp-breakdown-insight']?.details));
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    page,
    performance: score('performance'),
    accessibility: score('accessibility'),
    'LCP ms': Math.round(metric('largest-contentful-paint')),
    'TBT ms': Math.round(metric('total-blocking-time')),
    CLS: Number(metric('cumulative-layout-shift').toFixed(3)),
    'CPU index': Math.round(lhr.environment.benchmarkIndex),
  };
}

/**
 * Lighthouse's LCP breakdown insight: a table of its subparts (time to first byte, resource load
 * delay and duration, element render delay; as traced, before the simulated throttling) and the node.
 */
function describeLcp(details: unknown): string {
  type Part = { subpart?: string; duration?: number };
  type Entry = { type?: string; items?: Part[]; selector?: string; snippet?: string };
  const entries = (details as { items?: Entry[] } | undefined)?.items ?? [];
  const node = entries.find((entry) => entry.type === 'node');
  const parts = entries
    .flatMap((entry) => entry.items ?? [])
    .map((part) => `${part.subpart} ${Math.round(part.duration ?? 0)} ms`);
  return `${node?.selector ?? 'no element found'} ${node?.snippet ?? ''}${parts.length ? ` — ${parts.join(', ')}` : ''}`;
}

/** Each column's median across runs (runs vary by a point or two on a busy machine). */
function median(runs: Row[], page: string): Row {
  const mid = (pick: (row: Row) => number) => {
    const values = runs.map(pick).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)] ?? Number.NaN;
  };
  return {
    page,
    performance: mid((r) => r.performance),
    accessibility: mid((r) => r.accessibility),
    'LCP ms': mid((r) => r['LCP ms']),
    'TBT ms': mid((r) => r['TBT ms']),
    CLS: mid((r) => r.CLS),
    'CPU index': mid((r) => r['CPU index']),
  };
}

/**
 * A new account through the local sign-in provider's pages, in the same Chromium profile Lighthouse
 * then uses, with an active membership written where billing keeps it: the member routes are
 * measured as a paying member sees them.
 */
async function signInAsMember(): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${product.url}/`);
    await page.locator('header.site-nav').getByRole('link', { name: 'Sign Up' }).click();
    await page.waitForURL((url) => url.pathname === '/u/signup');
    await page.getByLabel('Email address').fill(`lighthouse-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('lighthouse-secret');
    await page.getByRole('button', { name: 'Create account' }).click();
    // Back through /callback to the app, which stores the session (and then sends a non-member on).
    let sub: string | undefined;
    for (const deadline = Date.now() + 30_000; !sub && Date.now() < deadline; ) {
      sub = await page
        .evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { sub?: string }).sub)
        .catch(() => undefined); // a navigation in between: ask again
      if (!sub) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (!sub) throw new Error('The sign-up did not store a session');
    // The app sends a new account to /payment: let that navigation land before going on, or it
    // interrupts the next one.
    await page.waitForURL((url) => url.pathname === '/payment', { timeout: 30_000 });
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
    await grantLocalMembership(product.redisUrl, sub, 'lighthouse');
    // The dashboard, as a member now (the page may reload itself once to set the session cookie).
    await page.goto(`${product.url}/`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: 'Home' }).waitFor({ timeout: 30_000 });
    await page.close();
  } finally {
    await browser.close();
  }
}

/** Headless Chromium with a throw-away profile, its DevTools port read from its own output. */
async function launchChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'otc-lh-'));
  const child = spawn(
    chromePath,
    [
      '--headless=new',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--no-default-browser-check',
      'about:blank',
    ],
    // Its own process group, so stopping it also stops its helper processes.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${output}`)), 20_000);
    child.once('error', reject);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
  const stop = async () => {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      await exited;
    }
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
  return { port, stop };
}
