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
