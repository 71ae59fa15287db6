import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';
import { customerOwnerKey, membershipKey } from '../functions/_lib/billing/membership.ts';
import { chatKeys } from '../functions/_lib/chat/keys.ts';
import { progressKeys } from '../functions/_lib/courses/progress-keys.ts';
import { opsKeys } from '../functions/_lib/operator/keys.ts';
import { listMembers } from '../functions/_lib/operator/members.ts';
import { MAX_WALK, type SearchBounds } from '../functions/_lib/operator/search.ts';
import { backfillSearchIndex } from '../functions/_lib/operator/search-backfill.ts';
import { createStore } from '../functions/_lib/store.ts';
import { startRedis } from './local/redis.ts';
import { startUpstashBridge } from './local/upstash-bridge.ts';

/**
 * `npm run bench:search`: the console's member search (functions/_lib/operator/search.ts) over
 * 100,000 members on a throw-away Redis behind the Upstash bridge. Members are written as the
 * product stores them before the search existed (the index, its hash, the membership, a chat
 * record for 3 in 10, a certificate for 1 in 10), with emails spread over domains as a consumer
 * product's are (4 in 10 at gmail.com, many small domains); the backfill then files them all (timed).
 * Each query runs through `listMembers` in this process (SDK → bridge → Redis: the operator call's
 * work without the token check), RUNS times: median and p95 of the call, and of the search script
 * alone (EVALSHA straight to Redis: what it holds the server for).
 */
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const RUNS = 60;
const PAGE = 25;

const FIRST =
  'james mary john patricia robert jennifer michael linda david elizabeth william barbara richard susan joseph jessica thomas sarah chris karen daniel lisa matthew nancy anthony betty mark sandra paul ashley steven kim andrew emily kevin donna brian michelle george carol ed amanda ron melissa tim deborah jason stephanie jeff rebecca ryan sharon jacob laura gary cynthia nick kathleen eric amy'.split(
    ' ',
  );
const LAST =
  'smith johnson williams brown jones garcia miller davis rodriguez martinez hernandez lopez gonzalez wilson anderson thomas taylor moore jackson martin lee perez thompson white harris sanchez clark ramirez lewis robinson walker young allen king wright scott torres nguyen hill flores green adams nelson baker hall rivera campbell mitchell carter roberts'.split(
    ' ',
  );
const BIG_DOMAINS: Array<[string, number]> = [
  ['gmail.com', 0.4],
  ['yahoo.com', 0.12],
  ['hotmail.com', 0.08],
  ['outlook.com', 0.07],
  ['icloud.com', 0.05],
  ['aol.com', 0.03],
];
const SMALL_DOMAINS = 2_000;

