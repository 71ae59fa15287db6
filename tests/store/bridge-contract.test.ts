// Contract test of the local store: every Redis command the product uses is run through the real
// @upstash/redis SDK (SDK → Upstash REST bridge → redis-server) and directly against redis-server
// (node-redis), on separate key namespaces with identical setup, and the answers must agree.
// The GUARD at the end fails when product code starts using an SDK command missing from the table:
// add a row for it here.
import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from '@upstash/redis';
import { createClient, ErrorReply, MultiErrorReply, RESP_TYPES } from 'redis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

type Cmd = (string | number)[];
type Keys = (name: string) => string;
type Send = (cmd: Cmd) => Promise<unknown>;

interface Row {
  name: string;
  /** SDK methods the row exercises (the guard's notion of "covered"). */
  methods: string[];
  /** Raw commands run in both namespaces before the comparison. */
  setup?: (k: Keys) => Cmd[];
  sdk: (redis: Redis, k: Keys) => Promise<unknown>;
  /** The same operation as Redis sees it: one command, or a function for multi-step reads. */
  raw: (k: Keys, send: Send) => Cmd | Promise<unknown>;
  /** Raw reads after the operation, compared across namespaces: what the write left behind. */
  check?: (k: Keys) => Cmd[];
  /** What the SDK returns with its default deserialization, when it is not plain JSON parsing. */
  expectDefault?: unknown;
  /** Makes legitimately varying answers comparable (set order, a TTL ticking). */
  project?: (value: unknown) => unknown;
}

const store = inject('testStore');
const direct = createClient({ url: store.redisUrl, RESP: 2 }).withTypeMapping({
  [RESP_TYPES.BLOB_STRING]: Buffer,
});
const send: Send = (cmd) => direct.sendCommand(cmd.map(String));
const sdkClient = (automaticDeserialization: boolean) =>
  new Redis({ url: store.url, token: store.token, automaticDeserialization });

beforeAll(() => direct.connect());
afterAll(() => direct.close());

// Keys of one test live under a random prefix: test files share this Redis and run in parallel.
function namespaces() {
  const id = randomUUID();
  const space = (side: string) => {
    const ns = `contract:${id}:${side}:`;
    return { ns, k: (name: string) => ns + name };
  };
  return { viaSdk: space('sdk'), viaRaw: space('raw') };
}

/** Bulk strings as text, and each side's key prefix replaced, so both sides compare equal. */
function normalize(value: unknown, ns: string): unknown {
  if (Buffer.isBuffer(value)) return normalize(value.toString('utf8'), ns);
  if (typeof value === 'string') return value.replaceAll(ns, '{ns}');
  if (value instanceof ErrorReply) return { error: value.message };
  if (Array.isArray(value)) return value.map((item) => normalize(item, ns));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, normalize(item, ns)]));
  }
  return value;
}

/** The SDK's documented default: every string that parses as JSON is returned parsed, except
 * numbers whose text would change (so "0.00010" and "007" stay strings, but "0.0001" is a number). */
function autoParse(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(autoParse);
  if (typeof value !== 'string') return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'number' && String(parsed) !== value ? value : parsed;
  } catch {
    return value;
  }
}

const sorted = (value: unknown) => (Array.isArray(value) ? [...value].sort() : value);
function ttlBucket(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(ttlBucket);
  return typeof value === 'number' && value > 900 ? 'about 1000 s' : value;
}

const UNICODE = '€ 漢字 \u0000 emoji 🚀';
const LUA = "return {KEYS[1], ARGV[1], redis.call('INCR', KEYS[1]), redis.call('SET', KEYS[1] .. ':x', 'y')}";
const SEARCH_LUA = `local found = redis.call('ZRANGEBYLEX', KEYS[1], '[' .. ARGV[1], '[' .. ARGV[1] .. '\\255', 'LIMIT', 0, 10)
local subs = {}
for _, entry in ipairs(found) do subs[#subs + 1] = string.sub(entry, string.find(entry, '\\0', 1, true) + 1) end
local scores = redis.call('ZMSCORE', KEYS[2], 'missing', unpack(subs))
local counted = redis.call('ZLEXCOUNT', KEYS[1], '[' .. ARGV[1], '[' .. ARGV[1] .. '\\255')
return {counted, found, subs, scores, redis.call('ZREVRANGE', KEYS[2], 0, 1, 'WITHSCORES'), redis.call('HMGET', KEYS[3], 's1', 's2')}`;
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

async function scanAll(step: (cursor: string) => Promise<unknown>): Promise<string[]> {
  const keys = new Set<string>();
  let cursor = '0';
  do {
    const [next, page] = (await step(cursor)) as [unknown, unknown[]];
    for (const key of page) keys.add(String(key));
    cursor = String(next);
  } while (cursor !== '0');
  return [...keys].sort();
}

