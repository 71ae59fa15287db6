import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Caller } from '../../functions/_lib/auth/verify.ts';
import type { ImportedExecution } from '../../functions/_lib/contract/index.ts';
import type { Deps } from '../../functions/_lib/deps.ts';
import { createKeyCipher } from '../../functions/_lib/market/key-cipher.ts';
import { marketKeys, memberMarketKeys } from '../../functions/_lib/market/keys.ts';
import { marketTime } from '../../functions/_lib/market/market-day.ts';
import type { MarketConfig } from '../../functions/_lib/market/settings.ts';
import { createStore, type Store } from '../../functions/_lib/store.ts';
import { tradeKeys } from '../../functions/_lib/trade-store/keys.ts';
import { type MarketStandIn, startMarketStandIn } from '../../scripts/local/market-data.ts';
import { testSymbol } from '../support/market-stand-in.ts';
import { closeKeyDump, dumpMember } from '../support/member-keys.ts';

// Member mode (MASSIVE_KEY_SOURCE=member, docs/market-data.md "Whose key"): each member's own Massive
// key, checked with the provider and sealed before it is saved, and the review and the background job
// fetching that member's bars with it, into that member's own cache, under their own call budget.
// Real Redis, the handlers, the market-data stand-in taking two keys (any other refused with 401).

type Handler = (request: Request) => Promise<Response>;
type Call = (
  fn: Handler,
  path: string,
  body: unknown,
) => Promise<{ status: number; body: Record<string, unknown> }>;

const SECRET = randomBytes(32).toString('base64url');
const OTHER_KEY = `memberB_${randomBytes(12).toString('hex')}`;
const REFUSED_KEY = `refused_${randomBytes(12).toString('hex')}`;

let standIn: MarketStandIn;
let store: Store;
let deps: Pick<Deps, 'store' | 'now'>;
let keyFn: Handler;
let statusFn: Handler;
let reviewFn: Handler;
let importFn: Handler;
let tradesFn: Handler;
let exportFn: Handler;
let memberCaller: (store: Store) => Promise<{ sub: string; call: Call }>;
let ownKey: string;

beforeAll(async () => {
  store = createStore({
    url: process.env.UPSTASH_REDIS_REST_URL ?? '',
    token: process.env.UPSTASH_REDIS_REST_TOKEN ?? '',
  });
  deps = { store, now: Date.now };
  standIn = await startMarketStandIn({ store, moreKeys: [OTHER_KEY] });
  ownKey = standIn.apiKey;
  // The functions read their settings once, on their first request: member mode before that, and
  // no operator key at all (member mode does not need one). Put back after this file.
  vi.stubEnv('MASSIVE_KEY_SOURCE', 'member');
  vi.stubEnv('MARKET_KEY_SECRET', SECRET);
  vi.stubEnv('MASSIVE_API_KEY', '');
  vi.stubEnv('MASSIVE_API_URL', standIn.url);
  vi.stubEnv('MASSIVE_RATE_PER_MINUTE', '1000');
  keyFn = (await import('../../functions/account-marketkey.ts')).default;
  statusFn = (await import('../../functions/account-marketkey-status.ts')).default;
  reviewFn = (await import('../../functions/trades-review.ts')).default;
  importFn = (await import('../../functions/journal-trades-import.ts')).default;
  tradesFn = (await import('../../functions/journal-trades.ts')).default;
  exportFn = (await import('../../functions/account-export.ts')).default;
  ({ memberCaller } = await import('../support/members.ts'));
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await standIn?.close();
  await closeKeyDump();
});

const DAY = '2024-03-12';
const at = (time: string) => marketTime(DAY, time);

/** A member with one closed round trip of `symbol` on DAY. */
async function trader(symbol: string) {
  const m = await memberCaller(store);
  const executions: ImportedExecution[] = [
    {
      broker: 'das',
      account: 'A1',
      time: at('10:15'),
      symbol,
      side: 'buy',
      qty: 100_000,
      price: '0.0041',
      fees: '1',
    },
    {
      broker: 'das',
      account: 'A1',
      time: at('11:02'),
      symbol,
      side: 'sell',
      qty: 100_000,
      price: '0.0046',
      fees: '1',
    },
  ];
  expect((await m.call(importFn, 'journal/trades/import', { executions })).status).toBe(200);
  const { trades } = (await m.call(tradesFn, 'journal/trades', {})).body as {
    trades: { trade_id: string; time: number }[];
  };
  const trip = [...trades].sort((a, b) => a.time - b.time)[0]?.trade_id ?? '';
  return { ...m, trip };
}

