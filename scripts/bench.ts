import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { importJWK, type JWK, SignJWT } from 'jose';
import { createClient } from 'redis';
import { loadArticles } from '../functions/_lib/articles/content.ts';
import { OPERATOR_READ, OPERATOR_WRITE, permissionsClaim } from '../functions/_lib/auth/claims.ts';
import { customerOwnerKey, membershipKey } from '../functions/_lib/billing/membership.ts';
import type { Trade } from '../functions/_lib/contract/index.ts';
import { progressKeys } from '../functions/_lib/courses/progress-keys.ts';
import { createUser } from '../functions/_lib/identity/local-users.ts';
import { journalKeys } from '../functions/_lib/journal/keys.ts';
import { opsKeys } from '../functions/_lib/operator/keys.ts';
import { backfillSearchIndex } from '../functions/_lib/operator/search-backfill.ts';
import { createStore } from '../functions/_lib/store.ts';
import { tradeKeys } from '../functions/_lib/trade-store/keys.ts';
import { detect } from '../functions/_lib/trades/brokers/index.ts';
import { analyzeFile } from '../functions/_lib/trades/import-file.ts';
import { computeStats } from '../functions/_lib/trades/stats.ts';
import { buildIfStale } from './local/build.ts';
import { startChild } from './local/child.ts';
import { bundleFunction } from './local/function-bundle.ts';
import { grantLocalMembership } from './local/grant-membership.ts';
import { seedMetricsYear } from './local/metrics-seed.ts';
import {
  syntheticFidelityFile,
  syntheticIbkrStatementFile,
  syntheticPreambleFile,
  syntheticTradeZeroFile,
} from './local/synthetic-trades.ts';