/** A deterministic pseudo-random sequence, so every run seeds the same members. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function domainOf(r: number, i: number): string {
  let at = 0;
  for (const [domain, share] of BIG_DOMAINS) {
    at += share;
    if (r < at) return domain;
  }
  return `mail${i % SMALL_DOMAINS}.example${(i * 7) % 13}.net`;
}

const redis = await startRedis({ persist: false });
const token = randomBytes(24).toString('base64url');
const bridge = await startUpstashBridge({ redisUrl: redis.url, token });
const direct = await createClient({ url: redis.url }).connect();
const store = createStore({ url: bridge.url, token });
try {
  const next = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const now = Date.now();
  let started = performance.now();
  for (let start = 0; start < MEMBERS; start += 10_000) {
    const multi = direct.multi();
    for (let i = start; i < Math.min(MEMBERS, start + 10_000); i++) {
      const sub = `auth0|bench${String(i).padStart(19, '0')}`;
      const first = pick(FIRST);
      const last = pick(LAST);
      const email = `${first}.${last}${Math.floor(next() * 1000)}@${domainOf(next(), i)}`;
      const customerId = `cus_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;
      const signedUpAt = now - (MEMBERS - i) * 60_000;
      multi.zAdd(opsKeys.members, { score: signedUpAt, value: sub });
      multi.hSet(opsKeys.member(sub), { email, signedUpAt: String(signedUpAt) });
      multi.hSet(opsKeys.email, email, sub);
      multi.set(customerOwnerKey(customerId), sub);
      multi.set(
        membershipKey(sub),
        JSON.stringify({
          customerId,
          subscriptionId: `sub_bench${i}`,
          plan: i % 3 ? 'monthly' : 'yearly',
          status: 'active',
          currentPeriodEnd: now + 86_400_000,
          cancelAtPeriodEnd: false,
          asOf: now,
        }),
      );
      if (i % 10 < 3)
        multi.set(
          chatKeys.member(sub),
          JSON.stringify({
            username: `${first}_${last}${i % 100}`,
            invite: null,
            revoked: false,
            account: null,
          }),
        );
      if (i % 10 === 0)
        multi.hSet(progressKeys.certificates(sub), {
          'penny-stock-essentials': JSON.stringify({
            id: 'x'.repeat(20),
            name: `${first[0]?.toUpperCase()}${first.slice(1)} ${last[0]?.toUpperCase()}${last.slice(1)}`,
            issuedAt: now,
          }),
        });
    }
    await multi.execAsPipeline();
  }
  console.log(`Seeded ${MEMBERS.toLocaleString('en-US')} members in ${ms(performance.now() - started)}`);

  started = performance.now();
  const filled = await backfillSearchIndex(store, { budgetMs: Number.POSITIVE_INFINITY });
  const backfillMs = performance.now() - started;
  const entries = await direct.zCard(opsKeys.search);
  const memory = Number(await direct.sendCommand(['MEMORY', 'USAGE', opsKeys.search, 'SAMPLES', '0']));
  const termsMemory = Number(
    await direct.sendCommand(['MEMORY', 'USAGE', opsKeys.searchTerms, 'SAMPLES', '0']),
  );
  console.log(
    `Backfill: ${filled.members.toLocaleString('en-US')} members filed in ${ms(backfillMs)} ` +
      `(${Math.ceil(filled.members / 1000)} pages of 1,000), ${entries.toLocaleString('en-US')} entries in ops:search ` +
      `(${mb(memory)}), ops:search-terms ${mb(termsMemory)}`,
  );

  // The search script's SHA, to time it alone: the same text listMembers sends.
  let script = '';
  let scriptKeys: string[] = [];
  let scriptArgs: string[] = [];
  const realEval = store.eval.bind(store);
  store.eval = ((text: string, keys: string[], args: string[]) => {
    script = text;
    scriptKeys = keys;
    scriptArgs = args;
    return realEval(text, keys, args);
  }) as typeof store.eval;

  const deep = await listMembers({ store, now: Date.now }, { query: 'gmail', limit: PAGE });
  let cursor = deep.next;
  for (let page = 2; page < 40 && cursor; page++)
    cursor = (await listMembers({ store, now: Date.now }, { query: 'gmail', limit: PAGE, cursor })).next;

  type Case = { query: string; cursor?: string | null; bounds?: SearchBounds };
  const cases: Array<[string, Case]> = [
    ['domain prefix, 40 % of members ("gmail")', { query: 'gmail' }],
    ['domain prefix with @, 12 % ("@yahoo.c")', { query: '@yahoo.c' }],
    ['"gmail", page 40 (cursor)', { query: 'gmail', cursor }],
    ['a small domain ("mail1234.")', { query: 'mail1234.' }],
    ['local-part prefix ("john.smith")', { query: 'john.smith' }],
    ['local-part prefix, exact-ish ("mary.jones12")', { query: 'mary.jones12' }],
    ['two letters ("ma")', { query: 'ma' }],
    ['first names ("ja")', { query: 'ja' }],
    ['first names ("je")', { query: 'je' }],
    ['first names ("da")', { query: 'da' }],
    ['first names ("st")', { query: 'st' }],
    ['first names ("mi")', { query: 'mi' }],
    ['a first name ("rich")', { query: 'rich' }],
    ['a first name ("kim")', { query: 'kim' }],
    [
      `walk bound: ${MAX_WALK.toLocaleString('en-US')} members looked at ("linda ga", walked)`,
      { query: 'linda ga', bounds: { maxTerms: 0, maxWalk: MAX_WALK } },
    ],
    ['customer id prefix ("cus_ab")', { query: 'cus_ab' }],
    ['every customer id ("cus_")', { query: 'cus_' }],
    ['certificate name ("linda ga")', { query: 'linda ga' }],
    ['chat username ("paul_k")', { query: 'paul_k' }],
    ['no match ("zzqx")', { query: 'zzqx' }],
  ];
  const rows: Record<string, Record<string, number | string>> = {};
  for (const [name, { query, cursor: from, bounds }] of cases) {
    const input = { query, limit: PAGE, cursor: from ?? null };
    const first = await listMembers({ store, now: Date.now }, input, bounds);
    const call: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await listMembers({ store, now: Date.now }, input, bounds);
      call.push(performance.now() - t0);
    }
    const sha = await direct.scriptLoad(script);
    const alone: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await direct.evalSha(sha, { keys: scriptKeys, arguments: scriptArgs });
      alone.push(performance.now() - t0);
    }
    const { members, entries } = await countMatching(query);
    rows[name] = {
      matching: members,
      entries,
      shown: first.members.length,
      'call p50 ms': round(percentile(call, 0.5)),
      'call p95 ms': round(percentile(call, 0.95)),
      'script p50 ms': round(percentile(alone, 0.5)),
      'script p95 ms': round(percentile(alone, 0.95)),
    };
  }
  console.log(
    `\nSearch over ${MEMBERS.toLocaleString('en-US')} members, a page of ${PAGE}, ${RUNS} runs each (in-process call: SDK → bridge → Redis, 2 round trips; script: EVALSHA straight to Redis)`,
  );
  console.table(rows);
} finally {
  await direct.quit();
  await bridge.close();
  await redis.stop();
}

/** Members any of whose terms begin with the query, and their entries (every entry read, for the table only). */
async function countMatching(query: string): Promise<{ members: number; entries: number }> {
  const q = query.toLowerCase();
  const prefixes = q.includes('@') ? [q] : [q, `@${q}`];
  const subs = new Set<string>();
  let entries = 0;
  for (const prefix of prefixes) {
    const upTo = Buffer.concat([Buffer.from(`[${prefix}`), Buffer.from([0xff])]);
    const found = (await direct.sendCommand(['ZRANGEBYLEX', opsKeys.search, `[${prefix}`, upTo])) as string[];
    entries += found.length;
    for (const entry of found) subs.add(String(entry).slice(String(entry).indexOf('\0') + 1));
  }
  return { members: subs.size, entries };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}
function round(value: number): number {
  return Number(value.toFixed(1));
}
function ms(value: number): string {
  return value < 10_000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(1)} s`;
}
function mb(bytes: number | null): string {
  return `${((bytes ?? 0) / 1_048_576).toFixed(1)} MB`;
}