/** Provider calls so far that came with `key` (and, when given, were about `symbol`). */
const callsWith = (key: string, symbol?: string) =>
  standIn.requests.filter((r, i) => standIn.requestKeys[i] === key && (!symbol || r.includes(`/${symbol}/`)))
    .length;

interface Review {
  bars: { state: string; bars: unknown[]; message: string | null; synthetic: boolean };
  fills: unknown[];
  excursion: { state: string; reason?: string };
}

describe('account/marketkey in member mode', () => {
  it('says no key is saved yet', async () => {
    const m = await memberCaller(store);
    const { status, body } = await m.call(statusFn, 'account/marketkey/status', {});
    expect(status).toBe(200);
    expect(body).toEqual({ mode: 'member', saved: false, last4: null, perMinute: 5 });
  });

  it('saves a key the provider takes, after one call with it, sealed: the key itself is nowhere in the store', async () => {
    const m = await memberCaller(store);
    const before = callsWith(ownKey);
    const { status, body } = await m.call(keyFn, 'account/marketkey', { key: ` ${ownKey} `, perMinute: 30 });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toEqual({ mode: 'member', saved: true, last4: ownKey.slice(-4), perMinute: 30 });
    expect(callsWith(ownKey)).toBe(before + 1);

    const dump = await dumpMember(m.sub);
    expect(JSON.stringify(dump)).not.toContain(ownKey);
    const stored = dump[memberMarketKeys(m.sub).key];
    expect(stored?.type).toBe('hash');
    const fields = stored?.value as Record<string, string>;
    expect(fields).toMatchObject({ last4: ownKey.slice(-4), perMinute: '30' });
    expect(fields.sealed).toMatch(/^v1\./);
    // Sealed for this member with the site's secret: it opens there only.
    expect(createKeyCipher(SECRET).open(fields.sealed ?? '', m.sub)).toBe(ownKey);
    expect(createKeyCipher(SECRET).open(fields.sealed ?? '', 'auth0|someone-else')).toBeNull();
    // Their trips can be measured now: queued, due at once.
    expect(await store.zscore(marketKeys.queue, m.sub)).not.toBeNull();

    const read = await m.call(statusFn, 'account/marketkey/status', {});
    expect(read.body).toEqual({ mode: 'member', saved: true, last4: ownKey.slice(-4), perMinute: 30 });
  });

  it('answers 422 for a key the provider refuses, and writes nothing', async () => {
    const m = await memberCaller(store);
    const before = await dumpMember(m.sub);
    const { status, body } = await m.call(keyFn, 'account/marketkey', { key: REFUSED_KEY });
    expect(status).toBe(422);
    expect(body.error).toMatch(/^Massive refused this key/);
    expect(callsWith(REFUSED_KEY)).toBe(1);
    expect(await dumpMember(m.sub)).toEqual(before);
  });

  it.each([
    ['too short', 'abc123'],
    ['with spaces inside', 'abcd efgh ijkl mnop qrst'],
    ['with other characters', 'abcdefgh/ijklmnop+qrst'],
    ['too long', 'a'.repeat(65)],
  ])('answers 400 for a key %s, without asking the provider', async (_case, key) => {
    const m = await memberCaller(store);
    const asked = standIn.requests.length;
    const { status, body } = await m.call(keyFn, 'account/marketkey', { key });
    expect(status).toBe(400);
    expect(body.error).toMatch(/^key: That is not a Massive API key/);
    expect(standIn.requests.length).toBe(asked);
    expect(await store.exists(memberMarketKeys(m.sub).key)).toBe(0);
  });

  it('answers 400 for a plan rate out of 1 to 1000', async () => {
    const m = await memberCaller(store);
    for (const perMinute of [0, 1001, 2.5, '5']) {
      const { status, body } = await m.call(keyFn, 'account/marketkey', { key: ownKey, perMinute });
      expect(status, String(perMinute)).toBe(400);
      expect(body.error).toMatch(/^perMinute: Calls a minute/);
    }
  });

  it('removes the saved key', async () => {
    const m = await memberCaller(store);
    expect((await m.call(keyFn, 'account/marketkey', { key: ownKey })).status).toBe(200);
    const removed = await m.call(keyFn, 'account/marketkey', { key: null });
    expect(removed.body).toEqual({ mode: 'member', saved: false, last4: null, perMinute: 5 });
    expect(await store.exists(memberMarketKeys(m.sub).key)).toBe(0);
  });

  it("lists the key's existence in the member's data, never the key", async () => {
    const m = await memberCaller(store);
    expect((await m.call(keyFn, 'account/marketkey', { key: ownKey })).status).toBe(200);
    const response = await exportFn(
      new Request('http://localhost/api/account/export', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(await memberHeaders(m.sub)) },
        body: '{}',
      }),
    );
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(JSON.parse(text).marketData).toEqual({ ownKeySaved: true });
    expect(text).not.toContain(ownKey);
  });
});