/**
 * `npm run bench`: load on the functions over loopback beside a bare node:http floor, and the
 * JavaScript each kind of page ships. Bounded: a few seconds of load per target.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ENDPOINT = '/api/tags';
const VIDEOS = '/api/videos';
// A member's tag filter over the sample library (content/library) that fills a whole page of 100.
const NOTES = '/api/journal/notes';
const SAVE = '/api/journal/notes/update';
const WRITERS = 1000;
/** docs/product.md §9: a journal holds at most 1000 notes; the bench's member has them all. */
const JOURNAL_NOTES = 1000;
const noteId = () => `note_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
const saveBody = () =>
  JSON.stringify({
    note_id: noteId(),
    title: 'Bench note',
    body: '<p>Watching <span data-cashtag="ABCD">$ABCD</span> into the close.</p>',
    symbols: ['ABCD'],
    basedOn: null,
  });
const TRADES_LIST = '/api/journal/trades';
const TRADES_IMPORT = '/api/journal/trades/import';
/** The journaling module's lesson that teaches "a written plan before entry" (content/courses). */
const RULE_LESSON_ARTICLE = 'write_the_trade_plan_before_you_enter';
/** A busy trader's journal, and a full import batch. */
const TRADES = 10_000;
const IMPORT_BATCH = 1000;
let importedAt = 1_700_000_000_000;
const importBody = () =>
  JSON.stringify({
    executions: Array.from({ length: IMPORT_BATCH }, (_, i) => ({
      broker: 'tradezero',
      account: 'TZP1',
      time: importedAt++,
      symbol: ['HMBL', 'AITX', 'ENZC', 'ALPP'][i % 4],
      side: i % 2 ? 'sell' : 'buy',
      qty: 100_000,
      price: `0.00${40 + (i % 7)}`,
      fees: '1.07',
      orderId: `o${importedAt}`,
    })),
  });
/** The operator console's index: members written as saveMembership's script writes them. */
const OPERATOR_MEMBERS = 100_000;
const OPERATOR_MEMBERS_API = '/api/operator/members';
/**
 * The operator's figures: a year of daily snapshots of that many members, the ledger's days and the
 * last month's day counts (operator/metrics, < 300 ms; scripts/bench-metrics.ts measures it alone).
 */
const SNAPSHOT_DAYS = 365;
const VIDEOS_BODY = JSON.stringify({
  maxResults: 100,
  tags: ['level-2', 'filings', 'dilution', 'chart-patterns', 'risk-management'],
});
/** The files the last pageScripts() call counted (module scope: the top-level code below reads it). */
let lastSeen: ReadonlySet<string> = new Set();
// Inside node_modules, so the bundles' external packages resolve as on Netlify.
const bundleCache = path.join(root, 'node_modules/.cache');
mkdirSync(bundleCache, { recursive: true });
const bundleDir = mkdtempSync(path.join(bundleCache, 'otc-fn-'));

buildIfStale(root);
const product = await startTarget(['product']);
const payload = await (await fetch(product.url + ENDPOINT, { method: 'POST' })).text();
const bare = await startTarget(['bare', payload]);
try {
  const { headers: member, sub } = await memberOf(product);
  const answer = (await (
    await fetch(product.url + VIDEOS, { method: 'POST', headers: member, body: VIDEOS_BODY })
  ).json()) as { latest?: unknown[] };
  console.log(
    `\nLoad: ${CONNECTIONS} connections, ${SECONDS} s each (after a 2 s warm-up)\n` +
      `  POST ${ENDPOINT} (public)\n` +
      `  POST ${VIDEOS} as a member: ${VIDEOS_BODY} → ${answer.latest?.length ?? 0} videos\n`,
  );
  const fn = await load(product.url + ENDPOINT);
  const videos = await load(product.url + VIDEOS, { headers: member, body: VIDEOS_BODY });
  const floor = await load(bare.url + ENDPOINT);
  await seedNotes(product, sub, JOURNAL_NOTES);
  const trader = await memberOf(product);
  await seedTrades(product, trader.sub, TRADES);
  // The same journal, and a finished lesson whose rule (a written plan before entry) reads the notes
  // too: Rules by week's worst case, a read of the whole journal.
  const ruleTrader = await memberOf(product);
  await seedTrades(product, ruleTrader.sub, TRADES);
  await finishLesson(product, ruleTrader.sub, RULE_LESSON_ARTICLE);
  const tradesPage = await load(product.url + TRADES_LIST, { headers: trader.headers, body: '{}' });
  const notesPage = await load(product.url + NOTES, { headers: member, body: '{}' });
  // Saves from many members, each under the journal's write limit of 60 a minute: at 1,300 saves a
  // second, 200 members ran into it within 10 s (answers that were fast 429s, not saves).
  const writers = await Promise.all(Array.from({ length: WRITERS }, () => memberOf(product)));
  let next = 0;
  const saves = await load(product.url + SAVE, {
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({
          ...request,
          headers: writers[next++ % writers.length]?.headers ?? member,
          body: saveBody(),
        }),
      },
    ],
  });
  console.table({
    [`${ENDPOINT} (functions, bridge, Redis)`]: fn,
    [`${VIDEOS} member, 100 results, tag filter`]: videos,
    [`${NOTES} member with ${JOURNAL_NOTES} notes, first page`]: notesPage,
    [`${SAVE} new note (${WRITERS} members)`]: saves,
    [`${TRADES_LIST} member with ${TRADES} trades, first page`]: tradesPage,
    'bare node:http (memory)': floor,
  });
  console.log(
    `functions / bare: ${(fn['req/s'] / floor['req/s']).toFixed(2)}× the throughput, p95 ${(fn.p95 / floor.p95).toFixed(1)}× the latency`,
  );
  console.log(
    '\nRedis round trips per request (store HTTP requests made by the handler, in-process, 20 calls;\n' +
      'sequential: those sent while no other was in flight, i.e. what the caller waits for one after another)',
  );
  const [importer, writer] = await Promise.all([memberOf(product), memberOf(product)]);
  const operator = await memberOf(product, [OPERATOR_READ, OPERATOR_WRITE]);
  // The searches by an operator of their own: one operator's calls here pass the 120 a minute
  // the operator reads allow.
  const searcher = await memberOf(product, [OPERATOR_READ]);
  await seedOperatorIndex(product, OPERATOR_MEMBERS);
  await seedMetricsYear(product.redisUrl ?? '', OPERATOR_MEMBERS, SNAPSHOT_DAYS);
  // A writer of its own: the load's writers may have used up their minute.
  console.table(
    await roundTrips(product, member, writer.headers, trader.headers, importer.headers, {
      operator: operator.headers,
      searcher: searcher.headers,
      ruleTrader: ruleTrader.headers,
    }),
  );
  await accountDeletion(product);
} finally {
  await Promise.all([product.stop(), bare.stop()]);
}

console.log(
  '\nFunction module init (cold import of the esbuild bundle in a fresh Node process, median of 3)',
);
console.table(Object.fromEntries(functionFiles().map((file) => [file, { ms: coldImportMs(file) }])));
rmSync(bundleDir, { recursive: true, force: true });

{
  const rows = 50_000;
  const median = (run: () => void, times = 3) =>
    Array.from({ length: times }, () => {
      const started = performance.now();
      run();
      return performance.now() - started;
    }).sort((a, b) => a - b)[Math.floor(times / 2)] ?? 0;
  console.log(
    `\nTrade import in the browser's worker code: ${rows.toLocaleString('en-US')} rows detected, parsed, matched and summarised (median of 3)`,
  );
  const files = {
    'TradeZero trades CSV': syntheticTradeZeroFile(rows),
    'Fidelity history (dates only, sentences, footer)': syntheticFidelityFile(rows),
    'IBKR Activity Statement (sections, subtotals)': syntheticIbkrStatementFile(rows),
  };
  console.table(
    Object.fromEntries(
      Object.entries(files).map(([name, text]) => {
        const ms = median(() => analyzeFile(text));
        return [name, { ms: Math.round(ms), 'rows/s': Math.round(rows / (ms / 1000)) }];
      }),
    ),
  );
  // docs/benchmarks.md: every report over 10,000 round trips in < 50 ms (tags and planned risk on each).
  const { closed_trades } = analyzeFile(syntheticTradeZeroFile(20_000));
  const notes = new Map(
    closed_trades.map((trade, i) => [
      trade.id,
      { tags: i % 3 ? ['gap-and-go'] : ['dip-buy', 'chased'], risk: '50' },
    ]),
  );
  console.log(
    `Every report over ${closed_trades.length.toLocaleString('en-US')} round trips: ${median(() => computeStats(closed_trades, notes), 7).toFixed(1)} ms (median of 7; budget 50 ms)`,
  );
  const preamble = syntheticPreambleFile();
  console.log(
    `Detection of a header after a 200-line preamble: ${median(() => detect(preamble), 21).toFixed(2)} ms (median of 21)`,
  );
}