const rows: Row[] = [
  // strings
  {
    name: 'GET text',
    methods: ['get'],
    setup: (k) => [['SET', k('s'), 'hello']],
    sdk: (r, k) => r.get(k('s')),
    raw: (k) => ['GET', k('s')],
  },
  {
    name: 'GET JSON value',
    methods: ['get'],
    setup: (k) => [['SET', k('s'), '{"a":1,"b":["x"]}']],
    sdk: (r, k) => r.get(k('s')),
    raw: (k) => ['GET', k('s')],
  },
  {
    name: 'GET missing key → null',
    methods: ['get'],
    sdk: (r, k) => r.get(k('missing')),
    raw: (k) => ['GET', k('missing')],
  },
  {
    name: 'GETDEL a value: answered, and gone',
    methods: ['getdel'],
    setup: (k) => [['SET', k('s'), '{"sub":"x"}']],
    sdk: (r, k) => r.getdel(k('s')),
    raw: (k) => ['GETDEL', k('s')],
    check: (k) => [['EXISTS', k('s')]],
  },
  {
    name: 'GETDEL missing key → null',
    methods: ['getdel'],
    sdk: (r, k) => r.getdel(k('missing')),
    raw: (k) => ['GETDEL', k('missing')],
  },
  {
    name: 'MGET mixed values and a missing key',
    methods: ['mget'],
    setup: (k) => [['MSET', k('a'), '{"a":1}', k('b'), '0.0001', k('c'), '0.00010', k('d'), '007']],
    sdk: (r, k) => r.mget(k('a'), k('b'), k('c'), k('d'), k('missing')),
    raw: (k) => ['MGET', k('a'), k('b'), k('c'), k('d'), k('missing')],
  },
  {
    name: 'SET text',
    methods: ['set'],
    sdk: (r, k) => r.set(k('s'), 'v'),
    raw: (k) => ['SET', k('s'), 'v'],
    check: (k) => [['GET', k('s')]],
  },
  {
    name: 'SET object (SDK sends JSON)',
    methods: ['set'],
    sdk: (r, k) => r.set(k('s'), { price: '0.0001', n: 2 }),
    raw: (k) => ['SET', k('s'), '{"price":"0.0001","n":2}'],
    check: (k) => [['GET', k('s')]],
  },
  {
    name: 'SET unicode and NUL',
    methods: ['set'],
    sdk: (r, k) => r.set(k('s'), UNICODE),
    raw: (k) => ['SET', k('s'), UNICODE],
    check: (k) => [
      ['GET', k('s')],
      ['STRLEN', k('s')],
    ],
  },
  {
    name: 'SET NX EX on a new key',
    methods: ['set'],
    sdk: (r, k) => r.set(k('s'), 'v', { nx: true, ex: 1000 }),
    raw: (k) => ['SET', k('s'), 'v', 'NX', 'EX', 1000],
    check: (k) => [
      ['GET', k('s')],
      ['TTL', k('s')],
    ],
    project: ttlBucket,
  },
  {
    name: 'SET NX PX on a new key (a lock)',
    methods: ['set'],
    sdk: (r, k) => r.set(k('s'), '1', { nx: true, px: 60000 }),
    raw: (k) => ['SET', k('s'), '1', 'NX', 'PX', 60000],
    check: (k) => [
      ['GET', k('s')],
      ['TTL', k('s')],
    ],
    project: ttlBucket,
  },
  {
    name: 'SET NX on an existing key → null',
    methods: ['set'],
    setup: (k) => [['SET', k('s'), 'old']],
    sdk: (r, k) => r.set(k('s'), 'new', { nx: true }),
    raw: (k) => ['SET', k('s'), 'new', 'NX'],
    check: (k) => [['GET', k('s')]],
  },
  {
    name: 'DEL',
    methods: ['del'],
    setup: (k) => [
      ['SET', k('a'), '1'],
      ['SET', k('b'), '2'],
    ],
    sdk: (r, k) => r.del(k('a'), k('missing')),
    raw: (k) => ['DEL', k('a'), k('missing')],
    check: (k) => [['EXISTS', k('a'), k('b')]],
  },
  {
    name: 'EXISTS',
    methods: ['exists'],
    setup: (k) => [['SET', k('a'), '1']],
    sdk: (r, k) => r.exists(k('a'), k('missing')),
    raw: (k) => ['EXISTS', k('a'), k('missing')],
  },
  {
    name: 'EXPIRE',
    methods: ['expire'],
    setup: (k) => [['SET', k('a'), '1']],
    sdk: (r, k) => r.expire(k('a'), 1000),
    raw: (k) => ['EXPIRE', k('a'), 1000],
    check: (k) => [['TTL', k('a')]],
    project: ttlBucket,
  },
  {
    name: 'TTL: expiring, persistent, missing',
    methods: ['ttl'],
    setup: (k) => [
      ['SET', k('e'), '1', 'EX', 1000],
      ['SET', k('p'), '1'],
    ],
    sdk: (r, k) => Promise.all([r.ttl(k('e')), r.ttl(k('p')), r.ttl(k('missing'))]),
    raw: (k, run) => Promise.all([run(['TTL', k('e')]), run(['TTL', k('p')]), run(['TTL', k('missing')])]),
    project: ttlBucket,
  },
  {
    name: 'INCR',
    methods: ['incr'],
    setup: (k) => [['SET', k('n'), '41']],
    sdk: (r, k) => r.incr(k('n')),
    raw: (k) => ['INCR', k('n')],
    check: (k) => [['GET', k('n')]],
  },
  {
    name: 'INCRBY on a new key',
    methods: ['incrby'],
    sdk: (r, k) => r.incrby(k('n'), 250),
    raw: (k) => ['INCRBY', k('n'), 250],
    check: (k) => [['GET', k('n')]],
  },
  // hashes
  {
    name: 'HSET',
    methods: ['hset'],
    sdk: (r, k) => r.hset(k('h'), { title: 'Note', body: UNICODE, meta: { tags: ['otc'] } }),
    raw: (k) => ['HSET', k('h'), 'title', 'Note', 'body', UNICODE, 'meta', '{"tags":["otc"]}'],
    check: (k) => [['HGETALL', k('h')]],
  },
  {
    name: 'HGET field and missing field',
    methods: ['hget'],
    setup: (k) => [['HSET', k('h'), 'f', 'v']],
    sdk: (r, k) => Promise.all([r.hget(k('h'), 'f'), r.hget(k('h'), 'missing')]),
    raw: (k, run) => Promise.all([run(['HGET', k('h'), 'f']), run(['HGET', k('h'), 'missing'])]),
  },
  {
    name: 'HEXISTS field and missing field',
    methods: ['hexists'],
    setup: (k) => [['HSET', k('h'), 'f', 'v']],
    sdk: (r, k) => Promise.all([r.hexists(k('h'), 'f'), r.hexists(k('h'), 'missing')]),
    raw: (k, run) => Promise.all([run(['HEXISTS', k('h'), 'f']), run(['HEXISTS', k('h'), 'missing'])]),
  },
  {
    name: 'HGETALL',
    methods: ['hgetall'],
    setup: (k) => [['HSET', k('h'), 'name', 'Ann', 'price', '0.0001', 'qty', '3', 'meta', '{"a":1}']],
    sdk: (r, k) => r.hgetall(k('h')),
    raw: (k) => ['HGETALL', k('h')],
    // Unlike GET, HGETALL keeps non-integer numbers as strings.
    expectDefault: { name: 'Ann', price: '0.0001', qty: 3, meta: { a: 1 } },
  },
  {
    name: 'HGETALL missing key',
    methods: ['hgetall'],
    sdk: (r, k) => r.hgetall(k('missing')),
    raw: (k) => ['HGETALL', k('missing')],
    expectDefault: null,
  },
  {
    name: 'HMGET',
    methods: ['hmget'],
    setup: (k) => [['HSET', k('h'), 'a', '1', 'b', 'text']],
    sdk: (r, k) => r.hmget(k('h'), 'a', 'b', 'missing'),
    raw: (k) => ['HMGET', k('h'), 'a', 'b', 'missing'],
    expectDefault: { a: 1, b: 'text', missing: null },
  },
  {
    name: 'HDEL',
    methods: ['hdel'],
    setup: (k) => [['HSET', k('h'), 'a', '1', 'b', '2']],
    sdk: (r, k) => r.hdel(k('h'), 'a', 'missing'),
    raw: (k) => ['HDEL', k('h'), 'a', 'missing'],
    check: (k) => [['HGETALL', k('h')]],
  },
  // sets
  {
    name: 'SADD',
    methods: ['sadd'],
    setup: (k) => [['SADD', k('s'), 'a']],
    sdk: (r, k) => r.sadd(k('s'), 'a', 'b', 'c'),
    raw: (k) => ['SADD', k('s'), 'a', 'b', 'c'],
    check: (k) => [['SCARD', k('s')]],
  },
  {
    name: 'SREM',
    methods: ['srem'],
    setup: (k) => [['SADD', k('s'), 'a', 'b']],
    sdk: (r, k) => r.srem(k('s'), 'a', 'missing'),
    raw: (k) => ['SREM', k('s'), 'a', 'missing'],
    check: (k) => [['SMEMBERS', k('s')]],
  },
  {
    name: 'SMEMBERS',
    methods: ['smembers'],
    setup: (k) => [['SADD', k('s'), 'b', 'a', '{"x":1}', UNICODE]],
    sdk: (r, k) => r.smembers(k('s')),
    raw: (k) => ['SMEMBERS', k('s')],
    project: sorted,
  },
  {
    name: 'SMEMBERS missing key → []',
    methods: ['smembers'],
    sdk: (r, k) => r.smembers(k('missing')),
    raw: (k) => ['SMEMBERS', k('missing')],
  },
  {
    name: 'SISMEMBER yes and no',
    methods: ['sismember'],
    setup: (k) => [['SADD', k('s'), 'a']],
    sdk: (r, k) => Promise.all([r.sismember(k('s'), 'a'), r.sismember(k('s'), 'z')]),
    raw: (k, run) => Promise.all([run(['SISMEMBER', k('s'), 'a']), run(['SISMEMBER', k('s'), 'z'])]),
  },
  {
    name: 'SMISMEMBER several members, a missing key',
    methods: ['smismember'],
    setup: (k) => [['SADD', k('s'), 'a', 'c']],
    sdk: (r, k) => Promise.all([r.smismember(k('s'), ['a', 'b', 'c']), r.smismember(k('missing'), ['a'])]),
    raw: (k, run) =>
      Promise.all([run(['SMISMEMBER', k('s'), 'a', 'b', 'c']), run(['SMISMEMBER', k('missing'), 'a'])]),
  },
  {
    name: 'SINTER',
    methods: ['sinter'],
    setup: (k) => [
      ['SADD', k('a'), 'x', 'y', 'z'],
      ['SADD', k('b'), 'y', 'z', 'w'],
    ],
    sdk: (r, k) => r.sinter(k('a'), k('b')),
    raw: (k) => ['SINTER', k('a'), k('b')],
    project: sorted,
  },
  {
    name: 'SUNION',
    methods: ['sunion'],
    setup: (k) => [
      ['SADD', k('a'), 'x', 'y'],
      ['SADD', k('b'), 'y', 'z'],
    ],
    sdk: (r, k) => r.sunion(k('a'), k('b'), k('missing')),
    raw: (k) => ['SUNION', k('a'), k('b'), k('missing')],
    project: sorted,
  },
  {
    name: 'SCARD',
    methods: ['scard'],
    setup: (k) => [['SADD', k('s'), 'a', 'b']],
    sdk: (r, k) => Promise.all([r.scard(k('s')), r.scard(k('missing'))]),
    raw: (k, run) => Promise.all([run(['SCARD', k('s')]), run(['SCARD', k('missing')])]),
  },
  // sorted sets
  {
    name: 'ZADD',
    methods: ['zadd'],
    sdk: (r, k) => r.zadd(k('z'), { score: 1, member: 'a' }, { score: 0.0001, member: 'b' }),
    raw: (k) => ['ZADD', k('z'), 1, 'a', 0.0001, 'b'],
    check: (k) => [['ZRANGE', k('z'), 0, -1, 'WITHSCORES']],
  },
  {
    name: 'ZREM',
    methods: ['zrem'],
    setup: (k) => [['ZADD', k('z'), 1, 'a', 2, 'b']],
    sdk: (r, k) => r.zrem(k('z'), 'a', 'missing'),
    raw: (k) => ['ZREM', k('z'), 'a', 'missing'],
    check: (k) => [['ZRANGE', k('z'), 0, -1]],
  },
  {
    name: 'ZCARD',
    methods: ['zcard'],
    setup: (k) => [['ZADD', k('z'), 1, 'a', 2, 'b']],
    sdk: (r, k) => r.zcard(k('z')),
    raw: (k) => ['ZCARD', k('z')],
  },
  {
    name: 'ZCOUNT over a score range, open-ended',
    methods: ['zcount'],
    setup: (k) => [['ZADD', k('z'), 1, 'a', 2, 'b', 3, 'c']],
    sdk: async (r, k) => [await r.zcount(k('z'), 2, '+inf'), await r.zcount(k('z'), '-inf', 1)],
    raw: async (k, run) => [
      await run(['ZCOUNT', k('z'), 2, '+inf']),
      await run(['ZCOUNT', k('z'), '-inf', 1]),
    ],
  },
  {
    name: 'ZSCORE member and missing member',
    methods: ['zscore'],
    setup: (k) => [['ZADD', k('z'), 1.5, 'a']],
    sdk: (r, k) => Promise.all([r.zscore(k('z'), 'a'), r.zscore(k('z'), 'missing')]),
    raw: (k, run) => Promise.all([run(['ZSCORE', k('z'), 'a']), run(['ZSCORE', k('z'), 'missing'])]),
  },
  {
    name: 'ZMSCORE members, one missing',
    methods: ['zmscore'],
    setup: (k) => [['ZADD', k('z'), 1.5, 'a', 2, 'b']],
    sdk: (r, k) => r.zmscore(k('z'), ['a', 'missing', 'b']),
    raw: (k) => ['ZMSCORE', k('z'), 'a', 'missing', 'b'],
  },
  ...zrangeRows(),
  {
    name: 'ZUNIONSTORE AGGREGATE MAX',
    methods: ['zunionstore'],
    setup: (k) => [
      ['ZADD', k('a'), 1, 'x', 2, 'y'],
      ['ZADD', k('b'), 2, 'y', 3, 'z'],
    ],
    sdk: (r, k) => r.zunionstore(k('u'), 2, [k('a'), k('b')], { aggregate: 'max' }),
    raw: (k) => ['ZUNIONSTORE', k('u'), 2, k('a'), k('b'), 'AGGREGATE', 'MAX'],
    check: (k) => [['ZRANGE', k('u'), 0, -1, 'WITHSCORES']],
  },
  {
    name: 'ZINTERSTORE WEIGHTS onto one of its sources',
    methods: ['zinterstore'],
    setup: (k) => [
      ['ZADD', k('a'), 10, 'x', 20, 'y', 30, 'z'],
      ['ZADD', k('b'), 1, 'y', 1, 'z', 1, 'w'],
    ],
    sdk: (r, k) => r.zinterstore(k('a'), 2, [k('a'), k('b')], { weights: [1, 0] }),
    raw: (k) => ['ZINTERSTORE', k('a'), 2, k('a'), k('b'), 'WEIGHTS', 1, 0],
    check: (k) => [['ZRANGE', k('a'), 0, -1, 'WITHSCORES']],
  },
  // lists
  {
    name: 'LPUSH',
    methods: ['lpush'],
    setup: (k) => [['LPUSH', k('l'), 'a']],
    sdk: (r, k) => r.lpush(k('l'), 'b', 'c'),
    raw: (k) => ['LPUSH', k('l'), 'b', 'c'],
    check: (k) => [['LRANGE', k('l'), 0, -1]],
  },
  {
    name: 'LRANGE',
    methods: ['lrange'],
    setup: (k) => [['RPUSH', k('l'), 'a', '{"b":2}', 'c']],
    sdk: (r, k) => Promise.all([r.lrange(k('l'), 0, 1), r.lrange(k('missing'), 0, -1)]),
    raw: (k, run) => Promise.all([run(['LRANGE', k('l'), 0, 1]), run(['LRANGE', k('missing'), 0, -1])]),
  },
  // keyspace
  {
    name: 'SCAN MATCH (full iteration)',
    methods: ['scan'],
    setup: (k) => [
      ['SET', k('scan:1'), '1'],
      ['SET', k('scan:2'), '2'],
      ['SET', k('other'), '3'],
    ],
    sdk: (r, k) => scanAll((cursor) => r.scan(cursor, { match: `${k('scan:')}*`, count: 1000 })),
    raw: (k, run) => scanAll((cursor) => run(['SCAN', cursor, 'MATCH', `${k('scan:')}*`, 'COUNT', 1000])),
  },
  {
    name: 'PING (status reply other than OK)',
    methods: ['ping'],
    sdk: (r) => r.ping(),
    raw: () => ['PING'],
  },
  // scripts
  {
    name: 'EVAL (nested integer, bulk and status replies)',
    methods: ['eval'],
    setup: (k) => [['SET', k('n'), '1']],
    sdk: (r, k) => r.eval(LUA, [k('n')], ['arg']),
    raw: (k) => ['EVAL', LUA, 1, k('n'), 'arg'],
  },
  {
    // The console's search (functions/_lib/operator/search.ts): entries `{term}\0{sub}` counted
    // and read by prefix up to a byte-255 bound made in Lua, ZMSCORE with a missing member (false
    // in Lua), ZREVRANGE by rank with scores, HMGET with a missing field, a reply holding NULs.
    name: 'EVAL: the search commands (ZLEXCOUNT and ZRANGEBYLEX to \\255, ZMSCORE, ZREVRANGE, HMGET)',
    methods: ['eval'],
    setup: (k) => [
      ['ZADD', k('lex'), 0, 'ab\0s1', 0, 'abc\0s2', 0, 'ab€\0s3', 0, 'b\0s4'],
      ['ZADD', k('by'), 5, 's1', 7, 's2', 7, 's3'],
      ['HSET', k('h'), 's1', '{"email":["ab"]}'],
    ],
    sdk: (r, k) => r.eval(SEARCH_LUA, [k('lex'), k('by'), k('h')], ['ab']),
    raw: (k) => ['EVAL', SEARCH_LUA, 3, k('lex'), k('by'), k('h'), 'ab'],
  },
  {
    name: 'EVALSHA',
    methods: ['evalsha'],
    setup: () => [['SCRIPT', 'LOAD', LUA]],
    sdk: (r, k) => r.evalsha(sha1(LUA), [k('n')], ['arg']),
    raw: (k) => ['EVALSHA', sha1(LUA), 1, k('n'), 'arg'],
  },
  {
    name: 'SCRIPT LOAD',
    methods: ['scriptLoad'],
    sdk: (r) => r.scriptLoad(LUA),
    raw: () => ['SCRIPT', 'LOAD', LUA],
  },
  {
    name: 'createScript().exec: EVALSHA, NOSCRIPT, then EVAL',
    methods: ['createScript'],
    sdk: (r, k) => r.createScript(uniqueScript(k)).exec([k('n')], ['arg']),
    raw: (k) => ['EVAL', uniqueScript(k), 1, k('n'), 'arg'],
  },
];