describe('trades/review in member mode', () => {
  it('without a key shows the fills and asks for one, asking the provider nothing and storing nothing', async () => {
    const symbol = testSymbol();
    const m = await trader(symbol);
    const { status, body } = await m.call(reviewFn, 'trades/review', { trip: m.trip });
    expect(status).toBe(200);
    const review = body as unknown as Review;
    expect(review.fills).toHaveLength(2);
    expect(review.bars).toMatchObject({
      state: 'no key',
      bars: [],
      message: 'Add your Massive API key on your Account page to see price bars.',
    });
    expect(review.excursion.state).toBe('no data');
    expect(standIn.requests.filter((r) => r.includes(`/${symbol}/`))).toEqual([]);
    expect(await store.exists(tradeKeys.tripExcursions(m.sub))).toBe(0);
  });

  it("with a key fetches the bars with it into the member's own cache; another member's review asks again with theirs", async () => {
    const symbol = testSymbol();
    const first = await trader(symbol);
    expect((await first.call(keyFn, 'account/marketkey', { key: ownKey })).status).toBe(200);
    const review = (await first.call(reviewFn, 'trades/review', { trip: first.trip }))
      .body as unknown as Review;
    expect(review.bars.state).toBe('bars');
    expect(review.bars.bars.length).toBeGreaterThan(0);
    expect(review.excursion.state).toBe('measured');
    expect(callsWith(ownKey, symbol)).toBe(1);
    expect(await store.exists(memberMarketKeys(first.sub).bars('minute', symbol, DAY))).toBe(1);
    // Bought with a member's personal-use key: never in the shared cache.
    expect(await store.exists(marketKeys.bars('minute', symbol, DAY))).toBe(0);
    // Counted against the member's own budget, not the shared one.
    // Every page of the scan: the store is shared with the other suites, so one page may hold none.
    const rateKeys: string[] = [];
    let cursor = '0';
    do {
      const page: [string | number, string[]] = await store.scan(cursor, {
        match: `u:${first.sub}:market-rate:*`,
        count: 1000,
      });
      rateKeys.push(...page[1]);
      cursor = String(page[0]);
    } while (cursor !== '0');
    expect(rateKeys.length).toBeGreaterThan(0);

    const second = await trader(symbol);
    expect((await second.call(keyFn, 'account/marketkey', { key: OTHER_KEY })).status).toBe(200);
    const theirs = (await second.call(reviewFn, 'trades/review', { trip: second.trip }))
      .body as unknown as Review;
    expect(theirs.bars.state).toBe('bars');
    expect(callsWith(OTHER_KEY, symbol)).toBe(1);
    expect(await store.exists(memberMarketKeys(second.sub).bars('minute', symbol, DAY))).toBe(1);

    // The first member's finished day is in their cache: not asked again.
    expect((await first.call(reviewFn, 'trades/review', { trip: first.trip })).status).toBe(200);
    expect(callsWith(ownKey, symbol)).toBe(1);
    expect(await store.exists(marketKeys.bars('minute', symbol, DAY))).toBe(0);
  });

  it("keeps to the member's own plan rate", async () => {
    const { createMarketSource } = await import('../../functions/_lib/market/market-source.ts');
    const { saveMarketKey } = await import('../../functions/_lib/account/market-key.ts');
    const { barsForDays } = await import('../../functions/_lib/market/bars-cache.ts');
    // A clock fixed mid-minute, and a plan of one call a minute: the first symbol's day is fetched,
    // the second must wait for the next minute (the key check itself counts in no budget).
    const now = Math.floor(Date.now() / 60_000) * 60_000 + 30_000;
    const source = createMarketSource(memberConfig(standIn.url), store, () => now);
    const m = await memberCaller(store);
    await saveMarketKey({ store, now: () => now }, source, caller(m.sub), { key: ownKey, perMinute: 1 });
    const own = await source.forMember(m.sub);
    expect(own).not.toBeNull();
    if (!own) return;
    const bars = (symbol: string) =>
      barsForDays(store, own.market, { symbol, resolution: 'minute', days: [DAY], now, keys: own.keys });
    const [one, two] = [testSymbol(), testSymbol()];
    expect((await bars(one))[DAY]?.kind).toBe('bars');
    expect((await bars(two))[DAY]).toMatchObject({
      kind: 'unavailable',
      reason: 'rate-limited',
      retryAfterMs: 30_000,
    });
    expect(callsWith(ownKey, two)).toBe(0);
    expect(await store.get(memberMarketKeys(m.sub).rate(now / 60_000 - 0.5))).toBe('2');
  });
});