const articles = loadArticles(root);
const freeArticle = articles.find((article) => article.free);
const memberArticle = articles.find((article) => !article.free);
console.log("\nJavaScript shipped (first load; a signed-in member's extra imports excluded)");
const island = pageScripts('dist/app/index.html');
const islandFiles = lastSeen;
// The trade review's chart loads after its route: what it adds on top of the route's files.
const reviewRoute = lazyChunk('trades_.review._trip', islandFiles);
const reviewFiles = lastSeen;
console.table({
  'landing /': pageScripts('dist/index.html'),
  'features /features': pageScripts('dist/features/index.html'),
  'articles /articles': pageScripts('dist/articles/index.html'),
  ...(freeArticle && { 'free article': pageScripts(`dist/articles/${freeArticle.slug}/index.html`) }),
  ...(memberArticle && {
    'members-only article': pageScripts(`dist/articles/${memberArticle.slug}/index.html`),
  }),
  'member app (island first load)': island,
  // Lazy: the sign-in SDK loads beside the app's first render when there is a session (or a
  // sign-in) to handle; route and player chunks add what they add on top of the island's first load.
  '+ sign-in SDK (lazy)': lazyChunk('AuthRuntime', islandFiles),
  '+ dashboard route (lazy)': lazyChunk('routes', islandFiles),
  '+ /videos route (lazy)': lazyChunk('VideoLibrary', islandFiles),
  '+ video page route (lazy)': lazyChunk('videos.watch._videoId._slug', islandFiles),
  '+ HTML5 player (lazy)': lazyChunk('FilePlayer', islandFiles),
  '+ Vimeo player SDK (lazy)': lazyChunk('VimeoPlayer', islandFiles),
  '+ /journal route with the editor (lazy)': lazyChunk('journal', islandFiles),
  '+ /trades route with statistics (lazy)': lazyChunk('trades', islandFiles),
  '+ P&L chart, uPlot (lazy)': lazyChunk('PnlChart', islandFiles),
  '+ trade review route (lazy)': reviewRoute,
  '+ its price chart, lightweight-charts (lazy, on top of the route)': lazyChunk('ReviewChart', reviewFiles),
});