// A script text never loaded before, so the SDK's EVALSHA really fails with NOSCRIPT first.
function uniqueScript(k: Keys): string {
  return `-- ${k('').split(':')[1]}\n${LUA}`;
}

function zrangeRows(): Row[] {
  const setup = (k: Keys): Cmd[] => [['ZADD', k('z'), 1, 'a', 2, 'b', 3, 'c', 4, '{"d":4}', 0.5, 'e']];
  return [
    {
      name: 'ZRANGE',
      methods: ['zrange'],
      setup,
      sdk: (r, k) => r.zrange(k('z'), 0, -1),
      raw: (k) => ['ZRANGE', k('z'), 0, -1],
    },
    {
      name: 'ZRANGE WITHSCORES',
      methods: ['zrange'],
      setup,
      sdk: (r, k) => r.zrange(k('z'), 0, -1, { withScores: true }),
      raw: (k) => ['ZRANGE', k('z'), 0, -1, 'WITHSCORES'],
    },
    {
      name: 'ZRANGE REV',
      methods: ['zrange'],
      setup,
      sdk: (r, k) => r.zrange(k('z'), 0, 2, { rev: true }),
      raw: (k) => ['ZRANGE', k('z'), 0, 2, 'REV'],
    },
    {
      name: 'ZRANGE BYSCORE LIMIT',
      methods: ['zrange'],
      setup,
      sdk: (r, k) => r.zrange(k('z'), 1, 4, { byScore: true, offset: 1, count: 2 }),
      raw: (k) => ['ZRANGE', k('z'), 1, 4, 'BYSCORE', 'LIMIT', 1, 2],
    },
    {
      name: 'ZRANGE REV BYSCORE LIMIT WITHSCORES',
      methods: ['zrange'],
      setup,
      sdk: (r, k) =>
        r.zrange(k('z'), '+inf', '-inf', { byScore: true, rev: true, offset: 0, count: 3, withScores: true }),
      raw: (k) => ['ZRANGE', k('z'), '+inf', '-inf', 'BYSCORE', 'REV', 'LIMIT', 0, 3, 'WITHSCORES'],
    },
    {
      name: 'ZRANGE BYLEX LIMIT over members holding a NUL',
      methods: ['zrange'],
      setup: (k) => [['ZADD', k('lex'), 0, 'ab\0s1', 0, 'abc\0s2', 0, 'ac\0s3', 0, 'b\0s4']],
      sdk: (r, k) => r.zrange(k('lex'), '[ab', '(ac', { byLex: true, offset: 0, count: 10 }),
      raw: (k) => ['ZRANGE', k('lex'), '[ab', '(ac', 'BYLEX', 'LIMIT', 0, 10],
    },
    {
      name: 'ZRANGE missing key → []',
      methods: ['zrange'],
      sdk: (r, k) => r.zrange(k('missing'), 0, -1),
      raw: (k) => ['ZRANGE', k('missing'), 0, -1],
    },
  ];
}