describe('the MAE/MFE job in member mode', () => {
  it('leaves a member without a key as they are, queued again in an hour; measures one with a key from their own cache', async () => {
    const { getMarketSource } = await import('../../functions/_lib/market/market-source.ts');
    const { syncMember } = await import('../../functions/_lib/review/excursions-sync.ts');
    const symbol = testSymbol();
    const keyless = await trader(symbol);
    const now = Date.now();
    expect(await syncMember(deps, getMarketSource(), keyless.sub, now)).toEqual({
      stored: 0,
      retryAt: now + 3_600_000,
    });
    expect(Number(await store.zscore(marketKeys.queue, keyless.sub))).toBe(now + 3_600_000);
    expect(await store.exists(tradeKeys.tripExcursions(keyless.sub))).toBe(0);

    const keyed = await trader(symbol);
    expect((await keyed.call(keyFn, 'account/marketkey', { key: OTHER_KEY })).status).toBe(200);
    const outcome = await syncMember(deps, getMarketSource(), keyed.sub, Date.now());
    expect(outcome).toMatchObject({ stored: 1, retryAt: null });
    const stored = JSON.parse(
      (await store.hget<string>(tradeKeys.tripExcursions(keyed.sub), keyed.trip)) ?? '{}',
    );
    expect(stored.excursion.state).toBe('measured');
    expect(callsWith(OTHER_KEY, symbol)).toBe(1);
    expect(await store.exists(memberMarketKeys(keyed.sub).bars('minute', symbol, DAY))).toBe(1);
    expect(await store.exists(marketKeys.bars('minute', symbol, DAY))).toBe(0);
  });
});

describe('account/marketkey, the other answers', () => {
  it('answers 409 in operator mode, and says so in the status', async () => {
    const { createMarketSource } = await import('../../functions/_lib/market/market-source.ts');
    const { marketKeyStatus, saveMarketKey, OPERATOR_MODE_MESSAGE } = await import(
      '../../functions/_lib/account/market-key.ts'
    );
    const operator = createMarketSource({ kind: 'none', ratePerMinute: 5 }, store);
    const m = await memberCaller(store);
    await expect(saveMarketKey(deps, operator, caller(m.sub), { key: ownKey })).rejects.toMatchObject({
      status: 409,
      message: OPERATOR_MODE_MESSAGE,
    });
    expect(await marketKeyStatus(deps, operator, caller(m.sub))).toEqual({
      mode: 'operator',
      saved: false,
      last4: null,
      perMinute: 5,
    });
    expect(await store.exists(memberMarketKeys(m.sub).key)).toBe(0);
  });

  it('answers 503 when the provider does not answer, and saves nothing', async () => {
    const { createMarketSource } = await import('../../functions/_lib/market/market-source.ts');
    const { saveMarketKey, PROVIDER_DOWN_MESSAGE } = await import(
      '../../functions/_lib/account/market-key.ts'
    );
    // A port nothing listens on: the connection is refused.
    const down = createMarketSource(memberConfig('http://127.0.0.1:9'), store);
    const m = await memberCaller(store);
    await expect(saveMarketKey(deps, down, caller(m.sub), { key: ownKey })).rejects.toMatchObject({
      status: 503,
      message: PROVIDER_DOWN_MESSAGE,
    });
    expect(await store.exists(memberMarketKeys(m.sub).key)).toBe(0);
  });
});

const memberConfig = (apiBase: string): MarketConfig => ({
  kind: 'none',
  ratePerMinute: 5,
  members: { apiBase, synthetic: true, secret: SECRET },
});

const caller = (sub: string): Caller => ({ sub, email: 'member@example.com', customerId: null });

async function memberHeaders(sub: string) {
  const { authHeader } = await import('../support/tokens.ts');
  return authHeader({ sub });
}