// In Chromium, on the product the journeys use: /trades repainting after a filter change with
// 10,000 round trips (scripts/bench/trades-filter.bench.ts prints its own table).
execFileSync(
  process.execPath,
  [
    path.join(root, 'node_modules/@playwright/test/cli.js'),
    'test',
    '--config',
    path.join(root, 'scripts/bench/playwright.config.ts'),
  ],
  { cwd: root, stdio: 'inherit' },
);

function functionFiles(): string[] {
  return readdirSync(path.join(root, 'functions')).filter((f) => f.endsWith('.ts'));
}

/**
 * What a cold start pays before the first request: importing the function bundled the way Netlify
 * deploys it (scripts/local/function-bundle.ts).
 */
function coldImportMs(file: string): number {
  const bundle = path.join(bundleDir, file.replace(/\.ts$/, '.mjs'));
  bundleFunction(root, file, bundle);
  const code = `const t = performance.now(); await import(${JSON.stringify(bundle)}); console.log(performance.now() - t);`;
  const runs = [0, 1, 2].map(() =>
    Number(execFileSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' }).trim()),
  );
  return Number(runs.sort((a, b) => a - b)[1]?.toFixed(1));
}

type Row = { 'req/s': number; p50: number; p95: number; p99: number; errors: number };

async function load(
  url: string,
  request: { headers?: Record<string, string>; body?: string; requests?: autocannon.Request[] } = {},
): Promise<Row> {
  const options = { url, method: 'POST' as const, connections: CONNECTIONS, pipelining: 1, ...request };
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

interface Target {
  url: string;
  env?: Record<string, string>;
  dataDir?: string;
  redisUrl?: string;
  stop(): Promise<void>;
}

async function startTarget(args: string[]): Promise<Target> {
  const target = await startChild<Omit<Target, 'stop'>>(
    path.join(root, 'scripts/local/product-process.ts'),
    args,
  );
  return { ...target.info, stop: target.stop };
}

/**
 * A member of the throw-away product: an access token signed with the local sign-in provider's own
 * key (as the provider signs them), and an active membership written where billing keeps it.
 */
async function memberOf(
  target: Target,
  permissions?: string[],
  sub = `bench|${randomUUID()}`,
): Promise<{ sub: string; headers: Record<string, string> }> {
  const env = target.env ?? {};
  const jwks = JSON.parse(readFileSync(path.join(target.dataDir ?? '', 'oidc/jwks.json'), 'utf8')) as {
    keys: JWK[];
  };
  const jwk = jwks.keys[0] as JWK;
  const token = await new SignJWT({
    scope: 'openid profile email',
    ...(permissions ? { [permissionsClaim]: permissions } : {}),
  })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid ?? '', typ: 'at+jwt' })
    .setSubject(sub)
    .setIssuer(`${env.AUTH0_DOMAIN}/`)
    .setAudience(env.AUTH0_AUDIENCE ?? '')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(await importJWK(jwk, 'RS256'));
  await grantLocalMembership(target.redisUrl ?? '', sub, 'bench');
  return { sub, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
}

/**
 * docs/security.md "Your data": deleting a busy member's account, over HTTP, in the store the
 * benchmark has filled (the operator's 100,000 members and their year of figures among it). The
 * deletion finds the member's keys by walking the whole store (SCAN), so its time grows with the
 * store, not with the member: printed with the store's size, to show where the time limit would be.
 */
async function accountDeletion(target: Target): Promise<void> {
  const env = target.env ?? {};
  const store = createStore({
    url: env.UPSTASH_REDIS_REST_URL ?? '',
    token: env.UPSTASH_REDIS_REST_TOKEN ?? '',
  });
  const password = 'bench-deletion-1';
  const { sub } = await createUser(store, { email: `deleting-${randomUUID()}@example.com`, password });
  const { headers } = await memberOf(target, undefined, sub);
  await seedTrades(target, sub, TRADES);
  await seedNotes(target, sub, JOURNAL_NOTES);
  const redis = await createClient({ url: target.redisUrl ?? '' }).connect();
  const keys = await redis.dbSize();
  await redis.quit();
  const started = performance.now();
  const answer = await fetch(`${target.url}/api/account/delete`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ password }),
  });
  const ms = performance.now() - started;
  if (answer.status !== 200)
    throw new Error(`account/delete answered ${answer.status}: ${await answer.text()}`);
  console.log(
    `\nAccount deletion of a member with ${TRADES.toLocaleString('en-US')} trades and ${JOURNAL_NOTES.toLocaleString('en-US')} notes, ` +
      `in a store of ${keys.toLocaleString('en-US')} keys: ${Math.round(ms).toLocaleString('en-US')} ms`,
  );
}