async function runRaw(row: Row, k: Keys): Promise<unknown> {
  const op = row.raw(k, send);
  return Array.isArray(op) ? send(op) : op;
}

describe.each([
  { variant: 'automaticDeserialization: false (raw strings)', raw: true },
  { variant: 'SDK defaults (JSON auto-deserialization)', raw: false },
])('SDK through the bridge agrees with redis-server — $variant', ({ raw }) => {
  const redis = sdkClient(!raw);

  it.each(rows)('$name', async (row) => {
    const { viaSdk, viaRaw } = namespaces();
    for (const k of [viaSdk.k, viaRaw.k]) for (const cmd of row.setup?.(k) ?? []) await send(cmd);
    const project = row.project ?? ((value: unknown) => value);

    const got = normalize(await row.sdk(redis, viaSdk.k), viaSdk.ns);
    const redisReply = normalize(await runRaw(row, viaRaw.k), viaRaw.ns);
    const want = raw ? redisReply : 'expectDefault' in row ? row.expectDefault : autoParse(redisReply);
    expect(project(got)).toEqual(project(want));

    const stateAfter = (k: Keys, ns: string) =>
      Promise.all((row.check?.(k) ?? []).map(async (cmd) => normalize(await send(cmd), ns)));
    const state = await stateAfter(viaSdk.k, viaSdk.ns);
    expect(project(state), 'state left behind').toEqual(project(await stateAfter(viaRaw.k, viaRaw.ns)));
  });
});

