import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { createClient } from 'redis';
import { billingContent } from '../functions/_lib/billing/billing-content.ts';
import { membershipKey } from '../functions/_lib/billing/membership.ts';
import { readMetrics } from '../functions/_lib/operator/figures-read.ts';
import { opsKeys } from '../functions/_lib/operator/keys.ts';
import { writeSnapshot } from '../functions/_lib/operator/snapshot.ts';
import { createStore } from '../functions/_lib/store.ts';
import { seedMetricsYear } from './local/metrics-seed.ts';
import { startRedis } from './local/redis.ts';
import { startUpstashBridge } from './local/upstash-bridge.ts';

/**
 * `node scripts/bench-metrics.ts`: the operator's Money tab alone (docs/operator.md "Money and
 * churn"), against a throw-away redis-server behind the Upstash REST bridge, as `npm start` runs
 * it: 100,000 members, a year of their daily snapshots, the ledger's day totals and the day counts.
 * Times `operator/metrics`' work (readMetrics: its one pipeline, then the figures) and the daily
 * snapshot job over the members. Budget: the metrics answer in < 300 ms.
 */
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const DAYS = 365;
const CALLS = 50;
const WARM = 5;
const prices = billingContent().plans;

const redis = await startRedis();
const token = randomUUID();
const bridge = await startUpstashBridge({ redisUrl: redis.url, token });
try {
  await seedMembers(redis.url, MEMBERS);
  await seedMetricsYear(redis.url, MEMBERS, DAYS);
  const store = createStore({ url: bridge.url, token });
  const options = { prices, commissions: { source: 'rewardful' } } as const;

  // Store requests: each is one HTTP request to the bridge (as to Upstash).
  const realFetch = globalThis.fetch;
  let requests = 0;
  globalThis.fetch = (input, init) => {
    requests++;
    return realFetch(input, init);
  };
  // The pipeline's time: its request to the bridge and Redis, and the SDK reading the answer.
  let storeMs = 0;
  const pipeline = store.pipeline.bind(store);
  store.pipeline = () => {
    const pipe = pipeline();
    const exec = pipe.exec.bind(pipe);
    pipe.exec = (async (...args: Parameters<typeof exec>) => {
      const started = performance.now();
      try {
        return await exec(...args);
      } finally {
        storeMs += performance.now() - started;
      }
    }) as typeof exec;
    return pipe;
  };
  const deps = { store, now: () => Date.now() };
  let answer = await readMetrics(deps, options);
  for (let i = 1; i < WARM; i++) answer = await readMetrics(deps, options); // connections, JIT
  requests = 0;
  storeMs = 0;
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    await readMetrics(deps, options);
    times.push(performance.now() - started);
  }
  globalThis.fetch = realFetch;
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    Number((times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1));
  const body = JSON.stringify(answer);

  const snapshotStarted = performance.now();
  const snapshot = await writeSnapshot(
    store,
    new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
    prices,
  );
  const snapshotMs = performance.now() - snapshotStarted;

  console.log(
    `operator/metrics over ${MEMBERS.toLocaleString('en-US')} members, ${DAYS} days of snapshots and of the ledger (${CALLS} calls)`,
  );
  console.table({
    readMetrics: {
      'store requests / call': requests / CALLS,
      'median ms': at(0.5),
      'p95 ms': at(0.95),
      'max ms': at(1),
      // The rest is the figures made from the replies.
      'of which the pipeline, mean ms': +(storeMs / CALLS).toFixed(1),
      'answer KB': +(body.length / 1024).toFixed(1),
      'answer gzip KB': +(gzipSync(body).length / 1024).toFixed(1),
    },
  });
  console.log(
    `Snapshot job over the ${MEMBERS.toLocaleString('en-US')} members: ${Math.round(snapshotMs)} ms ` +
      `(${snapshot.active.monthly + snapshot.active.yearly} with access, MRR ${snapshot.mrr})`,
  );
} finally {
  await bridge.close();
  await redis.stop();
}

/**
 * `count` members as saveMembership's script indexes them: the index and each membership, some on
 * a promo, some yearly, some complimentary, some ended.
 */
async function seedMembers(url: string, count: number): Promise<void> {
  const client = await createClient({ url }).connect();
  const now = Date.now();
  try {
    for (let start = 0; start < count; start += 10_000) {
      const multi = client.multi();
      for (let i = start; i < Math.min(count, start + 10_000); i++) {
        const sub = `auth0|bench${String(i).padStart(19, '0')}`;
        const yearly = i % 3 === 0;
        multi.zAdd(opsKeys.members, { score: now - (count - i) * 60_000, value: sub });
        multi.set(
          membershipKey(sub),
          JSON.stringify({
            customerId: `cus_bench${i}`,
            subscriptionId: i % 50 === 0 ? `comp_bench${i}` : `sub_bench${i}`,
            plan: yearly ? 'yearly' : 'monthly',
            status: i % 10 ? 'active' : 'canceled',
            currentPeriodEnd: now + 20 * 86_400_000,
            cancelAtPeriodEnd: i % 7 === 0,
            asOf: now,
            ...(i % 5 === 1 && !yearly ? { price: '58.49' } : {}),
          }),
        );
      }
      await multi.execAsPipeline();
    }
  } finally {
    await client.quit();
  }
}