/**
 * `count` members in the operator's index (the keys saveMembership's script writes: the ZSET, each
 * member's hash, the email and customer maps, the membership), sent in pipelined batches; then the
 * search's backfill files them (as it does members indexed before the search).
 */
async function seedOperatorIndex(target: Target, count: number): Promise<void> {
  const redis = await createClient({ url: target.redisUrl ?? '' }).connect();
  const BATCH = 10_000;
  const now = Date.now();
  try {
    for (let start = 0; start < count; start += BATCH) {
      const multi = redis.multi();
      for (let i = start; i < Math.min(count, start + BATCH); i++) {
        const sub = `auth0|bench${String(i).padStart(19, '0')}`;
        const customerId = `cus_bench${i}`;
        const signedUpAt = now - (count - i) * 60_000;
        multi.zAdd(opsKeys.members, { score: signedUpAt, value: sub });
        multi.hSet(opsKeys.member(sub), {
          email: `member${i}@example.com`,
          signedUpAt: String(signedUpAt),
          lastVisit: String(now - (i % 1000) * 3_600_000),
        });
        multi.hSet(opsKeys.email, `member${i}@example.com`, sub);
        multi.set(customerOwnerKey(customerId), sub);
        multi.set(
          membershipKey(sub),
          JSON.stringify({
            customerId,
            subscriptionId: `sub_bench${i}`,
            plan: i % 3 ? 'monthly' : 'yearly',
            status: i % 10 ? 'active' : 'canceled',
            currentPeriodEnd: now + 86_400_000,
            cancelAtPeriodEnd: i % 7 === 0,
            asOf: now,
          }),
        );
      }
      await multi.execAsPipeline();
    }
  } finally {
    await redis.quit();
  }
  const env = target.env ?? {};
  const store = createStore({
    url: env.UPSTASH_REDIS_REST_URL ?? '',
    token: env.UPSTASH_REDIS_REST_TOKEN ?? '',
  });
  await backfillSearchIndex(store, { budgetMs: Number.POSITIVE_INFINITY });
}

/** `count` trades for one member, written as the save script writes them. */
async function seedTrades(target: Target, sub: string, count: number): Promise<void> {
  const redis = await createClient({ url: target.redisUrl ?? '' }).connect();
  try {
    const multi = redis.multi();
    for (let i = 0; i < count; i++) {
      const id = `trade_${String(i).padStart(16, '0')}`;
      const symbol = ['HMBL', 'AITX', 'ENZC', 'ALPP'][i % 4] as string;
      const time = 1_700_000_000_000 + i * 60_000;
      const trade: Trade = {
        trade_id: id,
        symbol,
        tradeType: i % 2 ? 'sell' : 'buy',
        shares: '100000',
        buyPrice: i % 2 ? null : '0.0042',
        sellPrice: i % 2 ? '0.0051' : null,
        sellProfit: null,
        fees: '1.07',
        note: '',
        time,
        updated: time,
        source: 'tradezero',
        account: 'TZP1',
        intent: null,
        fingerprint: null,
      };
      multi.set(tradeKeys.trade(sub, id), JSON.stringify(trade));
      multi.zAdd(tradeKeys.trades(sub), { score: time, value: id });
      multi.zAdd(tradeKeys.symbol(sub, symbol), { score: time, value: id });
    }
    await multi.exec();
  } finally {
    await redis.quit();
  }
}

/** A lesson taught by an article, stored as read to its end (its rule then applies to the trades). */
async function finishLesson(target: Target, sub: string, article: string): Promise<void> {
  const redis = await createClient({ url: target.redisUrl ?? '' }).connect();
  try {
    await redis.sAdd(progressKeys.articlesRead(sub), article);
  } finally {
    await redis.quit();
  }
}