describe('pipelines and transactions', () => {
  const redis = sdkClient(false);
  const outcome = (p: Promise<unknown>, ns: string) =>
    p.then(
      (result) => ({ result: normalize(result, ns) }),
      (error: Error) => ({ error: error.message }),
    );

  it('pipeline: mixed commands, one failing mid-way, are reported per command', async () => {
    const { viaSdk, viaRaw } = namespaces();
    await send(['SET', viaSdk.k('text'), 'plain']);
    await send(['SET', viaRaw.k('text'), 'plain']);
    const commands = (k: Keys): Cmd[] => [
      ['SET', k('a'), UNICODE],
      ['INCR', k('n')],
      ['HGET', k('text'), 'field'],
      ['SADD', k('s'), 'x'],
      ['GET', k('a')],
    ];
    const s = viaSdk.k;
    const pipe = redis.pipeline().set(s('a'), UNICODE).incr(s('n')).hget(s('text'), 'field');
    const results = await pipe.sadd(s('s'), 'x').get(s('a')).exec({ keepErrors: true });
    const expected = await Promise.all(commands(viaRaw.k).map((cmd) => outcome(send(cmd), viaRaw.ns)));
    expect(
      results.map(({ error, result }) => (error ? { error } : { result: normalize(result, viaSdk.ns) })),
    ).toEqual(expected);

    // Without keepErrors the SDK throws, naming the failed command; the commands after it still ran.
    const again = redis.pipeline().incr(s('n')).hget(s('text'), 'field').incr(s('n'));
    await expect(again.exec()).rejects.toThrow(/Command 2 \[ hget \] failed: WRONGTYPE/);
    expect(await redis.get(s('n'))).toBe('3');
  });

  it('multi: commands run atomically and answer like MULTI/EXEC', async () => {
    const { viaSdk, viaRaw } = namespaces();
    const s = viaSdk.k;
    const r = viaRaw.k;
    const got = await redis.multi().set(s('a'), 'v').incr(s('n')).hset(s('h'), { f: '1' }).get(s('a')).exec();
    const want = await direct
      .multi()
      .addCommand(['SET', r('a'), 'v'])
      .addCommand(['INCR', r('n')])
      .addCommand(['HSET', r('h'), 'f', '1'])
      .addCommand(['GET', r('a')])
      .exec();
    expect(normalize(got, viaSdk.ns)).toEqual(normalize(want, viaRaw.ns));
  });

  it('multi: an error while executing is reported for that command only', async () => {
    const { viaSdk, viaRaw } = namespaces();
    await send(['SET', viaSdk.k('text'), 'plain']);
    await send(['SET', viaRaw.k('text'), 'plain']);
    const s = viaSdk.k;
    const got = await redis.multi().incr(s('n')).hget(s('text'), 'f').incr(s('n')).exec({ keepErrors: true });
    const r = viaRaw.k;
    const tx = direct
      .multi()
      .addCommand(['INCR', r('n')])
      .addCommand(['HGET', r('text'), 'f']);
    const replies = await tx
      .addCommand(['INCR', r('n')])
      .exec()
      .then(
        () => [],
        (error: unknown) => (error instanceof MultiErrorReply ? error.replies : [error]),
      );
    const expected = replies.map((reply) =>
      reply instanceof ErrorReply ? { error: reply.message } : { result: normalize(reply, viaRaw.ns) },
    );
    expect(got.map(({ error, result }) => (error ? { error } : { result }))).toEqual(expected);
  });

  it('multi: a command refused while queuing aborts the whole transaction', async () => {
    const { viaSdk, viaRaw } = namespaces();
    // DEL without keys fails Redis' arity check when queued: nothing of the transaction may run.
    await expect(redis.multi().set(viaSdk.k('a'), 'v').del().exec()).rejects.toThrow(/EXECABORT/);
    const viaRedis = direct
      .multi()
      .addCommand(['SET', viaRaw.k('a'), 'v'])
      .addCommand(['DEL'])
      .exec();
    await expect(viaRedis).rejects.toThrow(/wrong number of arguments/);
    expect(await send(['EXISTS', viaSdk.k('a')])).toBe(0);
    expect(await send(['EXISTS', viaRaw.k('a')])).toBe(0);
  });

  it('multi: concurrent transactions never interleave on the shared connection', async () => {
    const { viaSdk } = namespaces();
    const key = viaSdk.k('n');
    const runs = await Promise.all(
      Array.from({ length: 40 }, () => redis.multi().incr(key).incr(key).get(key).exec()),
    );
    for (const [first, second, read] of runs) {
      expect(second).toBe(Number(first) + 1);
      expect(read).toBe(String(second));
    }
  });
});

