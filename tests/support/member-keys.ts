import { createClient } from 'redis';
import { membershipKey } from '../../functions/_lib/billing/membership.ts';

/**
 * A full dump of one member's keys, read straight from Redis (not through the product's store):
 * every `u:{sub}:*` key with its type and value, plus the per-member billing and identity keys.
 * Two dumps are equal exactly when nothing of the member's changed.
 */
let client: ReturnType<typeof createClient> | undefined;
async function redis() {
  if (!client) {
    const url = process.env.TEST_REDIS_URL;
    if (!url) throw new Error('TEST_REDIS_URL is not set: run the tests through Vitest (global setup)');
    client = createClient({ url });
    await client.connect();
  }
  return client;
}

export async function closeKeyDump(): Promise<void> {
  await client?.quit();
  client = undefined;
}

export type KeyDump = Record<string, { type: string; value: unknown }>;

/**
 * `known`: read only these keys (and the per-member ones), skipping the SCAN. The SCAN walks the
 * whole shared keyspace, so a suite checking after every request compares the keys it knows and
 * SCANs at the end of each batch for a key that appeared.
 */
export async function dumpMember(sub: string, known?: readonly string[]): Promise<KeyDump> {
  const r = await redis();
  const keys = new Set([
    membershipKey(sub),
    `billing:customer-of:${sub}`,
    `idp:user:${sub}`,
    ...(known ?? []),
  ]);
  // SCAN with MATCH: any key under the member's namespace, also one no index points to.
  if (!known)
    for await (const batch of r.scanIterator({ MATCH: `u:${escapeGlob(sub)}:*`, COUNT: 5000 })) {
      for (const key of batch) keys.add(key);
    }
  // Concurrent commands on one connection go out as one pipeline.
  const sorted = [...keys].sort();
  const types = await Promise.all(sorted.map((key) => r.type(key)));
  const values = await Promise.all(sorted.map((key, i) => read(r, key, types[i] as string)));
  const dump: KeyDump = {};
  sorted.forEach((key, i) => {
    if (types[i] !== 'none') dump[key] = { type: types[i] as string, value: values[i] };
  });
  return dump;
}

async function read(r: NonNullable<typeof client>, key: string, type: string): Promise<unknown> {
  switch (type) {
    case 'string':
      return r.get(key);
    case 'hash':
      return r.hGetAll(key);
    case 'set':
      return (await r.sMembers(key)).sort();
    case 'zset':
      return r.zRangeWithScores(key, 0, -1);
    case 'list':
      return r.lRange(key, 0, -1);
    case 'none':
      return null;
    default:
      return `(${type})`;
  }
}

const escapeGlob = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');

/**
 * Text the store must never hold: NUL, unpaired surrogates, and U+FFFD (what an unpaired surrogate
 * becomes on its way through UTF-8: the text was mangled, not refused). Answers where, or null.
 */
export function unsafeText(dump: KeyDump): string | null {
  for (const [key, { value }] of Object.entries(dump)) {
    for (const text of [key, ...strings(value)]) {
      if (text.includes('\0') || text.includes('\uFFFD') || !isWellFormed(text))
        return `${key}: ${JSON.stringify(text).slice(0, 200)}`;
    }
  }
  return null;
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => [k, ...strings(v)]);
  return [];
}

const isWellFormed = (text: string) => (text as string & { isWellFormed(): boolean }).isWellFormed();

// ARGV: the SCAN cursor, then the texts looked for. → { next cursor, key, text found, key, … }: the
// keys of one SCAN batch whose name or value (every field, element and member) holds a text.
const HOLDING = `local reply = redis.call('SCAN', ARGV[1], 'COUNT', 1000)
local found = {}
for _, key in ipairs(reply[2]) do
  local kind = redis.call('TYPE', key).ok
  local parts = {key}
  local function add(values) for _, v in ipairs(values) do parts[#parts + 1] = v end end
  if kind == 'string' then add({redis.call('GET', key)})
  elseif kind == 'hash' then add(redis.call('HGETALL', key))
  elseif kind == 'list' then add(redis.call('LRANGE', key, 0, -1))
  elseif kind == 'set' then add(redis.call('SMEMBERS', key))
  elseif kind == 'zset' then add(redis.call('ZRANGE', key, 0, -1)) end
  local text = table.concat(parts, '\\n')
  for i = 2, #ARGV do
    if string.find(text, ARGV[i], 1, true) then
      found[#found + 1] = key
      found[#found + 1] = ARGV[i]
      break
    end
  end
end
return {reply[1], found}`;

/**
 * Every key in the whole store whose name or value holds one of `texts` (exact, case-sensitive),
 * with the text it holds: the proof that nothing names a deleted member. The values are read inside
 * Redis, a SCAN batch a call, so only what is found comes back.
 */
export async function keysHolding(texts: readonly string[]): Promise<Record<string, string>> {
  const r = await redis();
  const found: Record<string, string> = {};
  let cursor = '0';
  do {
    const [next, hits] = (await r.eval(HOLDING, { arguments: [cursor, ...texts] })) as [string, string[]];
    for (let i = 0; i + 1 < hits.length; i += 2) found[hits[i] as string] = hits[i + 1] as string;
    cursor = String(next);
  } while (cursor !== '0');
  return found;
}