/** `count` notes for one member, written as the save script writes them (symbols and all). */
async function seedNotes(target: Target, sub: string, count: number): Promise<void> {
  const redis = await createClient({ url: target.redisUrl ?? '' }).connect();
  try {
    const multi = redis.multi();
    for (let i = 0; i < count; i++) {
      const id = `note_${String(i).padStart(16, '0')}`;
      const symbol = `SY${String.fromCharCode(65 + (i % 26))}`;
      multi.hSet(journalKeys.note(sub, id), {
        title: `Note ${i}`,
        body: `<p>Plan for <span data-cashtag="${symbol}">$${symbol}</span></p>`,
        timestamp: String(1_700_000_000_000 + i),
        symbols: symbol,
        categories: '',
      });
      multi.zAdd(journalKeys.notes(sub), { score: 1_700_000_000_000 + i, value: id });
      multi.sAdd(journalKeys.symbol(sub, symbol), id);
      multi.sAdd(journalKeys.symbols(sub), symbol);
    }
    await multi.exec();
  } finally {
    await redis.quit();
  }
}

/**
 * Round trips to Redis per request: the handler runs in this process against the product's store,
 * with fetch wrapped to count the store's HTTP requests (one per command or pipeline, each awaited
 * before the next: sequential round trips).
 */