describe('values', () => {
  const redis = sdkClient(true);

  it('unicode, NUL and emoji round-trip byte for byte', async () => {
    const { viaSdk } = namespaces();
    await redis.set(viaSdk.k('u'), UNICODE);
    expect(await send(['GET', viaSdk.k('u')])).toEqual(Buffer.from(UNICODE, 'utf8'));
    expect(await redis.get(viaSdk.k('u'))).toBe(UNICODE);
  });

  it('arbitrary bytes come back as base64 of the exact bytes', async () => {
    const { viaSdk } = namespaces();
    const bytes = Buffer.from([0xff, 0x00, 0xfe, 0x80, 0xc3, 0x28, 0x0a, 0x0d]);
    await direct.sendCommand(['SET', viaSdk.k('b'), bytes]);
    const response = await post('/', ['GET', viaSdk.k('b')], { 'upstash-encoding': 'base64' });
    expect(await response.json()).toEqual({ result: bytes.toString('base64') });
  });

  it('a ~1 MB value round-trips', async () => {
    const { viaSdk } = namespaces();
    const big = `${'€ 漢字 🚀 '.repeat(70_000)}end`;
    expect(Buffer.byteLength(big)).toBeGreaterThan(1_000_000);
    await redis.set(viaSdk.k('big'), big);
    expect(await send(['STRLEN', viaSdk.k('big')])).toBe(Buffer.byteLength(big));
    expect(await redis.get(viaSdk.k('big'))).toBe(big);
  });
});

describe('HTTP surface of the bridge', () => {
  it('globalSetup hands the store to test workers through env vars too', () => {
    expect(process.env.UPSTASH_REDIS_REST_URL).toBe(store.url);
    expect(process.env.UPSTASH_REDIS_REST_TOKEN).toBe(store.token);
    expect(process.env.TEST_REDIS_URL).toBe(store.redisUrl);
  });

  it('without Upstash-Encoding, results are plain JSON strings', async () => {
    const { viaSdk } = namespaces();
    const set = await post('/', ['SET', viaSdk.k('a'), UNICODE]);
    expect(await set.json()).toEqual({ result: 'OK' });
    expect(await (await post('/', ['GET', viaSdk.k('a')])).json()).toEqual({ result: UNICODE });
  });

  it('with base64 encoding, only a top-level "OK" stays plain; other status replies are encoded', async () => {
    const { viaSdk } = namespaces();
    const b64 = { 'upstash-encoding': 'base64' };
    expect(await (await post('/', ['SET', viaSdk.k('a'), 'OK'], b64)).json()).toEqual({ result: 'OK' });
    const type = await post('/', ['TYPE', viaSdk.k('a')], b64);
    expect(await type.json()).toEqual({ result: Buffer.from('string').toString('base64') });
    const get = await post('/', ['GET', viaSdk.k('a')], b64);
    expect(await get.json()).toEqual({ result: Buffer.from('OK').toString('base64') });
  });

  it('a Redis error is a 400 with the Redis message', async () => {
    const response = await post('/', ['NOSUCHCOMMAND']);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.stringMatching(/^ERR unknown command/) });
  });

  it('refuses commands that would break the shared connection', async () => {
    const response = await post('/', ['MULTI']);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.stringContaining('MULTI') });
  });

  it("accepts Upstash's own script flag (allow-key-locking), by EVAL and then by EVALSHA", async () => {
    const client = sdkClient(false);
    const script = `#!lua flags=allow-key-locking,no-writes\nreturn {KEYS[1], ARGV[1]}`;
    const key = `t:${randomUUID()}:flags`;
    expect(await client.eval(script, [key], ['a'])).toEqual([key, 'a']);
    // The hash the client computed for the script as it sent it still finds it.
    expect(await client.evalsha(sha1(script), [key], ['b'])).toEqual([key, 'b']);
  });

  it('a wrong token makes the SDK throw', async () => {
    const intruder = new Redis({ url: store.url, token: 'wrong', retry: false });
    await expect(intruder.get('anything')).rejects.toThrow(/Unauthorized/);
  });

  it('a missing token is a 401', async () => {
    const response = await fetch(store.url, { method: 'POST', body: '["PING"]' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Unauthorized' });
  });

  it('malformed JSON and non-array bodies are a 400 with an error', async () => {
    const malformed = await post('/', '["SET", "k"');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: expect.stringContaining('JSON') });
    const notArray = await post('/pipeline', { cmd: 'GET' });
    expect(notArray.status).toBe(400);
    expect(await notArray.json()).toEqual({ error: expect.stringContaining('array') });
  });

  it('anything but POST is a 405', async () => {
    const response = await fetch(store.url, { headers: { authorization: `Bearer ${store.token}` } });
    expect(response.status).toBe(405);
    expect(await response.json()).toHaveProperty('error');
  });
});