async function roundTrips(
  target: Target,
  member: Record<string, string>,
  writer: Record<string, string>,
  trader: Record<string, string>,
  importer: Record<string, string>,
  {
    operator,
    searcher,
    ruleTrader,
  }: {
    operator: Record<string, string>;
    searcher: Record<string, string>;
    ruleTrader: Record<string, string>;
  },
) {
  Object.assign(process.env, target.env);
  const storeUrl = target.env?.UPSTASH_REDIS_REST_URL ?? '';
  const realFetch = globalThis.fetch;
  let count = 0;
  let sequential = 0;
  let inFlight = 0;
  globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith(storeUrl)) return realFetch(input, init);
    count++;
    if (inFlight === 0) sequential++;
    inFlight++;
    try {
      return await realFetch(input, init);
    } finally {
      inFlight--;
    }
  };
  const cases: Array<[string, string, Record<string, string>, string | (() => string) | undefined]> = [
    [`${VIDEOS} member, tag filter`, 'videos.ts', member, VIDEOS_BODY],
    [`${VIDEOS} member, start-up lists`, 'videos.ts', member, JSON.stringify({ maxResults: 100 })],
    [`${VIDEOS} member, search`, 'videos.ts', member, JSON.stringify({ maxResults: 100, search: 'level' })],
    [
      `${VIDEOS} visitor`,
      'videos.ts',
      { 'content-type': 'application/json' },
      JSON.stringify({ maxResults: 25 }),
    ],
    ['/api/videos/metadata member', 'videos-metadata.ts', member, JSON.stringify({ nodeId: 'tour-library' })],
    ['/api/audio member', 'audio.ts', member, undefined],
    [ENDPOINT, 'tags.ts', {}, undefined],
    [`${NOTES} member, ${JOURNAL_NOTES} notes`, 'journal-notes.ts', member, '{}'],
    [`${SAVE} new note`, 'journal-notes-update.ts', writer, saveBody],
    ['/api/journal/symbols member', 'journal-symbols.ts', member, '{}'],
    [`${TRADES_LIST} member, ${TRADES} trades`, 'journal-trades.ts', trader, '{}'],
    ['/api/courses/progress member', 'courses-progress.ts', member, '{}'],
    [`/api/courses/progress member, ${TRADES} trades`, 'courses-progress.ts', trader, '{}'],
    [`/api/journal/trades/excursions member, ${TRADES} trades`, 'journal-trades-excursions.ts', trader, '{}'],
    [
      `/api/journal/trades/rules member, ${TRADES} trades, a plan rule`,
      'journal-trades-rules.ts',
      ruleTrader,
      '{}',
    ],
    [
      '/api/courses/module member',
      'courses-module.ts',
      member,
      JSON.stringify({ course: 'penny-stock-essentials', module: 'the-market' }),
    ],
    [
      '/api/videos/progress member',
      'videos-progress.ts',
      member,
      JSON.stringify({ nodeId: 'tour-library', position: 5 }),
    ],
    [
      `${TRADES_IMPORT} batch of ${IMPORT_BATCH} executions`,
      'journal-trades-import.ts',
      importer,
      importBody,
    ],
    [
      `${OPERATOR_MEMBERS_API} page of 50 of ${OPERATOR_MEMBERS} members`,
      'operator-members.ts',
      operator,
      JSON.stringify({ limit: 50 }),
    ],
    [
      `${OPERATOR_MEMBERS_API} page of 50, deep cursor`,
      'operator-members.ts',
      operator,
      JSON.stringify({ limit: 50, cursor: `${Date.now() - (OPERATOR_MEMBERS / 2) * 60_000}|0` }),
    ],
    [
      `${OPERATOR_MEMBERS_API} lookup by email`,
      'operator-members.ts',
      operator,
      JSON.stringify({ query: `MEMBER${OPERATOR_MEMBERS / 2}@example.com` }),
    ],
    [
      `${OPERATOR_MEMBERS_API} search, a local-part prefix (11 members)`,
      'operator-members.ts',
      searcher,
      JSON.stringify({ query: `member${OPERATOR_MEMBERS / 20}` }),
    ],
    [
      `${OPERATOR_MEMBERS_API} search, a domain prefix (every member)`,
      'operator-members.ts',
      searcher,
      JSON.stringify({ query: 'example.c' }),
    ],
    [
      `${OPERATOR_MEMBERS_API} lookup by customer id`,
      'operator-members.ts',
      operator,
      JSON.stringify({ query: `cus_bench${Math.floor(OPERATOR_MEMBERS / 3)}` }),
    ],
    [
      `/api/operator/metrics ${SNAPSHOT_DAYS} days of ${OPERATOR_MEMBERS} members`,
      'operator-metrics.ts',
      operator,
      '{}',
    ],
  ];
  const rows: Record<
    string,
    { 'store requests': number; sequential: number; 'ms / call': number; status: number }
  > = {};
  try {
    for (const [name, file, headers, body] of cases) {
      const handler = (await import(path.join(root, 'functions', file))).default as (
        r: Request,
      ) => Promise<Response>;
      const call = () =>
        handler(
          new Request(`http://localhost/api/${file}`, {
            method: 'POST',
            headers,
            ...(body ? { body: typeof body === 'function' ? body() : body } : {}),
          }),
        );
      const { status } = await call(); // warm: token key set cached
      count = 0;
      sequential = 0;
      const started = performance.now();
      for (let i = 0; i < 20; i++) await (await call()).arrayBuffer();
      const ms = Number(((performance.now() - started) / 20).toFixed(1));
      rows[name] = { 'store requests': count / 20, sequential: sequential / 20, 'ms / call': ms, status };
    }
  } finally {
    globalThis.fetch = realFetch;
  }
  return rows;
}

/**
 * Scripts a built page loads before it is interactive: inline, external, and their static imports;
 * plus `extra` entry chunks (and their static imports) when given.
 */
function pageScripts(htmlFile: string | null, extra: string[] = [], loaded: ReadonlySet<string> = new Set()) {
  const html = htmlFile ? readFileSync(path.join(root, htmlFile), 'utf8') : '';
  const seen = new Set<string>(loaded);
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
  for (const url of extra) visit(url);
  lastSeen = seen;
  return {
    files: seen.size - loaded.size,
    'raw KB': +(raw / 1024).toFixed(1),
    'gzip KB': +(gzip / 1024).toFixed(1),
  };
}

/** What a lazy chunk adds on navigation, beyond the files the app's first load already brought. */
function lazyChunk(name: string, firstLoad: ReadonlySet<string>) {
  // A route can be split into more than one chunk of the same name (component, loader).
  const files = readdirSync(path.join(root, 'dist/_astro')).filter(
    (f) => f.startsWith(`${name}.`) && f.endsWith('.js') && !firstLoad.has(`/_astro/${f}`),
  );
  return pageScripts(
    null,
    files.map((f) => `/_astro/${f}`),
    firstLoad,
  );
}