function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(store.url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${store.token}`, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

// GUARD: product code may only use SDK commands that the table above proves work on the bridge.
describe('guard: every SDK command used in functions/ is in the contract table', () => {
  // Plumbing rather than Redis commands; pipeline, multi and exec are tested above.
  const PLUMBING = new Set([
    'use',
    'addTelemetry',
    'autoPipeline',
    'pipeline',
    'multi',
    'exec',
    'chain',
    'length',
  ]);
  const sdkCommands = sdkMethodNames();
  const covered = new Set(rows.flatMap((row) => row.methods));

  it('the table only names real SDK methods', () => {
    expect([...covered].filter((name) => !sdkCommands.has(name))).toEqual([]);
  });

  it('finds SDK calls in source, without mistaking built-ins for them', () => {
    const source = [
      'await redis.zunionstore(k, 2, [a, b]);',
      'const p = store.pipeline()\n  .hincrby(k, "f", 1);',
      'Object.keys(x); headers.append("a", "b"); map.get(k); console.time("t");',
      'await kv.keys("*");',
    ].join('\n');
    expect(findSdkCalls(source, sdkCommands)).toEqual(['hincrby', 'keys', 'pipeline', 'zunionstore']);
  });

  it('functions/ uses no uncovered command', () => {
    const root = fileURLToPath(new URL('../../functions/', import.meta.url));
    const files = (readdirSync(root, { recursive: true }) as string[]).filter(
      (file) => file.endsWith('.ts') && !/(^|[/\\])(__tests__|tests?)[/\\]|\.test\.ts$/.test(file),
    );
    const uncovered = files.flatMap((file) =>
      findSdkCalls(readFileSync(join(root, file), 'utf8'), sdkCommands)
        .filter((name) => !covered.has(name) && !PLUMBING.has(name))
        .map((name) => `${name} (functions/${file})`),
    );
    expect(uncovered, 'add a row for each of these to tests/store/bridge-contract.test.ts').toEqual([]);
  });
});

/** Command methods of the SDK's Redis and Pipeline classes (own fields and prototype methods). */
function sdkMethodNames(): Set<string> {
  const client = new Redis({ url: 'http://127.0.0.1:9', token: 'unused', enableAutoPipelining: false });
  const names = new Set<string>();
  for (const target of [client, client.pipeline()]) {
    for (let o: object | null = target; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
      for (const name of Object.getOwnPropertyNames(o)) {
        const value = Object.getOwnPropertyDescriptor(o, name)?.value;
        if (typeof value === 'function' && name !== 'constructor') names.add(name);
      }
    }
  }
  return names;
}

// Names that built-ins also have (map.get, Object.keys, headers.append, regex.exec, console.time...)
// only count when the receiver looks like a Redis handle.
const BUILTIN_NAMES = new Set(
  [Array.prototype, Map.prototype, Set.prototype, String.prototype, RegExp.prototype, Object, console]
    .concat([Headers.prototype, URLSearchParams.prototype, FormData.prototype, Promise.prototype])
    .flatMap((o) => Object.getOwnPropertyNames(o)),
);
const REDIS_HANDLE = /redis|store|^kv$|pipe|multi|^tx$|^trans|batch/i;

function findSdkCalls(source: string, sdkCommands: Set<string>): string[] {
  const found = new Set<string>();
  for (const match of source.matchAll(/([\w$]*)\s*\??\.\s*([A-Za-z_$][\w$]*)\s*(?:<[^<>()]*>)?\(/g)) {
    const [, receiver = '', name = ''] = match;
    if (!sdkCommands.has(name)) continue;
    if (BUILTIN_NAMES.has(name) && !REDIS_HANDLE.test(receiver)) continue;
    found.add(name);
  }
  return [...found].sort();
}
